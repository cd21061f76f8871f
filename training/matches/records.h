#pragma once
// The game-record store: finished games and their training positions in one SQLite file.
//
// Schema (version 2; plain SQL can query a study):
//   meta(key TEXT PRIMARY KEY, value TEXT)              -- e.g. schema_version, run settings
//   games(id INTEGER PRIMARY KEY,
//         tag TEXT,             -- run, match or study the game belongs to
//         round INTEGER,        -- game number within the tag (arena: colours alternate by it)
//         variant TEXT, rules TEXT,            -- variant name and its resolved rules as YAML
//         player0 TEXT, player1 TEXT,          -- names of the players of side 0 and side 1
//         winner INTEGER,       -- 0 or 1 (side index), -1 for a draw
//         reason TEXT,          -- why it ended: escape, king_captured, repetition, ...
//         plies INTEGER,        -- number of actions played
//         moves TEXT,           -- action names in notation, separated by spaces
//         actions TEXT,         -- action indices, separated by spaces (exact replay)
//         start_position TEXT, start_side INTEGER,  -- start position record and side to move
//         created TEXT)         -- UTC time the game was stored, ISO 8601
//         UNIQUE (tag, round)   -- one game per round: concurrent writers cannot duplicate games
//   positions(game_id INTEGER REFERENCES games(id), ply INTEGER,  -- position before action `ply`
//         to_move INTEGER,      -- side to move there
//         policy BLOB,          -- search policy: (int32 action, float32 probability) pairs, little-endian
//         value REAL,           -- search value for to_move, NULL when none
//         flags INTEGER,        -- PositionFlag bits (1: a training target)
//         PRIMARY KEY (game_id, ply))
// Example: SELECT player0, player1, winner, COUNT(*) FROM games WHERE tag = 'm1' GROUP BY 1, 2, 3;
// Each game is committed in its own transaction (WAL journal), so a killed process keeps
// every game it finished.
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/game.h"

struct sqlite3;

namespace tz {

/// One finished game as stored.
struct GameRecord {
  int64_t id = 0;              // row id, assigned when stored
  std::string tag;             // run, match or study
  int round = 0;               // game number within the tag
  std::string variant;         // variant name
  std::string rules;           // resolved rules (Game::rulesYaml)
  std::string players[2];      // player names for side 0 and side 1
  int winner = -1;             // winning side, -1 for a draw
  std::string reason;          // why the game ended (its EndReason)
  int plies = 0;               // actions played
  std::string moves;           // action names in notation, space separated
  std::vector<Action> actions;  // the actions played
  std::string startPosition;   // start position record
  int startSide = 0;           // side to move at the start
  std::string created;         // UTC storage time, set by the store
};

/// PositionRecord::flags bits.
enum PositionFlag : uint32_t { kTrainingTarget = 1 };

/// A searched position of a game: what the training loop learns from.
struct PositionRecord {
  int ply = 0;                                   // actions played before it
  int toMove = 0;                                // side to move
  std::vector<std::pair<Action, float>> policy;  // search policy over actions
  std::optional<float> value;                    // search value for toMove, if any
  uint32_t flags = 0;                            // PositionFlag bits
};

/// Games of one tag counted by result.
struct ResultCounts {
  int wins[2] = {0, 0};  // games won by side 0 and side 1
  int draws = 0;         // drawn games
  /// Number of games.
  int total() const { return wins[0] + wins[1] + draws; }
};

/// Encodes a policy as the positions.policy blob (8 bytes a pair, little-endian).
std::string encodePolicy(const std::vector<std::pair<Action, float>>& policy);
/// Decodes a positions.policy blob; throws Error when its length is not a multiple of 8.
std::vector<std::pair<Action, float>> decodePolicy(const std::string& blob);

/// An open record database. Thread-safe: calls are serialised.
class RecordStore {
 public:
  /// Opens or creates the database at `path` (WAL mode); throws Error on failure.
  explicit RecordStore(const std::string& path);
  ~RecordStore();
  RecordStore(const RecordStore&) = delete;
  RecordStore& operator=(const RecordStore&) = delete;

  /// Games are refused (Error) when the database's disk has less than this free (default
  /// 64 MiB, or $TAFLZERO_KEEP_FREE_MIB MiB): a long match stops cleanly before the disk fills.
  void setMinimumFreeBytes(uint64_t bytes) { minimumFreeBytes_ = bytes; }
  /// Stores a finished game with its positions in one transaction; returns its id.
  int64_t addGame(const GameRecord& game, const std::vector<PositionRecord>& positions = {});
  /// The game with this id; throws Error when there is none.
  GameRecord game(int64_t id) const;
  /// The stored positions of a game, by ply.
  std::vector<PositionRecord> positions(int64_t id) const;
  /// Every game of a tag, by round then id.
  std::vector<GameRecord> gamesByTag(const std::string& tag) const;
  /// The distinct tags starting with `prefix`, in the order their first games were stored.
  std::vector<std::string> tags(const std::string& prefix) const;
  /// The games of a tag counted by result.
  ResultCounts countResults(const std::string& tag) const;
  /// Sets a meta value.
  void setMeta(const std::string& key, const std::string& value);
  /// A meta value, if set.
  std::optional<std::string> meta(const std::string& key) const;
  /// The database file's path.
  const std::string& path() const { return path_; }

 private:
  // Runs SQL without results; throws Error naming the database on failure.
  void exec(const char* sql) const;
  // Sets the journal mode, creates the schema and upgrades it, again while another process
  // holding the database makes SQLite answer "locked" at once (for up to 10 s).
  void initialise();
  // Checks the stored schema version and upgrades an older database (one game per round).
  void upgradeSchema();

  std::string path_;
  sqlite3* db_ = nullptr;
  uint64_t minimumFreeBytes_;
  mutable std::mutex mutex_;
};

}  // namespace tz
