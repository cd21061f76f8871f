#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <thread>

#include "game/base/error.h"
#include "game/registry.h"
#include "mcts/players/random_player.h"
#include "tests/support/error_of.h"
#include "training/matches/arena.h"
#include "training/matches/records.h"

namespace tz {
namespace {

// A fresh database path, removed (with its WAL files) before and after the test.
class TempDb {
 public:
  explicit TempDb(const std::string& name) : path_(::testing::TempDir() + "/" + name) { remove(); }
  ~TempDb() { remove(); }
  const std::string& path() const { return path_; }

 private:
  void remove() {
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path_ + suffix).c_str());
  }
  std::string path_;
};

// A finished game between two random players.
GameRecord randomGame(const Game& game, uint64_t seed) {
  players::RandomPlayer a(seed), b(seed + 1);
  return playGame(game, a, b);
}

// One integer from plain SQL.
int64_t sqlInteger(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
  EXPECT_EQ(sqlite3_step(stmt), SQLITE_ROW);
  const int64_t v = sqlite3_column_int64(stmt, 0);
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return v;
}

TEST(Records, PolicyBlobRoundTrips) {
  const std::vector<std::pair<Action, float>> policy{{0, 0.5f}, {17, 0.25f}, {1234567, 0.125f}, {3, 1e-7f}};
  const std::string blob = encodePolicy(policy);
  EXPECT_EQ(blob.size(), 32u);
  EXPECT_EQ(blob[4 * 2], char(17));  // little-endian action of the second pair
  EXPECT_EQ(decodePolicy(blob), policy);
  EXPECT_THROW(decodePolicy(blob.substr(0, 7)), Error);
}

TEST(Records, AGameWithItsPositionsRoundTrips) {
  TempDb db("records_roundtrip.db");
  auto game = loadGame("brandubh");
  GameRecord g = randomGame(*game, 3);
  g.tag = "unit";
  g.round = 4;
  std::vector<PositionRecord> positions(2);
  positions[0] = {0, 0, {{5, 0.75f}, {9, 0.25f}}, 0.125f, kTrainingTarget};
  positions[1] = {1, 1, {{2, 1.0f}}, std::nullopt, 0};
  int64_t id = 0;
  {
    RecordStore store(db.path());
    id = store.addGame(g, positions);
    EXPECT_GT(id, 0);
  }
  RecordStore store(db.path());  // reopened: the game was committed
  const GameRecord back = store.game(id);
  EXPECT_EQ(back.id, id);
  EXPECT_EQ(back.tag, "unit");
  EXPECT_EQ(back.round, 4);
  EXPECT_EQ(back.variant, "brandubh");
  EXPECT_EQ(back.rules, game->rulesYaml());
  EXPECT_EQ(back.players[0], "random");
  EXPECT_EQ(back.winner, g.winner);
  EXPECT_EQ(back.reason, g.reason);
  EXPECT_EQ(back.plies, g.plies);
  EXPECT_EQ(back.moves, g.moves);
  EXPECT_EQ(back.actions, g.actions);
  EXPECT_EQ(back.startPosition, game->newGame()->record());
  EXPECT_EQ(back.startSide, game->newGame()->toMove());
  EXPECT_EQ(back.created.size(), 24u);  // 2026-01-02T03:04:05.678Z
  const auto pos = store.positions(id);
  ASSERT_EQ(pos.size(), 2u);
  EXPECT_EQ(pos[0].policy, positions[0].policy);
  EXPECT_EQ(pos[0].value, positions[0].value);
  EXPECT_EQ(pos[0].flags, uint32_t(kTrainingTarget));
  EXPECT_EQ(pos[1].toMove, 1);
  EXPECT_FALSE(pos[1].value.has_value());
  EXPECT_THROW(store.game(id + 100), Error);

  // The moves replay to the stored result, in notation and as actions.
  auto byMoves = game->newGame();
  auto byActions = game->newGame();
  std::istringstream in(back.moves);
  for (std::string m; in >> m;) byMoves->playTurn(m);
  for (Action a : back.actions) byActions->apply(a);
  EXPECT_EQ(byMoves->hash(), byActions->hash());
  EXPECT_TRUE(byMoves->outcome().over);
  EXPECT_EQ(byMoves->outcome().winner, back.winner);
  EXPECT_EQ(std::string(byMoves->outcome().reason), back.reason);
}

TEST(Records, ListsAndCountsByTagAndAnswersPlainSql) {
  TempDb db("records_tags.db");
  auto game = loadGame("brandubh");
  ResultCounts expected;
  {
    RecordStore store(db.path());
    for (int round = 0; round < 6; ++round) {
      GameRecord g = randomGame(*game, 10 + round);
      g.tag = round < 4 ? "a" : "b";
      g.round = round;
      store.addGame(g);
      if (g.tag == "a") (g.winner < 0 ? expected.draws : expected.wins[g.winner]) += 1;
    }
    store.setMeta("run", "first");
    store.setMeta("run", "second");
    EXPECT_EQ(store.meta("run"), std::optional<std::string>("second"));
    EXPECT_EQ(store.meta("missing"), std::nullopt);
    EXPECT_EQ(store.meta("schema_version"), std::optional<std::string>("2"));
    const auto a = store.gamesByTag("a");
    ASSERT_EQ(a.size(), 4u);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(a[i].round, i);
    EXPECT_EQ(store.gamesByTag("b").size(), 2u);
    EXPECT_TRUE(store.gamesByTag("c").empty());
    const ResultCounts counts = store.countResults("a");
    EXPECT_EQ(counts.wins[0], expected.wins[0]);
    EXPECT_EQ(counts.wins[1], expected.wins[1]);
    EXPECT_EQ(counts.draws, expected.draws);
    EXPECT_EQ(counts.total(), 4);
  }
  EXPECT_EQ(sqlInteger(db.path(), "SELECT COUNT(*) FROM games WHERE tag = 'a' AND variant = 'brandubh'"), 4);
  EXPECT_EQ(sqlInteger(db.path(), "SELECT COUNT(*) FROM games WHERE tag = 'a' AND winner = 0"), expected.wins[0]);
  EXPECT_EQ(sqlInteger(db.path(), "SELECT SUM(plies) FROM games") > 0, true);
}

TEST(Records, TalliesAMatchByColour) {
  std::vector<GameRecord> games(4);
  // A is side 0 in even rounds: wins round 0, draws round 1, loses round 2, wins round 3.
  games[0].round = 0, games[0].winner = 0;
  games[1].round = 1, games[1].winner = -1;
  games[2].round = 2, games[2].winner = 1;
  games[3].round = 3, games[3].winner = 1;
  const MatchTally t = tallyMatch(games);
  EXPECT_EQ(t.bySide[0].wins, 1);
  EXPECT_EQ(t.bySide[0].losses, 1);
  EXPECT_EQ(t.bySide[1].draws, 1);
  EXPECT_EQ(t.bySide[1].wins, 1);
  EXPECT_EQ(t.overall().games(), 4);
}

// Runs one SQL statement (or several) on the file with a connection of its own.
void sqlExec(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* message = nullptr;
  EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message), SQLITE_OK) << (message ? message : "");
  sqlite3_free(message);
  sqlite3_close(db);
}

using test::errorOf;

TEST(Records, OneGamePerTagAndRoundWhateverTheWriters) {
  TempDb db("records_unique.db");
  const auto game = loadGame("brandubh");
  // Two writers on one file (as two arena processes): each round is stored once.
  RecordStore first(db.path()), second(db.path());
  std::atomic<int> refused{0};
  auto writer = [&](RecordStore& store, uint64_t seed) {
    for (int round = 0; round < 20; ++round) {
      GameRecord g = randomGame(*game, seed + round);
      g.tag = "m";
      g.round = round;
      try {
        store.addGame(g);
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("already stored"), std::string::npos) << e.what();
        ++refused;
      }
    }
  };
  std::thread a(writer, std::ref(first), 1), b(writer, std::ref(second), 100);
  a.join();
  b.join();
  EXPECT_EQ(first.gamesByTag("m").size(), 20u);
  EXPECT_EQ(refused, 20);
  EXPECT_EQ(sqlInteger(db.path(), "SELECT COUNT(*) FROM games"), 20);
}

TEST(Records, AVersionOneDatabaseIsUpgradedUnlessItHoldsDuplicateRounds) {
  TempDb db("records_v1.db");
  const auto game = loadGame("brandubh");
  {
    RecordStore store(db.path());
    GameRecord g = randomGame(*game, 5);
    g.tag = "old";
    store.addGame(g);
  }
  // As a version 1 database written by two concurrent arenas.
  sqlExec(db.path(), "DROP INDEX games_by_tag_round; UPDATE meta SET value = '1' WHERE key = 'schema_version';"
                     "INSERT INTO games (tag, round, variant, rules, player0, player1, winner, reason, plies, moves, "
                     "actions, start_position, start_side) SELECT tag, round, variant, rules, player0, player1, "
                     "winner, reason, plies, moves, actions, start_position, start_side FROM games;");
  EXPECT_NE(errorOf([&] { RecordStore store(db.path()); }).find("tag 'old' holds 2 games of round 0"),
            std::string::npos);
  sqlExec(db.path(), "DELETE FROM games WHERE id = (SELECT MAX(id) FROM games)");
  RecordStore store(db.path());
  EXPECT_EQ(store.meta("schema_version"), "2");
  EXPECT_EQ(store.gamesByTag("old").size(), 1u);
}

TEST(Records, ANewerOrUnreadableSchemaVersionAndANegativeRoundAreErrors) {
  TempDb db("records_version.db");
  const auto game = loadGame("brandubh");
  {
    RecordStore store(db.path());
    GameRecord g = randomGame(*game, 5);
    g.tag = "t";
    store.addGame(g);
    g.round = -1;
    EXPECT_NE(errorOf([&] { store.addGame(g); }).find("round must be 0 or more"), std::string::npos);
  }
  sqlExec(db.path(), "UPDATE games SET round = -1");
  EXPECT_NE(errorOf([&] { RecordStore(db.path()).gamesByTag("t"); }).find("has round -1"), std::string::npos);
  sqlExec(db.path(), "UPDATE meta SET value = '3' WHERE key = 'schema_version'");
  EXPECT_NE(errorOf([&] { RecordStore store(db.path()); }).find("schema version 3, this taflzero reads 1 to 2"),
            std::string::npos);
  sqlExec(db.path(), "UPDATE meta SET value = 'two' WHERE key = 'schema_version'");
  EXPECT_NE(errorOf([&] { RecordStore store(db.path()); }).find("schema_version 'two' is not a number"),
            std::string::npos);
}

// A stored winner or ply count no game can have is an error naming the file, never a loss.
TEST(Records, AWinnerOrPlyCountOutOfRangeIsAnError) {
  TempDb db("records_winner.db");
  const auto game = loadGame("brandubh");
  {
    RecordStore store(db.path());
    GameRecord g = randomGame(*game, 5);
    g.tag = "t";
    store.addGame(g);
  }
  sqlExec(db.path(), "UPDATE games SET winner = 7");
  EXPECT_NE(errorOf([&] { RecordStore(db.path()).gamesByTag("t"); }).find("has winner 7: expected -1 (a draw), 0 or 1"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { RecordStore(db.path()).countResults("t"); }).find("have winner 7"), std::string::npos);
  sqlExec(db.path(), "UPDATE games SET winner = 0, plies = -5");
  EXPECT_NE(errorOf([&] { RecordStore(db.path()).gamesByTag("t"); }).find("has plies -5"), std::string::npos);
}

TEST(Records, GamesAreRefusedBeforeTheDiskFills) {
  TempDb db("records_disk.db");
  const auto game = loadGame("brandubh");
  RecordStore store(db.path());
  GameRecord g = randomGame(*game, 5);
  g.tag = "t";
  store.setMinimumFreeBytes(uint64_t(1) << 62);  // more than any disk has free
  EXPECT_NE(errorOf([&] { store.addGame(g); }).find("MiB free on its disk"), std::string::npos);
  EXPECT_TRUE(store.gamesByTag("t").empty());
  store.setMinimumFreeBytes(0);
  EXPECT_NO_THROW(store.addGame(g));
}

TEST(Records, AReadOnlyLeftoverShmFileIsNamedInTheError) {
  // An immutable file stands in for another user's leftover (root ignores permissions).
  const std::string dir = ::testing::TempDir() + "/records_readonly";
  std::system(("chattr -i " + dir + "/r.db-shm 2>/dev/null; rm -rf " + dir + " && mkdir -p " + dir).c_str());
  const std::string path = dir + "/r.db";
  const auto game = loadGame("brandubh");
  { RecordStore store(path); }
  std::system(("touch " + path + "-shm " + path + "-wal").c_str());
  if (std::system(("chattr +i " + path + "-shm 2>/dev/null").c_str()) != 0) GTEST_SKIP() << "no chattr on " << dir;
  GameRecord g = randomGame(*game, 5);
  g.tag = "t";
  const std::string message = errorOf([&] {
    RecordStore store(path);
    store.addGame(g);
  });
  std::system(("chattr -i " + path + "-shm").c_str());
  EXPECT_NE(message.find("its -wal and -shm files must be writable"), std::string::npos) << message;
}

TEST(Records, UnopenableFileIsAnError) {
  EXPECT_THROW(RecordStore("/nonexistent-dir/x.db"), Error);
}

TEST(Records, AnEmptyPathIsAnErrorNotATemporaryDatabase) {
  for (const char* path : {"", ":memory:"}) {
    try {
      RecordStore store(path);
      ADD_FAILURE() << "opened '" << path << "'";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("empty"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace tz
