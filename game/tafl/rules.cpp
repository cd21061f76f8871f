#include "game/tafl/rules.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <sstream>

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

const std::vector<std::string> kWhoChoices{"all", "king", "nobody"};

Who parseWho(const std::string& s) {
  return s == "all" ? Who::kAll : s == "king" ? Who::kKing : Who::kNobody;
}

const char* whoName(Who w) { return w == Who::kAll ? "all" : w == Who::kKing ? "king" : "nobody"; }

std::vector<int> parseSquares(ConfigReader& r, const std::string& key, const YAML::Node& list,
                              int size) {
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

// One entry of the hostile table: never / empty / always, or {when: ..., squares: [...]}.
Hostility parseHostility(ConfigReader& r, const std::string& key, int size) {
  YAML::Node n = r.raw(key);
  Hostility h;
  if (!n) return h;
  auto when = [&](const std::string& s, const std::string& k) {
    if (s == "never") return Hostility::kNever;
    if (s == "empty") return Hostility::kEmpty;
    if (s == "always") return Hostility::kAlways;
    throw ConfigError(r.file(), r.path(k), "one of never | empty | always, got " + quoted(s));
  };
  if (n.IsScalar()) {
    h.when = when(n.as<std::string>(), key);
    return h;
  }
  ConfigReader sub(n, r.file(), r.path(key) + ".");
  h.when = when(sub.getChoice("when", "always", {"never", "empty", "always"}), key + ".when");
  h.only = parseSquares(sub, "squares", sub.raw("squares"), size);
  sub.finish();
  return h;
}

void parseHostileKind(ConfigReader& r, std::array<Hostility, 3>& out, int size) {
  out[kVictimAttacker] = parseHostility(r, "attackers", size);
  out[kVictimDefender] = parseHostility(r, "defenders", size);
  out[kVictimKing] = parseHostility(r, "king", size);
  r.finish();
}

std::string squaresYaml(const std::vector<int>& squares, int size) {
  std::string out = "[";
  for (size_t i = 0; i < squares.size(); ++i) out += (i ? ", " : "") + squareName(squares[i], size);
  return out + "]";
}

std::string hostilityYaml(const Hostility& h, int size) {
  const char* when = h.when == Hostility::kNever ? "never" : h.when == Hostility::kEmpty ? "empty" : "always";
  if (h.only.empty()) return when;
  return std::string("{when: ") + when + ", squares: " + squaresYaml(h.only, size) + "}";
}

void readKing(ConfigReader& r, Rules& rules) {
  ConfigReader king = r.child("king");
  rules.kingArmed = king.getBool("armed", true);
  std::string cap = king.getChoice("capture", "strong", {"strong", "weak", "weak_off_throne"});
  rules.kingCapture = cap == "strong" ? KingCapture::kStrong
                      : cap == "weak" ? KingCapture::kWeak
                                      : KingCapture::kWeakOffThrone;
  rules.kingEdgeHostile = king.getBool("edge_hostile", false);
  king.finish();
}

void readEscape(ConfigReader& r, Rules& rules) {
  YAML::Node esc = r.raw("escape");
  if (!esc || (esc.IsScalar() && esc.as<std::string>() == "edge")) {
    rules.escapeKind = "edge";
  } else if (esc.IsScalar() && (esc.as<std::string>() == "corners" ||
                                esc.as<std::string>() == "attacker_start")) {
    rules.escapeKind = esc.as<std::string>();
  } else if (esc.IsSequence()) {
    rules.escapeKind = "squares";
    rules.escapeList = parseSquares(r, "escape", esc, rules.size);
  } else {
    throw ConfigError(r.file(), "escape", "one of edge | corners | attacker_start, or a list of squares");
  }
}

// The special squares: throne, corners, camps, and when each is hostile to whom.
void readSquares(ConfigReader& r, Rules& rules) {
  const int n = rules.size;
  ConfigReader throne = r.child("throne");
  rules.throneStop = parseWho(throne.getChoice("stop", "king", kWhoChoices));
  rules.thronePass = parseWho(throne.getChoice("pass", "all", kWhoChoices));
  rules.kingReenter = throne.getBool("king_reenter", true);
  throne.finish();

  ConfigReader corners = r.child("corners");
  YAML::Node cs = corners.raw("squares");
  if (!cs || (cs.IsScalar() && cs.as<std::string>() == "default")) {
    rules.corners = {0, n - 1, n * (n - 1), n * n - 1};
  } else {
    rules.corners = parseSquares(corners, "squares", cs, n);
  }
  rules.cornersStop = parseWho(corners.getChoice("stop", "all", {"all", "king"}));
  corners.finish();

  YAML::Node camps = r.raw("camps");
  if (camps) {
    if (!camps.IsSequence()) throw ConfigError(r.file(), "camps", "a list of camps, each a list of squares");
    for (const auto& camp : camps) rules.camps.push_back(parseSquares(r, "camps", camp, n));
    if (rules.camps.size() > 16) throw ConfigError(r.file(), "camps", "at most 16 camps");
  }

  ConfigReader hostile = r.child("hostile");
  ConfigReader hThrone = hostile.child("throne");
  parseHostileKind(hThrone, rules.throneHostile, n);
  ConfigReader hCorners = hostile.child("corners");
  parseHostileKind(hCorners, rules.cornerHostile, n);
  ConfigReader hCamps = hostile.child("camps");
  parseHostileKind(hCamps, rules.campHostile, n);
  hostile.finish();
}

// The edge rules of Copenhagen: shieldwall captures and edge forts (docs/RULES.md 4.5, 6.8).
void readEdgeRules(ConfigReader& r, Rules& rules) {
  ConfigReader wall = r.child("shieldwall");
  rules.shieldwall = wall.getBool("enabled", false);
  rules.shieldwallCorners = wall.getBool("corner_bracket", true);
  wall.finish();
  rules.edgeFort = r.getBool("edge_fort", false);
}

void readRepetition(ConfigReader& r, Rules& rules) {
  ConfigReader rep = r.child("repetition");
  std::string rule = rep.getChoice("rule", "draw", {"none", "draw", "loss_defenders", "loss_mover", "forbidden"});
  rules.repetition = rule == "none"             ? Repetition::kNone
                     : rule == "draw"           ? Repetition::kDraw
                     : rule == "loss_defenders" ? Repetition::kLossDefenders
                     : rule == "loss_mover"     ? Repetition::kLossMover
                                                : Repetition::kForbidden;
  rules.repetitionCount = rep.getInt("count", 3, 2, 100);
  rules.repetitionCountsStart = rep.getBool("count_start", true);
  rep.finish();
}

}  // namespace

Rules rulesFromYaml(const YAML::Node& node, const std::string& file, const std::string& name) {
  ConfigReader r(node, file);
  Rules rules;
  rules.name = name;
  r.getChoice("game", "tafl", {"tafl"});
  r.getString("description", "");
  rules.size = r.getInt("size", 9, 7, 19);
  if (rules.size % 2 == 0) throw ConfigError(file, "size", "an odd board size in [7, 19]");
  rules.setup = r.getString("setup", "");
  if (rules.setup.empty()) throw ConfigError(file, "setup", "a position record such as /3ttt3/.../");
  rules.first = r.getChoice("first", "defenders", {"attackers", "defenders"}) == "attackers"
                    ? kAttackers
                    : kDefenders;
  readKing(r, rules);
  readEscape(r, rules);
  readSquares(r, rules);
  rules.attackersReturnToEdge = r.getBool("attackers_return_to_edge", true);
  rules.encirclement = r.getBool("encirclement", false);
  readEdgeRules(r, rules);
  readRepetition(r, rules);
  rules.plyLimit = r.getInt("ply_limit", 300, 1, 100000);
  r.finish();
  return rules;
}

std::string rulesToYaml(const Rules& r) {
  const int n = r.size;
  auto b = [](bool v) { return v ? "true" : "false"; };
  const char* cap = r.kingCapture == KingCapture::kStrong ? "strong"
                    : r.kingCapture == KingCapture::kWeak ? "weak"
                                                          : "weak_off_throne";
  const char* rep = r.repetition == Repetition::kNone            ? "none"
                    : r.repetition == Repetition::kDraw          ? "draw"
                    : r.repetition == Repetition::kLossDefenders ? "loss_defenders"
                    : r.repetition == Repetition::kLossMover     ? "loss_mover"
                                                                 : "forbidden";
  std::ostringstream o;
  o << "game: tafl\n";
  o << "size: " << n << "\n";
  o << "setup: " << r.setup << "\n";
  o << "first: " << (r.first == kAttackers ? "attackers" : "defenders") << "\n";
  o << "king: {armed: " << b(r.kingArmed) << ", capture: " << cap
    << ", edge_hostile: " << b(r.kingEdgeHostile) << "}\n";
  o << "escape: " << (r.escapeKind == "squares" ? squaresYaml(r.escapeList, n) : r.escapeKind) << "\n";
  o << "throne: {stop: " << whoName(r.throneStop) << ", pass: " << whoName(r.thronePass)
    << ", king_reenter: " << b(r.kingReenter) << "}\n";
  o << "corners: {squares: " << squaresYaml(r.corners, n) << ", stop: " << whoName(r.cornersStop) << "}\n";
  o << "camps: [";
  for (size_t i = 0; i < r.camps.size(); ++i) o << (i ? ", " : "") << squaresYaml(r.camps[i], n);
  o << "]\n";
  o << "hostile:\n";
  const std::pair<const char*, const std::array<Hostility, 3>*> kinds[] = {
      {"throne", &r.throneHostile}, {"corners", &r.cornerHostile}, {"camps", &r.campHostile}};
  for (const auto& [kind, table] : kinds) {
    o << "  " << kind << ": {attackers: " << hostilityYaml((*table)[kVictimAttacker], n)
      << ", defenders: " << hostilityYaml((*table)[kVictimDefender], n)
      << ", king: " << hostilityYaml((*table)[kVictimKing], n) << "}\n";
  }
  o << "attackers_return_to_edge: " << b(r.attackersReturnToEdge) << "\n";
  o << "encirclement: " << b(r.encirclement) << "\n";
  // Written only when set, so that the rules of variants without them read as before.
  if (r.shieldwall || !r.shieldwallCorners) {
    o << "shieldwall: {enabled: " << b(r.shieldwall) << ", corner_bracket: " << b(r.shieldwallCorners) << "}\n";
  }
  if (r.edgeFort) o << "edge_fort: true\n";
  o << "repetition: {rule: " << rep << ", count: " << r.repetitionCount
    << ", count_start: " << b(r.repetitionCountsStart) << "}\n";
  o << "ply_limit: " << r.plyLimit << "\n";
  return o.str();
}

}  // namespace tz::tafl
