#include "game/tafl/rules.h"

#include <yaml-cpp/yaml.h>

#include "game/base/config.h"
#include "game/base/error.h"

namespace tz::tafl {

std::string squareName(int square, int size) {
  return std::string(1, char('a' + square % size)) + std::to_string(square / size + 1);
}

int parseSquare(const std::string& name, int size) {
  if (name.size() < 2 || name.size() > 3) return -1;
  int file = name[0] - 'a';
  int rank = 0;
  for (size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return -1;
    rank = rank * 10 + (name[i] - '0');
  }
  if (file < 0 || file >= size || rank < 1 || rank > size || name[1] == '0') return -1;
  return (rank - 1) * size + file;
}

namespace {

std::vector<int> parseSquares(ConfigReader& r, const std::string& key, const YAML::Node& list, int size) {
  std::vector<int> out;
  if (!list.IsSequence()) throw ConfigError(r.file(), r.path(key), "a list of squares like [a1, b2]");
  for (const auto& item : list) {
    int sq = item.IsScalar() ? parseSquare(item.as<std::string>(), size) : -1;
    if (sq < 0) {
      throw ConfigError(r.file(), r.path(key),
                        "squares on a " + std::to_string(size) + "x" + std::to_string(size) +
                            " board (a1.." + squareName(size * size - 1, size) + ")");
    }
    out.push_back(sq);
  }
  return out;
}

const std::vector<std::string> kHostilityWhen{"never", "empty", "always"};

// Reads the rules a fields list visits (Rules::fields) from a rules file's map: each
// absent key keeps its default, a group is a nested map whose unknown keys are refused.
class RulesReader {
 public:
  // Reads from `r`; squares lie on a board of `size` (read before any square).
  RulesReader(ConfigReader& r, const int& size) : r_(r), size_(size) {}

  template <class T>
  void number(const char* key, T& value, int lo, int hi) {
    value = r_.getInt(key, value, lo, hi);
  }
  void text(const char* key, std::string& value) { value = r_.getString(key, value); }
  void flag(const char* key, bool& value) { value = r_.getBool(key, value); }
  template <class E>
  void choice(const char* key, E& value, const ChoiceNames<E>& names) {
    std::vector<std::string> choices;
    const char* current = nullptr;
    for (const auto& [v, name] : names) {
      choices.push_back(name);
      if (v == value) current = name;
    }
    const std::string chosen = r_.getChoice(key, current ? current : choices.front(), choices);
    for (const auto& [v, name] : names) {
      if (chosen == name) value = v;
    }
  }
  template <class F>
  void group(const char* key, F&& visit) {
    ConfigReader child = r_.child(key);
    RulesReader reader(child, size_);
    visit(reader);
    child.finish();
  }
  template <class F>
  void optional(bool, F&& visit) {
    visit(*this);
  }
  // edge | corners | attacker_start, or a list of squares.
  void escape(const char* key, std::string& kind, std::vector<int>& list) {
    const YAML::Node esc = r_.raw(key);
    const std::string word = esc && esc.IsScalar() ? esc.as<std::string>() : "";
    if (!esc || word == "edge" || word == "corners" || word == "attacker_start") {
      kind = esc ? word : "edge";
    } else if (esc.IsSequence()) {
      kind = "squares";
      list = parseSquares(r_, key, esc, size_);
    } else {
      throw ConfigError(r_.file(), r_.path(key), "one of edge | corners | attacker_start, or a list of squares");
    }
  }
  // `default` (the board's own corners, also when absent) or a list of squares.
  void corners(const char* key, std::vector<int>& squares) {
    const YAML::Node cs = r_.raw(key);
    const int n = size_;
    if (!cs || (cs.IsScalar() && cs.as<std::string>() == "default")) {
      squares = {0, n - 1, n * (n - 1), n * n - 1};
    } else {
      squares = parseSquares(r_, key, cs, n);
    }
  }
  // A list of camps, each a list of squares; at most 16.
  void camps(const char* key, std::vector<std::vector<int>>& camps) {
    const YAML::Node list = r_.raw(key);
    if (!list) return;
    if (!list.IsSequence()) throw ConfigError(r_.file(), r_.path(key), "a list of camps, each a list of squares");
    for (const auto& camp : list) camps.push_back(parseSquares(r_, key, camp, size_));
    if (camps.size() > 16) throw ConfigError(r_.file(), r_.path(key), "at most 16 camps");
  }
  // never | empty | always, or {when: ..., squares: [...]}.
  void hostility(const char* key, Hostility& h) {
    const YAML::Node n = r_.raw(key);
    if (!n) return;
    if (n.IsScalar()) {
      h.when = when(n.as<std::string>(), r_.path(key));
      return;
    }
    ConfigReader sub(n, r_.file(), r_.path(key) + ".");
    h.when = when(sub.getChoice("when", "always", kHostilityWhen), sub.path("when"));
    h.only = parseSquares(sub, "squares", sub.raw("squares"), size_);
    sub.finish();
  }

 private:
  Hostility::When when(const std::string& word, const std::string& path) const {
    for (size_t i = 0; i < kHostilityWhen.size(); ++i) {
      if (word == kHostilityWhen[i]) return Hostility::When(i);
    }
    throw ConfigError(r_.file(), path, "one of never | empty | always, got " + quoted(word));
  }
  ConfigReader& r_;
  const int& size_;
};

// Writes the rules a fields list visits (Rules::fields) as YAML text: one line a top-level
// key, a group of values in flow style ({a: x, b: y}), a group of groups as a block.
class RulesWriter {
 public:
  // Squares are named on a board of `size`.
  explicit RulesWriter(int size) : size_(size) {}

  template <class T>
  void number(const char* key, const T& value, int, int) {
    add(key, std::to_string(value));
  }
  void text(const char* key, const std::string& value) { add(key, value); }
  void flag(const char* key, const bool& value) { add(key, value ? "true" : "false"); }
  template <class E>
  void choice(const char* key, const E& value, const ChoiceNames<E>& names) {
    for (const auto& [v, name] : names) {
      if (v == value) add(key, name);
    }
  }
  template <class F>
  void group(const char* key, F&& visit) {
    RulesWriter child(size_);
    visit(child);
    entries_.push_back({key, "", std::move(child.entries_)});
  }
  template <class F>
  void optional(bool set, F&& visit) {
    if (set) visit(*this);
  }
  void escape(const char* key, const std::string& kind, const std::vector<int>& list) {
    add(key, kind == "squares" ? squares(list) : kind);
  }
  void corners(const char* key, const std::vector<int>& list) { add(key, squares(list)); }
  void camps(const char* key, const std::vector<std::vector<int>>& camps) {
    std::string out = "[";
    for (size_t i = 0; i < camps.size(); ++i) out += (i ? ", " : "") + squares(camps[i]);
    add(key, out + "]");
  }
  void hostility(const char* key, const Hostility& h) {
    const std::string when = kHostilityWhen[size_t(h.when)];
    add(key, h.only.empty() ? when : "{when: " + when + ", squares: " + squares(h.only) + "}");
  }

  // The text: every entry on its own line, groups of groups as indented blocks.
  std::string text() const { return block(entries_, ""); }

 private:
  struct Entry {
    std::string key;
    std::string value;            // a value's text (empty for a group)
    std::vector<Entry> members;   // a group's entries
  };
  void add(const char* key, std::string value) { entries_.push_back({key, std::move(value), {}}); }
  std::string squares(const std::vector<int>& list) const {
    std::string out = "[";
    for (size_t i = 0; i < list.size(); ++i) out += (i ? ", " : "") + squareName(list[i], size_);
    return out + "]";
  }
  static bool holdsGroups(const Entry& e) {
    for (const Entry& m : e.members) {
      if (!m.members.empty()) return true;
    }
    return false;
  }
  static std::string flow(const Entry& e) {
    if (e.members.empty()) return e.value;
    std::string out = "{";
    for (size_t i = 0; i < e.members.size(); ++i) out += (i ? ", " : "") + e.members[i].key + ": " + flow(e.members[i]);
    return out + "}";
  }
  static std::string block(const std::vector<Entry>& entries, const std::string& indent) {
    std::string out;
    for (const Entry& e : entries) {
      out += indent + e.key + ":";
      out += holdsGroups(e) ? "\n" + block(e.members, indent + "  ") : " " + flow(e) + "\n";
    }
    return out;
  }
  int size_;
  std::vector<Entry> entries_;
};

}  // namespace

Rules rulesFromYaml(const YAML::Node& node, const std::string& file, const std::string& name) {
  ConfigReader r(node, file);
  Rules rules;
  rules.name = name;
  r.getChoice("game", "tafl", {"tafl"});
  r.getString("description", "");
  RulesReader reader(r, rules.size);
  Rules::fields(rules, reader);
  if (rules.size % 2 == 0) throw ConfigError(file, "size", "an odd board size in [7, 19]");
  if (rules.setup.empty()) throw ConfigError(file, "setup", "a position record such as /3ttt3/.../");
  r.finish();
  return rules;
}

std::string rulesToYaml(const Rules& rules) {
  RulesWriter writer(rules.size);
  Rules::fields(rules, writer);
  return "game: tafl\n" + writer.text();
}

}  // namespace tz::tafl
