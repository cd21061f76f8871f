#include "training/matches/records.h"

#include <sqlite3.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <thread>

#include "game/base/error.h"
#include "game/base/user_files.h"

namespace tz {

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
  id INTEGER PRIMARY KEY,
  tag TEXT NOT NULL,
  round INTEGER NOT NULL,
  variant TEXT NOT NULL,
  rules TEXT NOT NULL,
  player0 TEXT NOT NULL,
  player1 TEXT NOT NULL,
  winner INTEGER NOT NULL,
  reason TEXT NOT NULL,
  plies INTEGER NOT NULL,
  moves TEXT NOT NULL,
  actions TEXT NOT NULL,
  start_position TEXT NOT NULL,
  start_side INTEGER NOT NULL,
  created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE IF NOT EXISTS positions (
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  to_move INTEGER NOT NULL,
  policy BLOB NOT NULL,
  value REAL,
  flags INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
)sql";

// Version 2 added one game per (tag, round); version 1 databases are upgraded on open.
constexpr int kSchemaVersion = 2;
constexpr const char* kUniqueRounds = "CREATE UNIQUE INDEX IF NOT EXISTS games_by_tag_round ON games (tag, round)";

// SQLite's message for the last error on `db`, with what to check when the files are
// read-only (a leftover -wal or -shm file of another user makes the database read-only).
std::string sqliteError(sqlite3* db, const std::string& path, const std::string& message) {
  if ((sqlite3_extended_errcode(db) & 0xff) != SQLITE_READONLY) return "records " + path + ": " + message;
  return "records " + path + ": " + message + " (" + path + " and its -wal and -shm files must be writable)";
}

constexpr const char* kGameColumns =
    "id, tag, round, variant, rules, player0, player1, winner, reason, plies, moves, actions, "
    "start_position, start_side, created";

// A prepared statement, finalised on destruction; errors name the database.
class Statement {
 public:
  Statement(sqlite3* db, const std::string& path, const char* sql) : db_(db), path_(path) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) fail();
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void bind(int i, int64_t v) { check(sqlite3_bind_int64(stmt_, i, v)); }
  void bind(int i, const std::string& v) { check(sqlite3_bind_text(stmt_, i, v.data(), int(v.size()), SQLITE_TRANSIENT)); }
  void bindBlob(int i, const std::string& v) { check(sqlite3_bind_blob(stmt_, i, v.data(), int(v.size()), SQLITE_TRANSIENT)); }
  void bind(int i, std::optional<float> v) {
    check(v ? sqlite3_bind_double(stmt_, i, double(*v)) : sqlite3_bind_null(stmt_, i));
  }
  // Steps once: true while a row is available.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) fail();
    return false;
  }
  // Makes the statement ready to run again with new bindings.
  void reset() { sqlite3_reset(stmt_); }
  int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  std::string text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_blob(stmt_, col));
    return p ? std::string(p, size_t(sqlite3_column_bytes(stmt_, col))) : std::string();
  }
  bool isNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  double real(int col) const { return sqlite3_column_double(stmt_, col); }

 private:
  void check(int rc) {
    if (rc != SQLITE_OK) fail();
  }
  [[noreturn]] void fail() { throw Error(sqliteError(db_, path_, sqlite3_errmsg(db_))); }

  sqlite3* db_;
  const std::string& path_;
  sqlite3_stmt* stmt_ = nullptr;
};

std::string joinActions(const std::vector<Action>& actions) {
  std::string out;
  for (size_t i = 0; i < actions.size(); ++i) out += (i ? " " : "") + std::to_string(actions[i]);
  return out;
}

std::vector<Action> splitActions(const std::string& text) {
  std::vector<Action> out;
  std::istringstream in(text);
  for (Action a; in >> a;) out.push_back(a);
  return out;
}

GameRecord readGame(const Statement& s, const std::string& path) {
  GameRecord g;
  g.id = s.integer(0);
  g.tag = s.text(1);
  const int64_t round = s.integer(2);
  if (round < 0 || round > INT32_MAX) {
    throw Error("records " + path + ": game " + std::to_string(g.id) + " has round " + std::to_string(round) +
                ": expected 0 or more");
  }
  g.round = int(round);
  g.variant = s.text(3);
  g.rules = s.text(4);
  g.players[0] = s.text(5);
  g.players[1] = s.text(6);
  const int64_t winner = s.integer(7), plies = s.integer(9);
  if (winner < -1 || winner > 1) {
    throw Error("records " + path + ": game " + std::to_string(g.id) + " has winner " + std::to_string(winner) +
                ": expected -1 (a draw), 0 or 1");
  }
  if (plies < 0 || plies > INT32_MAX) {
    throw Error("records " + path + ": game " + std::to_string(g.id) + " has plies " + std::to_string(plies) +
                ": expected 0 or more");
  }
  g.winner = int(winner);
  g.reason = s.text(8);
  g.plies = int(plies);
  g.moves = s.text(10);
  g.actions = splitActions(s.text(11));
  g.startPosition = s.text(12);
  g.startSide = int(s.integer(13));
  g.created = s.text(14);
  return g;
}

void putU32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out += char((v >> (8 * i)) & 0xff);
}

uint32_t getU32(const std::string& in, size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t(uint8_t(in[at + i])) << (8 * i);
  return v;
}

}  // namespace

std::string encodePolicy(const std::vector<std::pair<Action, float>>& policy) {
  std::string out;
  out.reserve(policy.size() * 8);
  for (const auto& [action, p] : policy) {
    uint32_t bits;
    std::memcpy(&bits, &p, 4);
    putU32(out, uint32_t(action));
    putU32(out, bits);
  }
  return out;
}

std::vector<std::pair<Action, float>> decodePolicy(const std::string& blob) {
  if (blob.size() % 8 != 0) throw Error("policy blob of " + std::to_string(blob.size()) + " bytes: expected 8 per pair");
  std::vector<std::pair<Action, float>> out(blob.size() / 8);
  for (size_t i = 0; i < out.size(); ++i) {
    const uint32_t bits = getU32(blob, 8 * i + 4);
    out[i].first = Action(getU32(blob, 8 * i));
    std::memcpy(&out[i].second, &bits, 4);
  }
  return out;
}

namespace {

// The free space games keep on the records' disk: $TAFLZERO_KEEP_FREE_MIB MiB, else 64 MiB.
uint64_t keptFreeBytes() {
  const char* text = std::getenv("TAFLZERO_KEEP_FREE_MIB");
  if (!text) return uint64_t(64) << 20;
  constexpr uint64_t kMost = 1000000000;
  char* end = nullptr;
  errno = 0;
  const unsigned long long mib = std::strtoull(text, &end, 10);
  if (*text < '0' || *text > '9' || *end != '\0' || errno != 0 || mib > kMost) {
    throw Error("TAFLZERO_KEEP_FREE_MIB: expected a whole number of MiB in [0, " + std::to_string(kMost) + "], got " +
                quoted(text));
  }
  return uint64_t(mib) << 20;
}

}  // namespace

RecordStore::RecordStore(const std::string& path) : path_(path), minimumFreeBytes_(keptFreeBytes()) {
  // SQLite would open an empty name (or ":memory:") as a temporary database and keep nothing.
  if (path.empty() || path == ":memory:") {
    throw Error("records: the database path is empty; name a file (e.g. --db runs.db)");
  }
  // SQLite would open a device or a pipe and leave a journal beside it.
  checkOutputFile(path, "records database", true);
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw Error("records " + path + ": cannot open: " + message);
  }
  try {
    sqlite3_busy_timeout(db_, 10000);
    initialise();
  } catch (...) {
    sqlite3_close(db_);
    throw;
  }
}

void RecordStore::initialise() {
  // Two processes opening one new database at once can meet where SQLite answers "locked"
  // at once instead of waiting (switching to WAL, or a read turning into a write): try again
  // for up to 10 s, as the busy timeout would.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (;;) {
    try {
      exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
      exec(kSchema);
      upgradeSchema();
      return;
    } catch (const Error&) {
      const int code = sqlite3_errcode(db_);
      if ((code != SQLITE_BUSY && code != SQLITE_LOCKED) || std::chrono::steady_clock::now() > deadline) throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
}

RecordStore::~RecordStore() { sqlite3_close(db_); }

void RecordStore::upgradeSchema() {
  const std::optional<std::string> stored = meta("schema_version");
  int version = kSchemaVersion;  // a new database
  if (stored) {
    try {
      size_t used = 0;
      version = std::stoi(*stored, &used);
      if (used != stored->size()) throw std::invalid_argument(*stored);
    } catch (const std::exception&) {
      throw Error("records " + path_ + ": schema_version '" + *stored + "' is not a number");
    }
  }
  if (version > kSchemaVersion || version < 1) {
    throw Error("records " + path_ + ": schema version " + std::to_string(version) + ", this taflzero reads 1 to " +
                std::to_string(kSchemaVersion));
  }
  if (version < 2) {
    std::lock_guard<std::mutex> lock(mutex_);
    Statement duplicate(db_, path_, "SELECT tag, round, COUNT(*) FROM games GROUP BY tag, round HAVING COUNT(*) > 1");
    if (duplicate.step()) {
      throw Error("records " + path_ + ": tag '" + duplicate.text(0) + "' holds " + std::to_string(duplicate.integer(2)) +
                  " games of round " + std::to_string(duplicate.integer(1)) +
                  " (written by concurrent runs before schema version 2): keep one game per round to use this database");
    }
  }
  exec(kUniqueRounds);
  if (version != kSchemaVersion || !stored) setMeta("schema_version", std::to_string(kSchemaVersion));
}

void RecordStore::exec(const char* sql) const {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string text = message ? message : sqlite3_errmsg(db_);
    sqlite3_free(message);
    throw Error(sqliteError(db_, path_, text));
  }
}

int64_t RecordStore::addGame(const GameRecord& g, const std::vector<PositionRecord>& positions) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (g.round < 0) throw Error("records " + path_ + ": a game's round must be 0 or more, not " + std::to_string(g.round));
  std::error_code ec;
  const auto space = std::filesystem::space(std::filesystem::absolute(path_).parent_path(), ec);
  if (!ec && space.available < minimumFreeBytes_) {
    throw Error("records " + path_ + ": only " + std::to_string(space.available >> 20) + " MiB free on its disk (" +
                std::to_string(minimumFreeBytes_ >> 20) + " MiB kept free): stopping before the disk fills");
  }
  exec("BEGIN IMMEDIATE");  // the write lock: the check below and the insert are one step for every writer
  try {
    Statement taken(db_, path_, "SELECT id FROM games WHERE tag = ? AND round = ?");
    taken.bind(1, g.tag);
    taken.bind(2, int64_t(g.round));
    if (taken.step()) {
      throw Error("records " + path_ + ": round " + std::to_string(g.round) + " of tag '" + g.tag +
                  "' is already stored (game " + std::to_string(taken.integer(0)) +
                  "): is another process writing the same games? One game per round and tag");
    }
    Statement insert(db_, path_,
                     "INSERT INTO games (tag, round, variant, rules, player0, player1, winner, reason, plies, "
                     "moves, actions, start_position, start_side) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)");
    insert.bind(1, g.tag);
    insert.bind(2, int64_t(g.round));
    insert.bind(3, g.variant);
    insert.bind(4, g.rules);
    insert.bind(5, g.players[0]);
    insert.bind(6, g.players[1]);
    insert.bind(7, int64_t(g.winner));
    insert.bind(8, g.reason);
    insert.bind(9, int64_t(g.plies));
    insert.bind(10, g.moves);
    insert.bind(11, joinActions(g.actions));
    insert.bind(12, g.startPosition);
    insert.bind(13, int64_t(g.startSide));
    insert.step();
    const int64_t id = sqlite3_last_insert_rowid(db_);
    Statement pos(db_, path_, "INSERT INTO positions (game_id, ply, to_move, policy, value, flags) VALUES (?,?,?,?,?,?)");
    for (const PositionRecord& p : positions) {
      pos.bind(1, id);
      pos.bind(2, int64_t(p.ply));
      pos.bind(3, int64_t(p.toMove));
      pos.bindBlob(4, encodePolicy(p.policy));
      pos.bind(5, p.value);
      pos.bind(6, int64_t(p.flags));
      pos.step();
      pos.reset();
    }
    exec("COMMIT");
    return id;
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

GameRecord RecordStore::game(int64_t id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  Statement s(db_, path_, (std::string("SELECT ") + kGameColumns + " FROM games WHERE id = ?").c_str());
  s.bind(1, id);
  if (!s.step()) throw Error("records " + path_ + ": no game with id " + std::to_string(id));
  return readGame(s, path_);
}

std::vector<PositionRecord> RecordStore::positions(int64_t id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  Statement s(db_, path_, "SELECT ply, to_move, policy, value, flags FROM positions WHERE game_id = ? ORDER BY ply");
  s.bind(1, id);
  std::vector<PositionRecord> out;
  while (s.step()) {
    PositionRecord p;
    p.ply = int(s.integer(0));
    p.toMove = int(s.integer(1));
    p.policy = decodePolicy(s.text(2));
    if (!s.isNull(3)) p.value = float(s.real(3));
    p.flags = uint32_t(s.integer(4));
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<GameRecord> RecordStore::gamesByTag(const std::string& tag) const {
  std::lock_guard<std::mutex> lock(mutex_);
  Statement s(db_, path_, (std::string("SELECT ") + kGameColumns + " FROM games WHERE tag = ? ORDER BY round, id").c_str());
  s.bind(1, tag);
  std::vector<GameRecord> out;
  while (s.step()) out.push_back(readGame(s, path_));
  return out;
}

std::vector<std::string> RecordStore::tags(const std::string& prefix) const {
  std::lock_guard<std::mutex> lock(mutex_);
  Statement s(db_, path_, "SELECT tag FROM games WHERE substr(tag, 1, length(?1)) = ?1 GROUP BY tag ORDER BY MIN(id)");
  s.bind(1, prefix);
  std::vector<std::string> out;
  while (s.step()) out.push_back(s.text(0));
  return out;
}

ResultCounts RecordStore::countResults(const std::string& tag) const {
  std::lock_guard<std::mutex> lock(mutex_);
  Statement s(db_, path_, "SELECT winner, COUNT(*) FROM games WHERE tag = ? GROUP BY winner");
  s.bind(1, tag);
  ResultCounts counts;
  while (s.step()) {
    const int64_t winner = s.integer(0), n = s.integer(1);
    if (winner < -1 || winner > 1) {
      throw Error("records " + path_ + ": " + std::to_string(n) + " games of tag " + quoted(tag) + " have winner " +
                  std::to_string(winner) + ": expected -1 (a draw), 0 or 1");
    }
    if (winner >= 0) counts.wins[winner] += int(n);
    else counts.draws += int(n);
  }
  return counts;
}

void RecordStore::setMeta(const std::string& key, const std::string& value) {
  std::lock_guard<std::mutex> lock(mutex_);
  Statement s(db_, path_, "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  s.bind(1, key);
  s.bind(2, value);
  s.step();
}

std::optional<std::string> RecordStore::meta(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  Statement s(db_, path_, "SELECT value FROM meta WHERE key = ?");
  s.bind(1, key);
  if (!s.step()) return std::nullopt;
  return s.text(0);
}

}  // namespace tz
