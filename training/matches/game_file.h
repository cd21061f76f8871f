#pragma once
// Games files: finished games as compact text, one JSON object a line (docs/RECORDS.md), so
// that the games behind a figure can be committed beside it and replayed and re-scored
// without the database they were played into. The first line names the format, then each
// distinct rule set once, then one line per game:
//   {"taflzero_games":1}
//   {"rules":"<rules hash>","variant":"brandubh","yaml":"<Game::rulesYaml()>"}
//   {"tag":"...","round":0,"settings":"seed=1 random_plies=0","rules":"<rules hash>",
//    "players":["side 0","side 1"],"result":"attackers"|"defenders"|"draw","reason":"escape",
//    "moves":"d4-d2 c4-c1 ..."}
// "start" and "start_side" follow when a game began elsewhere than the start position;
// "boards" (version 2) when it was played on a Tablut Challenge server (tablut-match): the
// boards the server sent, whose games may also end by "forfeit" (the server's judgement of a
// timeout or an illegal move, not the rules'). A game's players were seeded from the match seed in its settings and its round (the arena's
// mixSeed), so a match can be played again from the file. A file whose name ends in ".gz" is
// the same text gzip-compressed (a study's thousands of games).
#include <functional>
#include <string>
#include <vector>

#include "training/matches/records.h"

namespace tz {

/// One game of a games file: the record as stored and the settings of the match it belongs to.
struct FiledGame {
  GameRecord record;     // the game (its id and creation time are not kept)
  std::string settings;  // the match's settings as the arena keeps them ("seed=1 random_plies=2"); may be empty
  std::vector<std::string> boards;  // a server's game: the boards it sent as position records, the start first and one a ply; else empty
};

/// The current version of the format (the first line's "taflzero_games"). Version 1 has no
/// server games; a file without them is written as version 1, so older readers read it.
constexpr int kGameFileVersion = 2;

/// The reason of a server's game ended by the server's judgement (a timeout, a disconnect or
/// an illegal move) in a position the rules do not end.
constexpr const char* kForfeit = "forfeit";

/// Writes `games` to `path` atomically (version 2 when a game has boards), each distinct rule set once, gzip-compressed when the
/// path ends in ".gz". Throws Error when a game's rules do not load or the file cannot be written.
void writeGameFile(const std::string& path, const std::vector<FiledGame>& games);

/// The most text a games file holds (inflated when it is gzip data): 256 MB, about fifty
/// times a large study's games.
constexpr uint64_t kMaxGameFileText = uint64_t(256) << 20;

/// A game of a games file as a reader hands it over, valid only during the call.
struct GameOnLine {
  const FiledGame& filed;        // the game; its record's rules are empty (rulesText holds them)
  const Game& game;              // its rules, built once per file
  const std::string& rulesText;  // the text of its rules, shared by every game naming them
  int line;                      // its line in the file (1-based)
};

/// What a games file reader calls with each game in turn.
using GameVisitor = std::function<void(const GameOnLine&)>;

/// Calls `visit` with each game of the games file at `path` in file order, one at a time: the
/// file (gzip-compressed or not, told by its first bytes, not its name; a regular file only)
/// is read a line at a time, at most kMaxGameFileText bytes of text, each rules text (at
/// most kMaxRulesTextBytes) built once. Throws Error naming the file, the line and what is
/// wrong at the first bad line: not one JSON object (nested too deep, a key twice), a
/// missing or unknown key, a rules line whose text does not have its hash, a game naming
/// rules no line gave, or a second game at a tag and round (naming both lines).
void visitGameFile(const std::string& path, const GameVisitor& visit);

/// The games of the games file at `path`, in file order, each record with its rules text, as
/// visitGameFile reads them.
std::vector<FiledGame> readGameFile(const std::string& path);

/// The games of a games file's text, as readGameFile reads them; `path` names it in errors.
std::vector<FiledGame> readGameText(const std::string& fileText, const std::string& path);

/// The games of `tags` in `store` (every tag when empty), each with its match's settings.
std::vector<FiledGame> gamesOfStore(const RecordStore& store, const std::vector<std::string>& tags);

}  // namespace tz
