// Data-parallel learners inside `taflzero train`, over loopback with the real binary: rank 0
// and a further learner (LEARNERS=2) share every step while an actor plays. The two
// learners end with the same weights (the further learner's digest is that of rank 0's
// last checkpoint), rank 0's metrics show the actors' self-play, a further learner whose
// rank 0 is killed leaves with a one-line error, and the run resumes from rank 0's
// checkpoint with all learners identical again.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>

#include "game/registry.h"
#include "nets/checkpoint.h"
#include "tests/support/cluster.h"
#include "training/distributed/data_parallel.h"
#include "training/charts/curves.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

const std::string kTiny = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/tiny.yaml";
const std::string kTinyKill = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/tiny-kill.yaml";
constexpr double kRunSeconds = 120;  // longest a tiny run may take here before the test fails

fs::path checkpointOf(const Cluster& c, int64_t step) {
  char name[32];
  std::snprintf(name, sizeof(name), "step-%08lld.ckpt", static_cast<long long>(step));
  return fs::path(c.run()) / "checkpoints" / name;
}

// The weights digest of rank 0's checkpoint at `step`.
std::string digestAt(const Cluster& c, int64_t step) {
  const auto game = loadGame("brandubh", {});
  return weightsDigest(*loadCheckpoint(checkpointOf(c, step).string(), *game));
}

// The newest checkpoint's step in the run (-1 when none).
int64_t newestCheckpoint(const Cluster& c) {
  int64_t newest = -1;
  for (const auto& e : fs::directory_iterator(fs::path(c.run()) / "checkpoints")) {
    const std::string name = e.path().filename().string();
    if (name.rfind("step-", 0) == 0 && e.path().extension() == ".ckpt") newest = std::max(newest, int64_t(std::stoll(name.substr(5))));
  }
  return newest;
}

TEST(DataParallelRun, TwoLearnersAndAnActorEndWithTheSameWeights) {
  Cluster c("dp_two_learners", 3, 2);
  const pid_t lead = c.startCoordinator(kTiny);
  ASSERT_NE(c.port, 0);
  const pid_t learner = c.start(1, kTiny), actor = c.start(2, kTiny);
  ASSERT_EQ(waitForExitWithin(lead, kRunSeconds), 0) << fileText(c.err(0));
  ASSERT_EQ(waitForExitWithin(learner, 30), 0) << fileText(c.err(1));
  ASSERT_EQ(waitForExitWithin(actor, 30), 0) << fileText(c.err(2));
  const auto run = c.result(0), further = c.result(1);
  EXPECT_EQ(run["steps"], 60);
  EXPECT_EQ(further["learner"], 1);
  EXPECT_EQ(further["steps"], 60);  // every step of the run, shared
  EXPECT_EQ(further["step"], 60);
  EXPECT_EQ(further["weights_digest"], digestAt(c, 60));
  EXPECT_NE(digestAt(c, 50), digestAt(c, 60));  // (the digest sees a step)
  // Rank 0's metrics count the games received from the actors, all of them.
  int received = 0;
  for (const auto& m : readMetrics((fs::path(c.run()) / "metrics.jsonl").string())) {
    if (m.value("kind", "") != "selfplay") continue;
    EXPECT_EQ(m["source"], "actors");
    EXPECT_GT(m["positions"].get<int>(), 0);
    EXPECT_GT(m["games_per_second"].get<double>(), 0);
    received += m["chunk_games"].get<int>();
  }
  EXPECT_EQ(received, run["games"].get<int>());
  EXPECT_TRUE(fs::exists(fs::path(c.run()) / "selfplay.svg"));
  EXPECT_EQ(c.stored().first, size_t(run["games"].get<int>()));
}

TEST(DataParallelRun, AFurtherLearnerLeavesWhenRankZeroIsKilledAndTheRunResumes) {
  Cluster c("dp_killed_lead", 3, 2);
  pid_t lead = c.startCoordinator(kTinyKill);
  ASSERT_NE(c.port, 0);
  pid_t learner = c.start(1, kTinyKill), actor = c.start(2, kTinyKill);
  bool trained = false;
  for (double waited = 0; waited < kRunSeconds && !trained; waited += 0.1) {
    trained = fs::exists(checkpointOf(c, 20));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(trained) << fileText(c.err(0));
  kill(lead, SIGKILL);
  waitpid(lead, nullptr, 0);
  EXPECT_NE(waitForExitWithin(learner, 90), 0);
  const std::string message = fileText(c.err(1));
  EXPECT_NE(message.find("learner rank 1: rank 0 at 127.0.0.1:" + std::to_string(c.port) + " is gone or failed"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find(" steps taken"), std::string::npos) << message;
  EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 1) << message;
  EXPECT_NE(waitForExitWithin(actor, 90), 0);
  const int64_t resumedFrom = newestCheckpoint(c);
  ASSERT_GE(resumedFrom, 20);

  // Rank 0 resumes from its newest checkpoint, the others start again and join it.
  lead = c.startCoordinator(kTinyKill, {"--resume"});
  ASSERT_NE(c.port, 0);
  learner = c.start(1, kTinyKill);
  actor = c.start(2, kTinyKill);
  ASSERT_EQ(waitForExitWithin(lead, kRunSeconds), 0) << fileText(c.err(0));
  ASSERT_EQ(waitForExitWithin(learner, 30), 0) << fileText(c.err(1));
  ASSERT_EQ(waitForExitWithin(actor, 30), 0) << fileText(c.err(2));
  EXPECT_EQ(c.result(0)["steps"], 150);
  const auto further = c.result(1);
  EXPECT_EQ(further["step"], 150);
  EXPECT_EQ(further["steps"].get<int64_t>(), 150 - resumedFrom);
  EXPECT_EQ(further["weights_digest"], digestAt(c, 150));
  const auto [games, ids] = c.stored();
  EXPECT_EQ(games, ids);
}

TEST(DataParallelRun, RankZeroStopsWhenAFurtherLearnerIsKilledAndKeepsItsCheckpoints) {
  Cluster c("dp_killed_further", 3, 2);
  const pid_t lead = c.startCoordinator(kTinyKill);
  ASSERT_NE(c.port, 0);
  const pid_t learner = c.start(1, kTinyKill), actor = c.start(2, kTinyKill);
  bool trained = false;
  for (double waited = 0; waited < kRunSeconds && !trained; waited += 0.1) {
    trained = fs::exists(checkpointOf(c, 20));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(trained) << fileText(c.err(0));
  kill(learner, SIGKILL);
  waitpid(learner, nullptr, 0);
  // The step cannot be completed without it: rank 0 says so on one line and stops.
  EXPECT_NE(waitForExitWithin(lead, 90), 0);
  const std::string message = fileText(c.err(0));
  EXPECT_NE(message.find("a further learner (ranks 1..1) is gone or failed"), std::string::npos) << message;
  EXPECT_NE(message.find("restart all ranks, rank 0 with --resume"), std::string::npos) << message;
  EXPECT_NE(waitForExitWithin(actor, 90), 0);
  EXPECT_TRUE(fs::exists(checkpointOf(c, 20)));
}

TEST(DataParallelRun, LaunchLocalStartsTwoLearnersAndAnActor) {
  Cluster c("dp_launch_local", 3, 2);
  const pid_t pid = launchLocal(c, 3, 2, kTiny);
  ASSERT_EQ(waitForExitWithin(pid, kRunSeconds), 0) << fileText(c.err(0));
  // Rank 0's JSON line, then the further learner's and the actor's last lines.
  std::istringstream lines(fileText(c.out(0)));
  std::string line, learnerLine;
  int actorLines = 0, steps = -1;
  while (std::getline(lines, line)) {
    if (line.rfind("{", 0) == 0) steps = nlohmann::json::parse(line)["steps"];
    if (line.rfind("learner (rank 1): ", 0) == 0) learnerLine = line;
    actorLines += line.rfind("actor ", 0) == 0 && line.find("acknowledged") != std::string::npos;
  }
  EXPECT_EQ(steps, 60);
  EXPECT_EQ(actorLines, 1);
  EXPECT_NE(learnerLine.find("60 training steps, at step 60, weights digest " + digestAt(c, 60)), std::string::npos)
      << learnerLine;
  EXPECT_TRUE(fs::exists(fs::path(c.run()) / "learners" / "rank-1.log"));
}

TEST(DataParallelRun, AFurtherLearnerWithAnotherLearnersCountIsTurnedAway) {
  Cluster c("dp_other_count", 4, 2);
  const pid_t lead = c.startCoordinator(kTiny);
  ASSERT_NE(c.port, 0);
  c.learners = 3;
  const pid_t learner = c.start(1, kTiny);
  EXPECT_NE(waitForExitWithin(learner, 60), 0);
  const std::string message = fileText(c.err(1));
  EXPECT_NE(message.find("learner rank 1: LEARNERS=3 here, but rank 0 at 127.0.0.1:" + std::to_string(c.port) +
                         " runs with LEARNERS=2"),
            std::string::npos)
      << message;
  kill(lead, SIGKILL);  // it would wait 60 s for its second learner
  waitpid(lead, nullptr, 0);
}

TEST(DataParallelRun, ABatchThatDoesNotSplitOverTheLearnersIsRefusedBeforeTheRunStarts) {
  Cluster c("dp_bad_split", 4, 3);
  const pid_t lead = c.start(0, kTiny);  // batch_size 32 over 3 learners
  EXPECT_NE(waitForExitWithin(lead, 60), 0);
  const std::string message = fileText(c.err(0));
  EXPECT_NE(message.find("training.batch_size 32 does not split evenly over LEARNERS=3 learners"), std::string::npos)
      << message;
  EXPECT_FALSE(fs::exists(c.run()));
}

}  // namespace
}  // namespace tz::test
