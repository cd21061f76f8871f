// One network across variants: a training run on two variants at once (`variants:`) plays
// both in turn, replays each record in its own variant, checkpoints a rule-conditioned
// network that net players load for any member variant (and refuse for others, and refuse
// to search with endgame tables), resumes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>

#include "game/base/error.h"
#include "game/registry.h"
#include "game/conditioned/rule_conditioned_game.h"
#include "mcts/players/player_factory.h"
#include "nets/checkpoint.h"
#include "nets/model_meta.h"
#include "nets/web_export.h"
#include "tests/support/error_of.h"
#include "tests/support/morris_tables.h"
#include "training/run/net_player.h"
#include "training/matches/records.h"
#include "training/run/experiment.h"
#include "training/run/replay_buffer.h"
#include "training/run/run_variants.h"
#include "training/run/training_run.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

const std::string kConfigs = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/";

std::string freshDir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

// The net agent of `checkpoint` at 8 simulations, with the endgame tables in `tables` when given.
AgentSpec netSpec(const std::string& checkpoint, const std::string& tables = "") {
  AgentSpec spec = agentOfKind("net");
  spec.source = checkpoint;
  spec.search.simulations = 8;
  spec.net.tables = tables;
  return spec;
}

// netSpec's player for `game`, built with seed 1.
std::unique_ptr<Player> netPlayer(const std::string& checkpoint, const Game& game, const std::string& tables = "") {
  return agentMaker(netSpec(checkpoint, tables), game)(1);
}

// The error of checking netSpec for `game` without building its player (checkAgent, the net
// kind's check), "" when it passes.
std::string checkError(const std::string& checkpoint, const Game& game, const std::string& tables = "") {
  return errorOf([&] { checkAgent(netSpec(checkpoint, tables), game); });
}

std::string writeConfig(const std::string& dir, const std::string& variants) {
  const std::string path = dir + "/config.yaml";
  std::ofstream(path) << variants << "network: " << kConfigs << "tiny-net.yaml\nbudget: {steps: 1}\n";
  return path;
}

TEST(ConditionedRun, PlaysBothVariantsAndCheckpointsOneNetworkForEach) {
  const std::string dir = freshDir("conditioned_run") + "/run";
  const RunSummary s = runTraining(kConfigs + "tiny-conditioned.yaml", dir, false, false);
  EXPECT_EQ(s.steps, 20);
  // Self-play alternates the variants; each record starts with its own variant's first mover.
  std::map<std::string, int> games;
  RecordStore store(RunPaths::of(dir).records);
  for (const GameRecord& g : store.gamesByTag("selfplay")) {
    ++games[g.variant];
    EXPECT_EQ(g.startSide, g.variant == "attackers-first" ? 0 : 1) << g.variant;
    EXPECT_NE(g.rules.find(g.variant == "attackers-first" ? "first: attackers" : "first: defenders"), std::string::npos);
  }
  ASSERT_EQ(games.size(), 2u);
  EXPECT_LE(std::abs(games["attackers-first"] - games["defenders-first"]), 4);  // one batch's games in progress at most
  // The checkpoint is one network over both variants, the first mover as two input planes.
  const CheckpointInfo info = readCheckpointInfo(s.latestCheckpoint);
  EXPECT_EQ(info.model.shape.input.planes, 12);
  const auto set = conditioningOfEncoding(info.model.encodingJson);
  ASSERT_TRUE(set);
  EXPECT_EQ(set->features().name(0), "attackers-first");
  EXPECT_EQ(set->features().name(1), "defenders-first");
  // A net player loads it for either variant and plays a legal move; another variant is refused.
  for (const char* first : {"first=attackers", "first=defenders"}) {
    const auto game = loadGame("brandubh", {first});
    auto player = netPlayer(s.latestCheckpoint, *game);
    const auto state = game->newGame();
    std::vector<Action> legal;
    state->legalActions(legal);
    EXPECT_NE(std::find(legal.begin(), legal.end(), player->chooseAction(*state)), legal.end()) << first;
    const std::string member = first == std::string("first=attackers") ? "attackers-first" : "defenders-first";
    EXPECT_EQ(player->name().substr(player->name().size() - member.size() - 4), " as " + member);
    EXPECT_EQ(checkError(s.latestCheckpoint, *game), "") << first;
  }
  const auto weak = loadGame("brandubh", {"king.capture=weak"});
  expectError([&] { netPlayer(s.latestCheckpoint, *weak); },
              "is not one of the variants the rule-conditioned network was trained on (attackers-first, defenders-first)");
  EXPECT_NE(checkError(s.latestCheckpoint, *weak).find("is not one of the variants the rule-conditioned network"),
            std::string::npos);
  expectError([&] { loadCheckpoint(s.latestCheckpoint, *loadGame("brandubh")); }, "is a rule-conditioned network");
  // The model's own game is conditioned (export, net info); the browser page cannot encode it.
  const auto own = gameOfModel(info.model);
  EXPECT_EQ(own->inputShape().planes, 12);
  ExportOptions web;
  web.outDir = fs::path(dir).parent_path().string() + "/web";
  expectError([&] { exportWebPage(*loadCheckpoint(s.latestCheckpoint), *own, web); }, "rule-conditioned network (variant ");
  // The finished run resumes: its checkpoint and its records of both variants load again.
  const RunSummary again = runTraining(kConfigs + "tiny-conditioned.yaml", dir, true, false);
  EXPECT_EQ(again.steps, 20);
  EXPECT_EQ(again.games, s.games);
}

TEST(ConditionedRun, TheReplayBufferReplaysEachRecordInItsVariant) {
  const RunVariants variants(loadExperiment(kConfigs + "tiny-conditioned.yaml"));
  ASSERT_EQ(variants.size(), 2);
  EXPECT_EQ(variants.ofRunGame(5).name(), "defenders-first");
  ReplayBuffer buffer(variants.all(), 100, 1);
  GameRecord record;
  record.variant = "defenders-first";
  PositionRecord start;
  start.flags = kTrainingTarget;
  start.policy = {{0, 1.f}};
  const auto samples = buffer.samplesOf(record, {start});
  ASSERT_EQ(samples.size(), 1u);
  EXPECT_EQ(samples[0].toMove, 1);  // the defenders move first in this variant
  EXPECT_EQ(samples[0].variant, 1);
  const int area = 49;
  EXPECT_EQ(samples[0].planes[size_t(10 * area)], 0.f);  // first = attackers
  EXPECT_EQ(samples[0].planes[size_t(11 * area)], 1.f);  // first = defenders
  record.variant = "brandubh";
  expectError([&] { buffer.samplesOf(record, {start}); }, "none of the run's variants (attackers-first, defenders-first)");
}

TEST(ConditionedRun, ARuleConditionedNetworkDoesNotSearchWithEndgameTables) {
  // Tables value the positions of one rule set; a network over several is refused them.
  const std::string dir = freshDir("conditioned_tables");
  const std::string config = dir + "/config.yaml";
  std::ofstream(config) << "variants:\n  - {name: flying, variant: morris}\n  - {name: fixed, variant: morris-noflying}\n"
                        << "network: " << kConfigs << "tiny-net.yaml\nseed: 3\nbudget: {steps: 2}\n"
                        << "selfplay: {workers: 1, games_per_worker: 4, sims: 4, cheap_sims: 2, full_fraction: 0.5}\n"
                        << "training: {batch_size: 16, window: 2000, min_positions: 32, samples_per_position: 2, checkpoint_every: 2}\n"
                        << "evaluation: {every: 2, games: 2, sims: 4, previous: 1, baselines: [random]}\n";
  const RunSummary s = runTraining(config, dir + "/run", false, false);
  const auto game = loadGame("morris");
  expectError([&] { netPlayer(s.latestCheckpoint, *game, morrisTables3v3()); },
              "a rule-conditioned network cannot search with endgame tables");
  EXPECT_NE(checkError(s.latestCheckpoint, *game, morrisTables3v3()).find("cannot search with endgame tables"),
            std::string::npos);
  EXPECT_EQ(checkError(s.latestCheckpoint, *game), "");
  EXPECT_NE(netPlayer(s.latestCheckpoint, *game), nullptr);  // it plays without them
}

TEST(ConditionedRun, BadVariantListsNameFileKeyAndExpectation) {
  const std::string dir = freshDir("conditioned_bad");
  const std::string a = "  - {name: a, variant: brandubh, set: [first=attackers]}\n";
  expectError([&] { loadExperiment(writeConfig(dir, "variants:\n" + a)); }, "key 'variants': expected a list of at least two");
  expectError([&] { loadExperiment(writeConfig(dir, "variant: brandubh\nvariants:\n" + a + a)); },
              "key 'variants': expected no `variant` or `set` beside it");
  expectError([&] { loadExperiment(writeConfig(dir, "variants:\n" + a + a)); },
              "key 'variants[1].name': expected a name no other variant has");
  expectError([&] { loadExperiment(writeConfig(dir, "variants:\n" + a + "  - {variant: brandubh}\n")); },
              "key 'variants[1].name': expected a name");
  expectError([&] { loadExperiment(writeConfig(dir, "variants:\n" + a + "  - {name: b, variant: brandubh, rules: x}\n")); },
              "variants[1].rules");
  const std::string boards = writeConfig(dir, "variants:\n" + a + "  - {name: b, variant: linnaeus}\n");
  expectError([&] { runTraining(boards, dir + "/run", false, false); }, "one family, board and action space");
  EXPECT_FALSE(fs::exists(dir + "/run/config.yaml"));  // nothing is created for a run that cannot start
}

}  // namespace
}  // namespace tz::test
