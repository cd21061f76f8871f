#include "training/matches/game_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <unordered_map>

#include "training/matches/digest.h"
#include "game/base/error.h"
#include "game/base/json_text.h"
#include "game/base/user_files.h"
#include "game/registry.h"
#include "training/matches/arena.h"
#include "training/matches/gzip_text.h"
#include "training/matches/text_lines.h"

namespace tz {

namespace {

using nlohmann::json;

const std::set<std::string> kGameKeys = {"tag",     "round",  "settings", "rules", "players",
                                         "result",  "reason", "moves",    "start", "start_side"};
// The keys version 2 adds to a game line.
const std::set<std::string> kServerGameKeys = {"boards"};
const std::set<std::string> kRulesKeys = {"rules", "variant", "yaml"};

// True when `path` names a gzip-compressed games file (it ends in ".gz").
bool isGzipPath(const std::string& path) { return path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0; }

// "draw" or the winning side's name.
std::string resultName(const Game& game, int winner) { return winner < 0 ? "draw" : game.sideName(winner); }

// The games file's lines are read through this, which names the file and line in every error.
class LineReader {
 public:
  LineReader(const std::string& path, int line, json value) : path_(path), line_(line), value_(std::move(value)) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw Error("games file " + path_ + " line " + std::to_string(line_) + ": " + what);
  }
  // Refuses a key not in `keys`.
  void onlyKeys(const std::set<std::string>& keys) const {
    for (const auto& [key, v] : value_.items()) {
      (void)v;
      if (!keys.count(key)) fail("unknown key " + quoted(key));
    }
  }
  bool isObject() const { return value_.is_object(); }
  bool has(const std::string& key) const { return value_.contains(key); }
  std::string text(const std::string& key) const {
    if (!has(key)) fail("missing key '" + key + "'");
    if (!value_[key].is_string()) fail("'" + key + "' must be a string");
    return value_[key].get<std::string>();
  }
  int integer(const std::string& key, int lo, int hi) const {
    if (!has(key)) fail("missing key '" + key + "'");
    const json& v = value_[key];
    if (!v.is_number_integer() || v.get<int64_t>() < lo || v.get<int64_t>() > hi) {
      fail("'" + key + "' must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    }
    return int(v.get<int64_t>());
  }
  std::vector<std::string> strings(const std::string& key) const {
    const json& v = value_[key];
    if (!v.is_array() || !std::all_of(v.begin(), v.end(), [](const json& e) { return e.is_string(); })) {
      fail("'" + key + "' must be a list of strings");
    }
    return v.get<std::vector<std::string>>();
  }
  std::vector<std::string> pair(const std::string& key) const {
    if (!has(key)) fail("missing key '" + key + "'");
    const json& v = value_[key];
    if (!v.is_array() || v.size() != 2 || !v[0].is_string() || !v[1].is_string()) fail("'" + key + "' must be two strings");
    return {v[0].get<std::string>(), v[1].get<std::string>()};
  }

 private:
  const std::string& path_;
  int line_;
  json value_;
};

// The games of one rule set, built once per file.
struct FileRules {
  std::string yaml;
  std::unique_ptr<Game> game;
};

// Reads a games file a line at a time, keeping only what later lines need: the rules given so
// far and the line of each tag and round seen.
class GameFileParser {
 public:
  explicit GameFileParser(const std::string& path) : path_(path) {}

  // Reads the next line; calls `visit` when it is a game.
  void line(const std::string& text, const GameVisitor& visit);
  // Throws Error when the file held no line.
  void finish() const {
    if (number_ == 0) throw Error("games file " + path_ + " is empty (its first line names the format)");
  }

 private:
  const std::string& path_;
  std::map<std::string, FileRules> rules_;                              // by rules hash
  std::unordered_map<std::string, std::unordered_map<int, int>> seen_;  // tag -> round -> line
  FiledGame filed_;                                                     // the game being read
  int number_ = 0, version_ = 0;

  void rulesLine(const LineReader& line);
};

void GameFileParser::rulesLine(const LineReader& line) {
  line.onlyKeys(kRulesKeys);
  const std::string hash = line.text("rules"), yaml = line.text("yaml"), variant = line.text("variant");
  if (rulesHash(yaml) != hash) line.fail("the rules text's hash is " + rulesHash(yaml) + ", not " + quoted(hash));
  if (rules_.count(hash)) line.fail("rules " + hash + " given twice");
  try {
    rules_[hash] = {yaml, gameFromYamlText(yaml, variant, "rules " + hash)};
  } catch (const Error& e) {
    line.fail(e.what());
  }
}

void GameFileParser::line(const std::string& text, const GameVisitor& visit) {
  ++number_;
  json value;
  try {
    value = parseJsonText(text, "");
  } catch (const Error& e) {
    LineReader(path_, number_, json()).fail(e.what());
  }
  const LineReader line(path_, number_, std::move(value));
  if (!line.isObject()) line.fail("not a JSON object");
  if (number_ == 1) {
    line.onlyKeys({"taflzero_games"});
    version_ = line.integer("taflzero_games", 1, kGameFileVersion);
    return;
  }
  if (line.has("yaml")) return rulesLine(line);
  std::set<std::string> keys = kGameKeys;
  if (version_ >= 2) keys.insert(kServerGameKeys.begin(), kServerGameKeys.end());
  line.onlyKeys(keys);
  FiledGame& filed = filed_;
  GameRecord& g = filed.record;
  const std::string hash = line.text("rules");
  const auto it = rules_.find(hash);
  if (it == rules_.end()) line.fail("rules " + quoted(hash) + " were not given on an earlier line");
  const Game& game = *it->second.game;
  g.tag = line.text("tag");
  g.round = line.integer("round", 0, 1 << 30);
  const auto [first, fresh] = seen_[g.tag].emplace(g.round, number_);
  if (!fresh) {
    line.fail("tag " + tz::quoted(g.tag) + " round " + std::to_string(g.round) + " is given twice (lines " +
              std::to_string(first->second) + " and " + std::to_string(number_) + "); a game counts once");
  }
  filed.settings = line.text("settings");
  g.variant = game.name();
  const auto players = line.pair("players");
  g.players[0] = players[0];
  g.players[1] = players[1];
  const std::string result = line.text("result");
  try {
    g.winner = result == "draw" ? -1 : game.sideFromName(result);
  } catch (const Error&) {
    line.fail("'result' must be 'draw', '" + game.sideName(0) + "' or '" + game.sideName(1) + "', not " + quoted(result));
  }
  g.reason = line.text("reason");
  g.moves = line.text("moves");
  const auto start = game.newGame();
  g.startPosition = line.has("start") ? line.text("start") : start->record();
  try {
    g.startSide = line.has("start_side") ? game.sideFromName(line.text("start_side")) : start->toMove();
  } catch (const Error& e) {
    line.fail(e.what());
  }
  g.plies = 0;
  std::istringstream moves(g.moves);
  for (std::string move; moves >> move;) ++g.plies;
  filed.boards.clear();
  if (line.has("boards")) filed.boards = line.strings("boards");
  visit({filed, game, it->second.yaml, number_});
}

// The longest line a games file holds: a rules line of 64 KB of YAML, escaped, or a long
// server game with its boards fit many times over.
constexpr size_t kMaxGameLineBytes = size_t(4) << 20;

// Collects the games a reader hands over, each record with its rules text.
GameVisitor collectInto(std::vector<FiledGame>& games) {
  return [&games](const GameOnLine& on) {
    games.push_back(on.filed);
    games.back().record.rules = on.rulesText;
  };
}

}  // namespace

void writeGameFile(const std::string& path, const std::vector<FiledGame>& games) {
  const bool serverGames =
      std::any_of(games.begin(), games.end(), [](const FiledGame& g) { return !g.boards.empty(); });
  std::ostringstream out;
  out << json{{"taflzero_games", serverGames ? kGameFileVersion : 1}}.dump() << "\n";
  std::map<std::string, std::unique_ptr<Game>> rules;  // by rules hash
  std::ostringstream lines;
  for (const FiledGame& filed : games) {
    const GameRecord& g = filed.record;
    const std::string hash = rulesHash(g.rules);
    auto it = rules.find(hash);
    if (it == rules.end()) {
      it = rules.emplace(hash, gameFromYamlText(g.rules, g.variant, "the rules of game " + g.tag + " round " +
                                                                       std::to_string(g.round))).first;
      out << json{{"rules", hash}, {"variant", g.variant}, {"yaml", g.rules}}.dump() << "\n";
    }
    const Game& game = *it->second;
    json line{{"tag", g.tag},         {"round", g.round},
              {"settings", filed.settings}, {"rules", hash},
              {"players", {g.players[0], g.players[1]}},
              {"result", resultName(game, g.winner)}, {"reason", g.reason},
              {"moves", g.moves}};
    const auto start = game.newGame();
    if (g.startPosition != start->record() || g.startSide != start->toMove()) {
      line["start"] = g.startPosition;
      line["start_side"] = game.sideName(g.startSide);
    }
    if (!filed.boards.empty()) line["boards"] = filed.boards;
    lines << line.dump() << "\n";
  }
  const std::string text = out.str() + lines.str();
  writeFileAtomically(path, isGzipPath(path) ? gzipText(text) : text, "games file");
}

void visitGameFile(const std::string& path, const GameVisitor& visit) {
  FileLines lines(path, "games file " + path, kMaxGameFileText, kMaxGameLineBytes);
  GameFileParser parser(path);
  for (std::string text; lines.next(text);) parser.line(text, visit);
  parser.finish();
}

std::vector<FiledGame> readGameFile(const std::string& path) {
  std::vector<FiledGame> games;
  visitGameFile(path, collectInto(games));
  return games;
}

std::vector<FiledGame> readGameText(const std::string& fileText, const std::string& path) {
  std::vector<FiledGame> games;
  std::istringstream in(fileText);
  GameFileParser parser(path);
  for (std::string text; std::getline(in, text);) parser.line(text, collectInto(games));
  parser.finish();
  return games;
}

std::vector<FiledGame> gamesOfStore(const RecordStore& store, const std::vector<std::string>& tags) {
  std::vector<FiledGame> games;
  for (const std::string& tag : tags.empty() ? store.tags("") : tags) {
    const std::string settings = store.meta(matchSettingsKey(tag)).value_or("");
    for (GameRecord& g : store.gamesByTag(tag)) games.push_back({std::move(g), settings, {}});
  }
  return games;
}

}  // namespace tz
