// `taflzero arena` killed with SIGKILL keeps every finished game, and a resumed run plays
// exactly the missing games: the same ones an uninterrupted run plays.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "game/registry.h"
#include "tests/cli/cli_runner.h"
#include "tests/support/child_process.h"
#include "training/matches/records.h"

namespace tz {
namespace {

constexpr int kGames = 16;

std::string tempPath(const std::string& name) {
  const std::string path = ::testing::TempDir() + "/" + name;
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path + suffix).c_str());
  return path;
}

// Starts `taflzero arena` on `db`, with `more` arguments; returns the child's pid.
pid_t startArena(const std::string& db, const std::vector<std::string>& more = {}) {
  std::vector<std::string> args = {"arena", "--variant", "linnaeus", "--a", "greedy", "--b", "random", "--games",
                                   std::to_string(kGames), "--db", db, "--tag", "kill", "--seed", "5"};
  args.insert(args.end(), more.begin(), more.end());
  return test::startTaflzero(args);
}

// Moves of each stored round of the tag; fails the test on a repeated round.
std::map<int, std::string> movesByRound(const std::string& db) {
  RecordStore store(db);
  std::map<int, std::string> out;
  for (const GameRecord& g : store.gamesByTag("kill")) {
    EXPECT_TRUE(out.emplace(g.round, g.moves).second) << "round " << g.round << " stored twice";
    EXPECT_EQ(g.players[g.round % 2], "greedy");
  }
  return out;
}

TEST(ArenaResume, KilledRunKeepsEveryFinishedGameAndResumes) {
  const std::string db = tempPath("arena_kill.db");
  const pid_t pid = startArena(db);
  ASSERT_GT(pid, 0);
  // Wait for a few finished games, then kill the run in the middle of the match.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    ASSERT_EQ(waitpid(pid, &status, WNOHANG), 0) << "the run ended on its own, status " << status;
    if (access(db.c_str(), F_OK) == 0 && RecordStore(db).countResults("kill").total() >= 3) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_EQ(kill(pid, SIGKILL), 0);
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status));

  const auto before = movesByRound(db);
  ASSERT_GE(before.size(), 3u);
  ASSERT_LT(before.size(), size_t(kGames)) << "the run finished before it was killed";
  int round = 0;
  for (const auto& [r, moves] : before) EXPECT_EQ(r, round++) << "games are stored in order, none lost";

  // Resume: the missing rounds are played, the stored ones kept as they were.
  ASSERT_EQ(test::waitForExit(startArena(db)), 0);
  const auto after = movesByRound(db);
  ASSERT_EQ(after.size(), size_t(kGames));
  for (const auto& [r, moves] : before) EXPECT_EQ(after.at(r), moves) << "round " << r << " changed";

  // An uninterrupted run of the same match stores the same games.
  const std::string reference = tempPath("arena_reference.db");
  ASSERT_EQ(test::waitForExit(startArena(reference)), 0);
  EXPECT_EQ(movesByRound(reference), after);

  // Running the finished match again plays nothing.
  ASSERT_EQ(test::waitForExit(startArena(db)), 0);
  EXPECT_EQ(movesByRound(db), after);
}

// The arena command of the "kill" match on `db`, with further arguments.
std::string killMatch(const std::string& db, const std::string& more, int seed = 5) {
  return "arena --variant linnaeus --a greedy --b random --games " + std::to_string(kGames) + " --db " + db +
         " --tag kill --seed " + std::to_string(seed) + " " + more;
}

TEST(ArenaResume, RefusesATagHoldingAnotherMatch) {
  const std::string db = tempPath("arena_tag.db");
  ASSERT_EQ(test::waitForExit(startArena(db)), 0);
  const auto r = test::runCli("arena --variant linnaeus --a random --b greedy --games 2 --db " + db + " --tag kill");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.out.find("tag 'kill' already holds games of"), std::string::npos) << r.out;
}

TEST(ArenaResume, RefusesATagPlayedUnderOtherRulesSeedOrOpenings) {
  const std::string db = tempPath("arena_settings.db");
  ASSERT_EQ(test::waitForExit(startArena(db)), 0);
  const auto expectRefused = [&](const std::string& command, const std::string& expected) {
    const auto r = test::runCli(command);
    EXPECT_EQ(r.code, 2) << command;
    EXPECT_NE(r.out.find(expected), std::string::npos) << command << ": " << r.out;
  };
  expectRefused(killMatch(db, "--set ply_limit=150"), "ply_limit: 300 -> 150");
  expectRefused(killMatch(db, "", 6), "played with seed=5 random_plies=0, not seed=6 random_plies=0");
  expectRefused(killMatch(db, "--random-plies 2"), "not seed=5 random_plies=2");
  EXPECT_EQ(movesByRound(db).size(), size_t(kGames));
}

TEST(ArenaResume, TwoConcurrentRunsOfOneMatchStoreEachRoundOnce) {
  const std::string db = tempPath("arena_concurrent.db");
  std::vector<test::CliResult> results(2);
  std::thread other([&] { results[1] = test::runCli(killMatch(db, "")); });
  results[0] = test::runCli(killMatch(db, ""));
  other.join();
  for (const auto& r : results) {
    if (r.code != 0) {
      EXPECT_NE(r.out.find("is already stored"), std::string::npos) << r.out;
    }
  }
  ASSERT_EQ(test::runCli(killMatch(db, "")).code, 0);  // completes what a refused run left
  EXPECT_EQ(movesByRound(db).size(), size_t(kGames));  // and no round twice
  EXPECT_EQ(RecordStore(db).countResults("kill").total(), kGames);
}

// Games played at once, each in a thread of its own, are the games played one at a time:
// each round's players are seeded from the match's seed and the round alone.
TEST(ArenaResume, GamesPlayedAtOnceAreTheGamesPlayedOneAtATime) {
  const std::string one = tempPath("arena_one_at_a_time.db"), four = tempPath("arena_four_at_once.db");
  ASSERT_EQ(test::waitForExit(startArena(one)), 0);
  ASSERT_EQ(test::waitForExit(startArena(four, {"--games-at-once", "4"})), 0);
  const auto games = movesByRound(one);
  ASSERT_EQ(games.size(), size_t(kGames));
  EXPECT_EQ(movesByRound(four), games);
}

}  // namespace
}  // namespace tz
