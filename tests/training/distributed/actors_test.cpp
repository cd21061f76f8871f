// A distributed run over loopback with the real binary: a learner (RANK 0) and actors
// (RANK 1, 2) on the tiny training config. Every game an actor sends and the learner
// acknowledges is stored once; an actor killed mid-run costs the run nothing; an actor whose
// learner is killed leaves with a one-line error, and the learner resumes from its run
// directory without losing an acknowledged game or a checkpoint; scripts/launch_local.sh
// starts such a run.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>
#include <sstream>

#include "tests/support/cluster.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

const std::string kTiny = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/tiny.yaml";
const std::string kTinySharedBootstrap = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/tiny-shared-bootstrap.yaml";
const std::string kTinyKill = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/tiny-kill.yaml";
constexpr double kRunSeconds = 120;  // longest a tiny run may take here before the test fails

TEST(DistributedRun, EveryAcknowledgedGameOfTwoActorsIsStoredOnce) {
  Cluster c("dist_two_actors", 3);
  // Actor 2 gets its place by flags, the others by environment variables.
  const pid_t learner = c.startCoordinator(kTiny);
  const pid_t actor1 = c.start(1, kTiny), actor2 = c.startWithFlags(2, kTiny);
  ASSERT_EQ(waitForExitWithin(learner, kRunSeconds), 0) << fileText(c.err(0));
  ASSERT_EQ(waitForExitWithin(actor1, 30), 0) << fileText(c.err(1));
  ASSERT_EQ(waitForExitWithin(actor2, 30), 0) << fileText(c.err(2));
  const auto run = c.result(0), a1 = c.result(1), a2 = c.result(2);
  EXPECT_EQ(run["steps"], 60);
  EXPECT_NE(a1["actor"], a2["actor"]);
  const int acknowledged = a1["acknowledged"].get<int>() + a2["acknowledged"].get<int>();
  EXPECT_LE(a1["acknowledged"].get<int>(), a1["sent"].get<int>());
  EXPECT_LE(a2["acknowledged"].get<int>(), a2["sent"].get<int>());
  EXPECT_GE(a1["weights"].get<int>(), 1);
  EXPECT_GE(a2["weights"].get<int>(), 1);
  const auto [games, ids] = c.stored();
  EXPECT_GT(games, 0u);
  EXPECT_EQ(games, ids);
  EXPECT_EQ(int(games), acknowledged);  // none lost, none twice
  EXPECT_EQ(run["games"].get<int>(), acknowledged);
  // Each actor plays its own games (its own seed): actors sharing the run's seed would
  // store about every game twice. (The tiny net repeats a few games by itself.)
  EXPECT_GE(double(c.distinctGames()), 0.75 * double(games));
  EXPECT_TRUE(fs::exists(fs::path(c.run()) / "checkpoints" / "step-00000060.ckpt"));
}

TEST(DistributedRun, TheBootstrapCountsTheGamesOfAllActors) {
  Cluster c("dist_bootstrap", 3);
  const pid_t learner = c.startCoordinator(kTinySharedBootstrap);
  const pid_t actor1 = c.start(1, kTinySharedBootstrap), actor2 = c.start(2, kTinySharedBootstrap);
  ASSERT_EQ(waitForExitWithin(learner, kRunSeconds), 0) << fileText(c.err(0));
  ASSERT_EQ(waitForExitWithin(actor1, 30), 0) << fileText(c.err(1));
  ASSERT_EQ(waitForExitWithin(actor2, 30), 0) << fileText(c.err(2));
  RecordStore store((fs::path(c.run()) / "records.sqlite").string());
  int bootstrap = 0, network = 0;
  for (const auto& g : store.gamesByTag("selfplay")) (g.players[0] == "bootstrap:pure-mcts" ? bootstrap : network) += 1;
  // 40 in all, and about the games each actor has in progress (4) beyond (47 to 51 seen);
  // counted per actor, the two would play 40 each (80).
  RecordProperty("bootstrap_games", bootstrap);
  EXPECT_GE(bootstrap, 40);
  EXPECT_LE(bootstrap, 60);
  EXPECT_GT(network, 0);
}

TEST(DistributedRun, AKilledActorCostsTheRunNothing) {
  Cluster c("dist_killed_actor", 3);
  const pid_t learner = c.startCoordinator(kTinyKill);
  const pid_t actor1 = c.start(1, kTinyKill), actor2 = c.start(2, kTinyKill);
  ASSERT_TRUE(waitForGames(c, 4, kRunSeconds));
  kill(actor1, SIGKILL);
  waitpid(actor1, nullptr, 0);
  const size_t storedAtKill = c.stored().first;
  ASSERT_EQ(waitForExitWithin(learner, kRunSeconds), 0) << fileText(c.err(0));
  ASSERT_EQ(waitForExitWithin(actor2, 30), 0) << fileText(c.err(2));
  EXPECT_EQ(c.result(0)["steps"], 150);  // the run went on to its budget
  const auto [games, ids] = c.stored();
  EXPECT_EQ(games, ids);
  EXPECT_GE(games, storedAtKill);
  // The survivor's acknowledged games are all there, beside the killed actor's.
  EXPECT_GE(int(games), c.result(2)["acknowledged"].get<int>());
  EXPECT_GT(c.result(2)["acknowledged"].get<int>(), 0);
}

TEST(DistributedRun, AKilledLearnerResumesWithItsAcknowledgedGamesAndCheckpoints) {
  Cluster c("dist_killed_learner", 2);
  const pid_t learner = c.startCoordinator(kTinyKill);
  const pid_t actor = c.start(1, kTinyKill);
  ASSERT_TRUE(waitForGames(c, 4, kRunSeconds));
  kill(learner, SIGKILL);
  waitpid(learner, nullptr, 0);
  // The actor notices, says why on one line and fails.
  EXPECT_NE(waitForExitWithin(actor, 60), 0);
  const std::string message = fileText(c.err(1));
  EXPECT_NE(message.find("the learner at 127.0.0.1:" + std::to_string(c.port) + " is gone"), std::string::npos)
      << message;
  EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 1) << message;
  const size_t at = message.find(" games sent, ");
  ASSERT_NE(at, std::string::npos) << message;
  const int acknowledged = std::stoi(message.substr(at + 13));
  const auto [storedAtKill, idsAtKill] = c.stored();
  EXPECT_GE(int(storedAtKill), acknowledged);
  std::set<std::string> checkpointsAtKill;
  for (const auto& e : fs::directory_iterator(fs::path(c.run()) / "checkpoints"))
    checkpointsAtKill.insert(e.path().filename().string());

  // The learner resumes (on a port of its own) and a restarted actor plays for it.
  const pid_t resumed = c.startCoordinator(kTinyKill, {"--resume"});
  const pid_t restarted = c.start(1, kTinyKill);
  ASSERT_EQ(waitForExitWithin(resumed, kRunSeconds), 0) << fileText(c.err(0));
  ASSERT_EQ(waitForExitWithin(restarted, 30), 0) << fileText(c.err(1));
  EXPECT_EQ(c.result(0)["steps"], 150);
  const auto [games, ids] = c.stored();
  EXPECT_EQ(games, ids);
  EXPECT_EQ(games, storedAtKill + size_t(c.result(1)["acknowledged"].get<int>()));
  for (const auto& name : checkpointsAtKill) EXPECT_TRUE(fs::exists(fs::path(c.run()) / "checkpoints" / name)) << name;
}

TEST(DistributedRun, LaunchLocalStartsALearnerAndItsActors) {
  Cluster c("dist_launch_local", 3);
  const pid_t pid = launchLocal(c, 3, 1, kTiny);
  ASSERT_EQ(waitForExitWithin(pid, kRunSeconds), 0) << fileText(c.err(0));
  // The learner's JSON line, then each actor's last line.
  std::istringstream lines(fileText(c.out(0)));
  std::string line;
  int actorLines = 0, learnerGames = -1;
  while (std::getline(lines, line)) {
    if (line.rfind("{", 0) == 0) learnerGames = nlohmann::json::parse(line)["games"];
    actorLines += line.rfind("actor ", 0) == 0 && line.find("acknowledged") != std::string::npos;
  }
  EXPECT_EQ(actorLines, 2);
  EXPECT_GT(learnerGames, 0);
  EXPECT_EQ(c.stored().first, size_t(learnerGames));
}

}  // namespace
}  // namespace tz::test
