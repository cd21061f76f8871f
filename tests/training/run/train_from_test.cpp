// A run continued from a checkpoint (train --from, each sitting of a shipped model): it
// starts at the checkpoint's step with its weights and optimizer state, goes on along the
// learning-rate schedule, plays no bootstrap, and two sittings of N steps end at the step
// one run of 2N ends at. A checkpoint of another network is refused with nothing written; one
// of other rules of the same board goes on under the run's rules when asked to.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "game/registry.h"
#include "nets/checkpoint.h"
#include "nets/model_meta.h"
#include "nets/network.h"
#include "tests/support/error_of.h"
#include "training/charts/curves.h"
#include "training/matches/digest.h"
#include "training/matches/records.h"
#include "training/run/run_directory.h"
#include "training/run/training_run.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

const std::string kConfigs = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/";

std::string freshDir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / (name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  return dir.string();
}

TEST(TrainFrom, TwoSittingsOfNStepsEndWhereOneOf2NEnds) {
  const std::string whole = freshDir("from_whole"), first = freshDir("from_first"), second = freshDir("from_second");
  const RunSummary one = runTraining(kConfigs + "tiny.yaml", whole, false, false);
  const RunSummary a = runTraining(kConfigs + "tiny-half.yaml", first, false, false);
  ASSERT_EQ(a.steps, 30);
  const RunSummary b = runTraining(kConfigs + "tiny.yaml", second, false, false, nullptr, {a.latestCheckpoint});
  EXPECT_EQ(one.steps, 60);
  EXPECT_EQ(b.steps, one.steps);
  EXPECT_EQ(readCheckpointInfo(b.latestCheckpoint).step, 60);

  // The second sitting starts from the first's checkpoint, kept as its own first one.
  const RunStart start = readRunStart(RunPaths::of(second));
  EXPECT_EQ(start.fromStep, 30);
  EXPECT_EQ(start.fromSha256, fileSha256Hex(a.latestCheckpoint));
  const auto checkpoints = listCheckpoints(RunPaths::of(second));
  ASSERT_FALSE(checkpoints.empty());
  EXPECT_EQ(checkpoints.front().step, 30);
  EXPECT_EQ(fileSha256Hex(checkpoints.front().path), start.fromSha256);

  // Its training goes on along the schedule (0.01 from step 20) with the optimizer it continued.
  const CheckpointInfo info = readCheckpointInfo(b.latestCheckpoint);
  ASSERT_TRUE(info.hasOptimizer);
  int trainMetrics = 0;
  for (const auto& m : readMetrics(RunPaths::of(second).metrics)) {
    if (m["kind"] != "train") continue;
    ++trainMetrics;
    EXPECT_GT(m["step"].get<int64_t>(), 30);
    EXPECT_DOUBLE_EQ(m["learning_rate"].get<double>(), 0.01);
  }
  EXPECT_EQ(trainMetrics, 3);  // steps 40, 50 and 60
  // No bootstrap: every self-play game is the network's.
  for (const GameRecord& g : RecordStore(RunPaths::of(second).records).gamesByTag(kSelfPlayTag)) {
    EXPECT_EQ(g.players[0].rfind("bootstrap", 0), std::string::npos) << g.players[0];
  }
}

TEST(TrainFrom, ACheckpointOfAnotherNetworkIsRefusedWithNothingWritten) {
  const std::string source = freshDir("from_other_source"), dir = freshDir("from_other");
  const RunSummary a = runTraining(kConfigs + "tiny-half.yaml", source, false, false);
  // The same variant with twice the channels.
  const std::string other = freshDir("from_other_net") + ".ckpt";
  {
    const auto trained = loadCheckpoint(a.latestCheckpoint);
    NetworkConfig bigger = trained->meta().network;
    bigger.channels *= 2;
    const auto game = gameOfModel(trained->meta());
    saveCheckpoint(Network(*game, bigger, "cpu", 1), other);
  }
  expectError([&] { runTraining(kConfigs + "tiny.yaml", dir, false, false, nullptr, {other}); }, "another network");
  EXPECT_FALSE(fs::exists(dir));
  expectError([&] { runTraining(kConfigs + "tiny.yaml", dir, true, false, nullptr, {a.latestCheckpoint}); },
              "no run to resume");
  EXPECT_FALSE(fs::exists(dir));
}

// The policy logits and value of `net` at the start of `game`.
std::vector<float> startOutputs(const Network& net, const Game& game) {
  std::vector<float> input(game.inputShape().size()), out(game.numActions() + 1);
  game.newGame()->encode(input.data());
  net.predict(input.data(), 1, out.data(), &out.back());
  return out;
}

TEST(TrainFrom, AModelOfOtherRulesGoesOnUnderTheRunsRulesWhenAskedTo) {
  const std::string source = freshDir("from_rules_source"), refused = freshDir("from_rules_refused"),
                    dir = freshDir("from_rules");
  const RunSummary a = runTraining(kConfigs + "tiny-half.yaml", source, false, false);
  // tiny.yaml with the other repetition rule.
  std::ifstream in(kConfigs + "tiny.yaml");
  std::string yaml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  yaml.replace(yaml.find("tiny-net.yaml"), 13, kConfigs + "tiny-net.yaml");
  const std::string config = freshDir("from_rules_config") + ".yaml";
  std::ofstream(config) << yaml << "set: [repetition.rule=loss_mover]\n";

  // Without --other-rules: refused, naming the rule, nothing written.
  expectError([&] { runTraining(config, refused, false, false, nullptr, {a.latestCheckpoint}); }, "repetition.rule");
  EXPECT_FALSE(fs::exists(refused));

  const RunSummary b = runTraining(config, dir, false, false, nullptr, {a.latestCheckpoint, true});
  EXPECT_EQ(b.steps, 60);
  const RunStart start = readRunStart(RunPaths::of(dir));
  EXPECT_TRUE(start.otherRules);
  EXPECT_EQ(start.fromStep, 30);
  const auto checkpoints = listCheckpoints(RunPaths::of(dir));
  ASSERT_FALSE(checkpoints.empty());
  const CheckpointInfo first = readCheckpointInfo(checkpoints.front().path);
  EXPECT_EQ(first.step, 30);
  EXPECT_TRUE(first.hasOptimizer);
  const auto oldGame = gameOfModel(readCheckpointInfo(a.latestCheckpoint).model);
  const auto newGame = gameOfModel(first.model);
  EXPECT_EQ(YAML::Load(newGame->rulesYaml())["repetition"]["rule"].as<std::string>(), "loss_mover");
  EXPECT_NE(YAML::Load(oldGame->rulesYaml())["repetition"]["rule"].as<std::string>(), "loss_mover");
  // The same network under the new rules: the same outputs.
  EXPECT_EQ(startOutputs(*loadCheckpoint(checkpoints.front().path, *newGame), *newGame),
            startOutputs(*loadCheckpoint(a.latestCheckpoint, *oldGame), *oldGame));

  // A network of another board's encoding is refused even so, with nothing written.
  const std::string linnaeus = freshDir("from_rules_linnaeus") + ".ckpt";
  saveCheckpoint(Network(*loadGame("linnaeus"), first.model.network, "cpu", 1), linnaeus);
  const std::string board = freshDir("from_rules_board");
  expectError([&] { runTraining(config, board, false, false, nullptr, {linnaeus, true}); }, "encoding");
  EXPECT_FALSE(fs::exists(board));
}

}  // namespace
}  // namespace tz::test
