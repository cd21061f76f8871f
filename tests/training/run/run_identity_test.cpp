// A run is fixed at its start: a resume refuses an edited variant file, an edited run
// config, another command-line config or a missing one, or other overrides (`train --set`),
// naming the difference and touching nothing; a checkpoint that does not load is moved
// aside, never overwritten.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "game/base/error.h"
#include "nets/checkpoint.h"
#include "training/matches/records.h"
#include "training/run/training_run.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every file of a run folder with its contents.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) out[e.path().string()] = readFile(e.path());
  }
  return out;
}

void replaceInFile(const fs::path& path, const std::string& from, const std::string& to) {
  std::string text = readFile(path);
  const size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from << " not in " << path;
  text.replace(at, from.size(), to);
  std::ofstream(path) << text;
}

class RunIdentity : public ::testing::Test {
 protected:
  void SetUp() override {
    // One folder per test: ctest runs tests in parallel processes.
    root_ = fs::path(::testing::TempDir()) /
            ("run_identity_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(root_);
    fs::create_directories(root_);
    fs::copy_file(fs::path(TAFLZERO_SOURCE_DIR) / "configs/variants/brandubh.yaml", root_ / "myv.yaml");
    config_ = (root_ / "exp.yaml").string();
    std::ofstream(config_) << "variant: myv.yaml\nnetwork: " << TAFLZERO_SOURCE_DIR
                           << "/tests/training/run/configs/tiny-net.yaml\nseed: 3\nbudget: {steps: 20}\n"
                              "selfplay: {workers: 1, games_per_worker: 4, sims: 8, cheap_sims: 4, "
                              "past_fraction: 0}\nevaluator: {max_batch: 16, max_wait_us: 200}\n"
                              "training: {batch_size: 32, window: 2000, min_positions: 64, checkpoint_every: 10}\n"
                              "evaluation: {every: 0}\n";
    run_ = (root_ / "run").string();
    runTraining(config_, run_, false, false);
  }

  // The resume fails with a message holding `expected`, and the run folder is unchanged.
  void expectRefused(const std::string& config, const std::string& expected) {
    const auto before = snapshot(run_);
    try {
      runTraining(config, run_, true, false);
      ADD_FAILURE() << "resumed although " << expected;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
    EXPECT_EQ(snapshot(run_), before) << "a refused resume changed the run folder";
  }

  fs::path root_;
  std::string config_, run_;
};

TEST_F(RunIdentity, AnEditedVariantFileIsRefused) {
  replaceInFile(root_ / "myv.yaml", "ply_limit: 200", "ply_limit: 150");
  expectRefused(config_, "ply_limit: 200 -> 150");
}

TEST_F(RunIdentity, AnEditedRunConfigIsRefused) {
  replaceInFile(fs::path(run_) / "config.yaml", "window: 2000", "window: 1500");
  expectRefused(config_, "training.window: 2000 -> 1500");
}

TEST_F(RunIdentity, AnotherOrMissingCommandConfigIsRefused) {
  const std::string other = (root_ / "other.yaml").string();
  fs::copy_file(config_, other);
  replaceInFile(other, "seed: 3", "seed: 4");
  expectRefused(other, "seed: 3 -> 4");
  expectRefused((root_ / "missing.yaml").string(), "missing.yaml");
}

TEST_F(RunIdentity, TheSameConfigResumesAndTheRunsOwnCopyToo) {
  EXPECT_EQ(runTraining(config_, run_, true, false).steps, 20);
  EXPECT_EQ(runTraining(run_ + "/config.yaml", run_, true, false).steps, 20);
}

// `train --set` and the budget flags: the overrides are part of the run's config, and a
// resume takes the same overrides (or the run's own config), as it takes the same file.
TEST_F(RunIdentity, OverridesAreTheRunsAndAResumeNeedsTheSame) {
  const std::string run = (root_ / "overridden").string();
  const ExperimentSource overridden(config_, {"seed=5", "budget.steps=10"});
  EXPECT_EQ(runTraining(overridden, run, false, false).steps, 10);
  const std::string stored = readFile(fs::path(run) / "config.yaml");
  EXPECT_NE(stored.find("--set 'seed=5' --set 'budget.steps=10' as started"), std::string::npos) << stored;
  EXPECT_NE(stored.find("seed: 5"), std::string::npos) << stored;
  EXPECT_EQ(runTraining(overridden, run, true, false).steps, 10);
  EXPECT_EQ(runTraining(run + "/config.yaml", run, true, false).steps, 10);
  try {
    runTraining(config_, run, true, false);
    ADD_FAILURE() << "resumed without the run's overrides";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("differs from the config the run started with (seed: 5 -> 3)"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(RunIdentity, ABadOverrideIsRefusedBeforeAnythingIsWritten) {
  const std::string run = (root_ / "refused").string();
  const std::pair<std::vector<std::string>, std::string> refused[] = {
      {{"budget.minutes=-1"}, "--set 'budget.minutes=-1': key 'budget.minutes'"},
      {{"selfplay.nosuch=1"}, "nosuch"},
      {{"seed"}, "seed"},
  };
  for (const auto& [sets, expected] : refused) {
    try {
      runTraining(ExperimentSource(config_, sets), run, false, false);
      ADD_FAILURE() << "started with " << sets.front();
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
    EXPECT_FALSE(fs::exists(run)) << sets.front();
  }
}

TEST_F(RunIdentity, ACheckpointThatDoesNotLoadIsMovedAsideNotOverwritten) {
  const std::string newest = run_ + "/checkpoints/step-00000020.ckpt";
  std::ofstream(newest, std::ios::trunc) << "not a checkpoint";
  EXPECT_EQ(runTraining(config_, run_, true, false).steps, 20);  // retrained from step 10
  EXPECT_EQ(readFile(newest + ".damaged"), "not a checkpoint");
  EXPECT_EQ(readCheckpointInfo(newest).step, 20);
}

}  // namespace
}  // namespace tz::test
