// The training run end to end on a tiny config: it trains, checkpoints, evaluates and
// draws curves; a run killed with SIGKILL at a random moment resumes and loses no finished
// game and no checkpoint; bad configs fail at start naming file, key and expectation.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <thread>

#include "game/base/error.h"
#include "nets/checkpoint.h"
#include "nets/network.h"
#include "tests/support/child_process.h"
#include "tests/support/error_of.h"
#include "training/charts/curves.h"
#include "training/run/experiment.h"
#include "training/matches/records.h"
#include "training/run/training_run.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

const std::string kTiny = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/tiny.yaml";
// tiny.yaml with 150 steps: with evaluation off the trainer's path, 60 steps take under two
// seconds, too short a window to kill the run reliably after its first stored games.
const std::string kTinyKill = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/tiny-kill.yaml";

// An empty folder named after `name` and this process (other test runs may share the temp folder).
std::string freshDir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / (name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  return dir.string();
}

std::map<int64_t, std::string> storedGames(const std::string& dir) {
  std::map<int64_t, std::string> out;
  RecordStore store(RunPaths::of(dir).records);
  for (const auto& g : store.gamesByTag("selfplay")) out[g.id] = g.moves;
  return out;
}

std::vector<std::string> checkpointFiles(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(RunPaths::of(dir).checkpoints))
    if (e.path().extension() == ".ckpt") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(TrainRun, TinyRunTrainsCheckpointsEvaluatesAndDraws) {
  const std::string dir = freshDir("train_tiny");
  const RunSummary s = runTraining(kTiny, dir, false, false);
  EXPECT_EQ(s.steps, 60);
  EXPECT_GT(s.games, 0);
  const auto ckpts = checkpointFiles(dir);
  ASSERT_GE(ckpts.size(), 7u);  // step 0, 10, ..., 60
  EXPECT_EQ(readCheckpointInfo(ckpts.back()).step, 60);
  const auto metrics = readMetrics(RunPaths::of(dir).metrics);
  int train = 0, eval = 0, ratings = 0, selfplay = 0;
  for (const auto& m : metrics) {
    const std::string kind = m["kind"];
    train += kind == "train";
    eval += kind == "eval";
    ratings += kind == "ratings";
    selfplay += kind == "selfplay";
  }
  EXPECT_EQ(train, 6);
  EXPECT_GE(eval, 3);
  EXPECT_GE(ratings, 2);
  EXPECT_GE(selfplay, 1);
  for (const char* file : {"loss.svg", "ratings.svg", "selfplay.svg", "vs-random.svg", "train.log", "config.yaml"}) {
    EXPECT_TRUE(fs::exists(fs::path(dir) / file)) << file;
  }
  // Every stored self-play game has its training positions.
  RecordStore store(RunPaths::of(dir).records);
  const auto games = store.gamesByTag("selfplay");
  ASSERT_FALSE(games.empty());
  EXPECT_FALSE(store.positions(games.front().id).empty());
  // The same directory again needs --resume.
  try {
    runTraining(kTiny, dir, false, false);
    FAIL() << "a second run in the same directory was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("--resume"), std::string::npos) << e.what();
  }
}

TEST(TrainRun, BootstrapGamesComeFirstThenTheNetworkPlays) {
  const std::string dir = freshDir("train_bootstrap");
  const RunSummary s = runTraining(std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/tiny-bootstrap.yaml",
                                   dir, false, false);
  EXPECT_EQ(s.steps, 30);
  RecordStore store(RunPaths::of(dir).records);
  const auto games = store.gamesByTag("selfplay");
  ASSERT_GT(games.size(), 8u);
  for (size_t i = 0; i < games.size(); ++i) {
    const std::string expected = i < 8 ? "bootstrap:pure-mcts" : "selfplay:step-";
    EXPECT_EQ(games[i].players[0].rfind(expected, 0), 0u) << "game " << i << ": " << games[i].players[0];
    EXPECT_FALSE(store.positions(games[i].id).empty()) << "game " << i;
  }
}

TEST(TrainRun, KilledAtAnyMomentResumesWithoutLosingGamesOrCheckpoints) {
  std::mt19937 rng(std::random_device{}());
  for (int attempt = 0; attempt < 2; ++attempt) {
    const std::string dir = freshDir("train_kill_" + std::to_string(attempt));
    const pid_t pid = startTaflzero({"train", kTinyKill, "--run", dir, "--quiet"});
    ASSERT_GT(pid, 0);
    // Wait until games are being stored, then kill after a random further delay.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    int status = 0;
    while (std::chrono::steady_clock::now() < deadline) {
      ASSERT_EQ(waitpid(pid, &status, WNOHANG), 0) << "the run ended before it was killed (exit status " << WEXITSTATUS(status) << ")";
      if (fs::exists(RunPaths::of(dir).records) && !storedGames(dir).empty()) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(rng() % 1500));
    ASSERT_EQ(waitpid(pid, &status, WNOHANG), 0) << "the run ended before it was killed";
    ASSERT_EQ(kill(pid, SIGKILL), 0);
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status));
    const auto gamesBefore = storedGames(dir);
    const auto ckptsBefore = checkpointFiles(dir);
    for (const auto& c : ckptsBefore) EXPECT_NO_THROW(readCheckpointInfo(c)) << c;

    ASSERT_EQ(waitForExit(startTaflzero({"train", kTinyKill, "--run", dir, "--resume", "--quiet"})), 0);
    const auto gamesAfter = storedGames(dir);
    for (const auto& [id, moves] : gamesBefore) {
      ASSERT_TRUE(gamesAfter.count(id)) << "game " << id << " lost";
      EXPECT_EQ(gamesAfter.at(id), moves) << "game " << id << " changed";
    }
    const auto ckptsAfter = checkpointFiles(dir);
    for (const auto& c : ckptsBefore) EXPECT_NE(std::find(ckptsAfter.begin(), ckptsAfter.end(), c), ckptsAfter.end());
    EXPECT_EQ(readCheckpointInfo(ckptsAfter.back()).step, 150);
  }
}

// A tiny brandubh experiment with a budget of 0.02 minutes and the `evaluation` section given,
// written as `name` in the test's temporary folder; its path.
std::string minutesExperiment(const std::string& name, const std::string& evaluation) {
  const std::string config = (fs::path(::testing::TempDir()) / name).string();
  std::ofstream(config) << "variant: brandubh\nnetwork: " << TAFLZERO_SOURCE_DIR
                        << "/tests/training/run/configs/tiny-net.yaml\nseed: 3\nbudget: {minutes: 0.02}\n"
                           "selfplay: {workers: 1, games_per_worker: 2, sims: 8, cheap_sims: 4, "
                           "past_fraction: 0}\nevaluator: {max_batch: 16, max_wait_us: 200}\n"
                           "training: {batch_size: 32, window: 2000, min_positions: 64, checkpoint_every: 10}\n"
                           "evaluation: "
                        << evaluation << "\n";
  return config;
}

TEST(TrainRun, AMinutesBudgetCountsTheTimeBeforeAResume) {
  const std::string dir = freshDir("train_minutes");
  const std::string config = minutesExperiment("minutes.yaml", "{every: 0}");
  const RunSummary first = runTraining(config, dir, false, false);
  double seconds = 0;
  for (const auto& m : readMetrics(RunPaths::of(dir).metrics)) seconds = std::max(seconds, m.value("seconds", 0.0));
  EXPECT_GE(seconds, 0.02 * 60);
  // The budget is spent: the resumed run stops at once, without another game or step.
  const RunSummary resumed = runTraining(config, dir, true, false);
  EXPECT_EQ(resumed.games, first.games);
  EXPECT_EQ(resumed.steps, first.steps);
}

// A time budget covers the evaluation: at its end the evaluation in progress (here one that
// would play 400 long games) stops after its game, its games kept, and the run returns.
TEST(TrainRun, ATimeBudgetStopsTheEvaluationInProgress) {
  const std::string dir = freshDir("train_minutes_eval");
  const std::string config =
      minutesExperiment("minutes-eval.yaml", "{every: 1, games: 400, sims: 400, baselines: [\"mcts:sims=2000\"]}");
  runTraining(config, dir, false, false);
  RecordStore store(RunPaths::of(dir).records);
  const std::vector<std::string> tags = store.tags("eval|");
  int evaluationGames = 0;
  for (const std::string& tag : tags) evaluationGames += store.countResults(tag).total();
  EXPECT_LT(evaluationGames, 400);
  std::ifstream log(RunPaths::of(dir).log);
  const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("stopped when the run stopped; its games so far are kept"), std::string::npos) << text;
}

TEST(TrainRun, WeightsArePublishedOnTheirOwnIntervalAndAtTheBootstrapEnd) {
  const std::string dir = freshDir("train_publish");
  const RunSummary s =
      runTraining(std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/tiny-gpu-shaped.yaml", dir, false, false);
  EXPECT_EQ(s.steps, 40);
  // At the start, at the bootstrap's end, and every 5 steps (no checkpoint before step 40).
  EXPECT_GE(s.publications, 1 + 1 + 40 / 5);
  EXPECT_EQ(checkpointFiles(dir).size(), 2u);  // step 0 and the last
  RecordStore store(RunPaths::of(dir).records);
  int64_t newest = 0;
  for (const auto& g : store.gamesByTag("selfplay")) {
    long long step = -1;
    if (std::sscanf(g.players[0].c_str(), "selfplay:step-%lld", &step) == 1) newest = std::max<int64_t>(newest, step);
  }
  EXPECT_GT(newest, 0) << "network games searched with weights no checkpoint holds";
  for (const auto& m : readMetrics(RunPaths::of(dir).metrics)) {
    if (m["kind"] == "selfplay" && !m["bootstrap"].get<bool>()) {
      EXPECT_LT(m["weights_age"].get<double>(), 40.0);
    }
  }
}

TEST(TrainRun, PastOpponentsAreSavedCheckpointsWhoseMovesTeachNothing) {
  const std::string dir = freshDir("train_past");
  runTraining(kTiny, dir, false, false);  // past_fraction 0.5, checkpoints every 10 steps
  RecordStore store(RunPaths::of(dir).records);
  int pastGames = 0;
  for (const auto& g : store.gamesByTag("selfplay")) {
    for (int side = 0; side < 2; ++side) {
      long long step = -1;
      if (std::sscanf(g.players[side].c_str(), "past:step-%lld", &step) != 1) continue;
      ++pastGames;
      EXPECT_GT(step, 0) << "the untrained network played game " << g.id;
      EXPECT_EQ(g.players[1 - side].rfind("selfplay:step-", 0), 0u);
      for (const auto& p : store.positions(g.id)) EXPECT_NE(p.toMove, side) << "game " << g.id << " ply " << p.ply;
    }
  }
  EXPECT_GT(pastGames, 0);
}

TEST(TrainRun, EvaluationRunsBesideTheTrainer) {
  // Each checkpoint's evaluation (16 games at 48 simulations) takes far longer than the 10
  // training steps to the next one: the trainer goes on while it runs, so later steps are
  // logged before earlier checkpoints' results (the evaluator skips to the newest).
  const std::string dir = freshDir("train_eval_beside");
  runTraining(std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/tiny-slow-eval.yaml", dir, false, false);
  int64_t trained = 0;
  bool overtaken = false;
  std::set<int64_t> evaluated;
  for (const auto& m : readMetrics(RunPaths::of(dir).metrics)) {
    if (m["kind"] == "train") trained = m["step"].get<int64_t>();
    if (m["kind"] == "eval") {
      evaluated.insert(m["step"].get<int64_t>());
      overtaken |= trained > m["step"].get<int64_t>();
    }
    if (m["kind"] == "run") {
      EXPECT_GT(m["evaluation_seconds"].get<double>(), 0.0);
    }
  }
  EXPECT_TRUE(overtaken) << "every evaluation finished before the next training step";
  EXPECT_TRUE(evaluated.count(40)) << "the last checkpoint is always evaluated";
}

TEST(TrainRun, BadConfigsFailAtStartWithFileKeyAndExpectation) {
  const std::string dir = freshDir("train_bad");
  const std::string bad = (fs::path(::testing::TempDir()) / "bad.yaml").string();
  auto expectMessage = [&](const std::string& yaml, const std::string& key, const std::string& expected) {
    std::ofstream(bad) << yaml;
    try {
      runTraining(bad, dir, false, false);
      ADD_FAILURE() << "accepted: " << yaml;
    } catch (const Error& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find("bad.yaml"), std::string::npos) << msg;
      EXPECT_NE(msg.find(key), std::string::npos) << msg;
      EXPECT_NE(msg.find(expected), std::string::npos) << msg;
    }
    EXPECT_FALSE(fs::exists(RunPaths::of(dir).config)) << "a bad config created a run";
  };
  expectMessage("variant: brandubh\nbudget: {steps: 1}\ntraining: {batch_size: 0}\n", "training.batch_size",
                "[1, 65536]");
  expectMessage("variant: brandubh\nbudget: {steps: 1}\nselfplay: {simulation: 3}\n", "selfplay.simulation",
                "unknown");
  expectMessage("variant: brandubh\n", "budget", "at least one of");
  expectMessage("variant: brandubh\nbudget: {steps: 1}\ndevice: tpu\n", "device", "cpu | cuda");
  expectMessage("variant: brandubh\nbudget: {steps: 1}\ntraining: {learning_rate: {10: -1}}\n",
                "training.learning_rate", "each rate a number in [1e-07, 10]");
  expectMessage("variant: brandubh\nbudget: {steps: 1}\nselfplay: {mix: 1.5}\n", "selfplay.mix", "[0, 1]");
  // The setting's name before it took a spec's (mix): refused, naming the one now.
  expectMessage("variant: brandubh\nbudget: {steps: 1}\nselfplay: {rollout_mix: 0.5}\n", "selfplay.rollout_mix",
                "selfplay.mix");
  expectMessage("variant: brandubh\nbudget: {steps: 1}\nselfplay: {bootstrap: {sims: 10, cheap_sims: 20}}\n",
                "selfplay.bootstrap.cheap_sims", "at most selfplay.bootstrap.sims");
  expectMessage("variant: brandubh\nbudget: {steps: 1}\nselfplay: {bootstrap: {sims: [100, 50, 20]}}\n",
                "selfplay.bootstrap.sims", "a list of one per side");
  expectMessage("variant: brandubh\nbudget: {steps: 1}\nevaluation: {baselines: [random, nosuch]}\n",
                "evaluation.baselines[1]", "nosuch");
}

TEST(TrainRun, SelfPlayStoppingEarlyFailsTheRunAndKeepsItResumable) {
  const std::string dir = freshDir("train_disk_guard");
  setenv("TAFLZERO_KEEP_FREE_MIB", "1000000000", 1);  // more than any disk has free: the first game is refused
  const std::string why = errorOf([&] { runTraining(kTiny, dir, false, false); });
  unsetenv("TAFLZERO_KEEP_FREE_MIB");
  EXPECT_NE(why.find("self-play stopped before the budget was spent: records "), std::string::npos) << why;
  EXPECT_NE(why.find("MiB kept free"), std::string::npos) << why;
  EXPECT_NE(why.find("--resume continues the run"), std::string::npos) << why;
  EXPECT_FALSE(checkpointFiles(dir).empty());
  setenv("TAFLZERO_KEEP_FREE_MIB", "lots", 1);
  EXPECT_NE(errorOf([&] { runTraining(kTiny, dir, true, false); }).find("TAFLZERO_KEEP_FREE_MIB: expected a whole number"),
            std::string::npos);
  unsetenv("TAFLZERO_KEEP_FREE_MIB");
  EXPECT_EQ(runTraining(kTiny, dir, true, false).steps, 60);
}

TEST(TrainRun, AStudysFolderIsNoRunsFolder) {
  const std::string dir = freshDir("train_into_study");
  fs::create_directories(dir);
  std::ofstream(fs::path(dir) / "study.yaml") << "base: brandubh\n";
  const std::string why = errorOf([&] { runTraining(kTiny, dir, false, false); });
  EXPECT_NE(why.find("folder " + dir + " holds a balance study (study.yaml); choose another --run"), std::string::npos)
      << why;
  EXPECT_FALSE(fs::exists(RunPaths::of(dir).config));
}

TEST(TrainRun, AFailedStartLeavesNoRunFolder) {
  const std::string dir = freshDir("train_failed_start");
  const std::string bad = (fs::path(::testing::TempDir()) / "unstartable.yaml").string();
  for (const std::string yaml : {"variant: brandub\nbudget: {steps: 1}\n",
                                 "variant: brandubh\nnetwork: missing-network.yaml\nbudget: {steps: 1}\n",
                                 cudaAvailable() ? "" : "variant: brandubh\ndevice: cuda\nbudget: {steps: 1}\n"}) {
    if (yaml.empty()) continue;
    std::ofstream(bad) << yaml;
    EXPECT_THROW(runTraining(bad, dir, false, false), Error) << yaml;
    EXPECT_FALSE(fs::exists(dir)) << "a failed start left " << dir << " for: " << yaml;
  }
  // Endgame teaching from a folder without tables stops the run before it starts.
  std::ofstream(bad) << "variant: morris\nbudget: {steps: 1}\ntraining: {endgame: {tables: /nonexistent-tables}}\n";
  const std::string why = errorOf([&] { runTraining(bad, dir, false, false); });
  EXPECT_NE(why.find("training.endgame.tables"), std::string::npos) << why;
  EXPECT_FALSE(fs::exists(dir)) << "a failed start left " << dir << " for missing endgame tables";
}

TEST(TrainRun, LearningRateScheduleSteps) {
  const ExperimentConfig c = loadExperiment(kTiny);
  EXPECT_DOUBLE_EQ(c.training.learningRate(0), 0.02);
  EXPECT_DOUBLE_EQ(c.training.learningRate(19), 0.02);
  EXPECT_DOUBLE_EQ(c.training.learningRate(20), 0.01);
  EXPECT_NE(c.network.find("tests/training/run/configs/tiny-net.yaml"), std::string::npos);
}

TEST(TrainRun, EveryShippedExperimentLoads) {
  int count = 0;
  for (const auto& e : fs::directory_iterator(std::string(TAFLZERO_SOURCE_DIR) + "/configs/experiments")) {
    EXPECT_NO_THROW(loadExperiment(e.path().string())) << e.path();
    ++count;
  }
  EXPECT_GE(count, 8);
  const ExperimentConfig quick = loadExperiment(std::string(TAFLZERO_SOURCE_DIR) + "/configs/experiments/brandubh-quick.yaml");
  EXPECT_GT(quick.selfPlay.bootstrap.games, 0);
  EXPECT_DOUBLE_EQ(quick.evaluation.agent.net.mix, quick.selfPlay.mix);
  EXPECT_EQ(quick.evaluation.agent.search.simulations, 100);
}

}  // namespace
}  // namespace tz::test
