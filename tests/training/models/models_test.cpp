// Shipped models: a model folder made as `models add` and `models score` make it verifies;
// a changed byte of its checkpoint or card, an unknown or missing card key, a tally its
// games do not give, and a name that is no model are each refused naming the file.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "game/registry.h"
#include "mcts/players/named_player.h"
#include "mcts/players/player_factory.h"
#include "nets/checkpoint.h"
#include "nets/network.h"
#include "tests/nets/net_test_helpers.h"
#include "tests/support/error_of.h"
#include "training/matches/game_check.h"
#include "training/models/model_agent.h"
#include "training/models/model_verify.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void writeText(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

class ModelsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = (fs::path(::testing::TempDir()) / ("models_" + std::to_string(getpid()))).string();
    fs::remove_all(directory_);
    setenv("TAFLZERO_MODELS", directory_.c_str(), 1);
    registerNetworkAgentKinds();
    folder_ = ModelFolder::at(directory_, "tiny");
    fs::create_directories(folder_.dir + "/games");
    const auto game = loadGame("brandubh");
    saveCheckpoint(Network(*game, tinyNetwork(), "cpu", 1), folder_.checkpoint);
    const CheckpointFacts facts = checkpointFacts(folder_.checkpoint);
    ModelCard card;
    card.name = "tiny";
    card.summary = "an untrained network for tests";
    card.variant = "brandubh";
    card.rulesHash = facts.rulesHash;
    card.sha256 = facts.sha256;
    card.networkYaml = facts.networkYaml;
    card.play = "sims=4";
    card.sittings.push_back({"tests/training/run/configs/tiny.yaml", "test", 1, "", 0, 0, 0, 0.0, "test", "2026-12-04"});
    writeText(folder_.card, modelCardYaml(card));  // the model is found by its card
    // Four games of the model against random, recorded by their specs as the arena records them.
    const PlayerMaker model = agentMaker(parseAgentSpec(card.agentSpec()), *game);
    const PlayerMaker random = agentMaker(parseAgentSpec("random"), *game);
    std::vector<FiledGame> games;
    for (int round = 0; round < 4; ++round) {
      NamedPlayer a(model(round), card.agentSpec()), b(random(round), "random");
      GameRecord r = round % 2 == 0 ? playGame(*game, a, b) : playGame(*game, b, a);
      r.tag = "vs-random";
      r.round = round;
      games.push_back({r, "seed=1 random_plies=0", {}});
    }
    const std::string gamesFile = folder_.dir + "/games/vs-random.jsonl";
    writeGameFile(gamesFile, games);
    ModelStrength s{card.agentSpec(), "random", "games/vs-random.jsonl", "test", "test", {}};
    s.tally = pairingOf(checkGames(readGameFile(gamesFile), gamesFile), s.agent, s.opponent, gamesFile).tally;
    card.strength.push_back(s);
    writeText(folder_.card, modelCardYaml(card));
    writeText(folder_.readme, modelReadme(card, facts));
  }
  void TearDown() override { unsetenv("TAFLZERO_MODELS"); }

  // Replaces the first match of `pattern` in `path` by `replacement`.
  void edit(const std::string& path, const std::string& pattern, const std::string& replacement) {
    const std::string text = readText(path);
    const std::string edited = std::regex_replace(text, std::regex(pattern), replacement, std::regex_constants::format_first_only);
    ASSERT_NE(edited, text) << pattern;
    writeText(path, edited);
  }

  std::string directory_;
  ModelFolder folder_;
};

TEST_F(ModelsTest, AModelMadeAsTheCommandsMakeItVerifies) {
  EXPECT_EQ(errorOf([&] { verifyModel(ModelFolder::find("tiny")); }), "");
  EXPECT_EQ(shippedModelNames(), std::vector<std::string>{"tiny"});
  // The card reads back to the card it was written from.
  EXPECT_EQ(modelCardYaml(readModelCard(folder_.card)), readText(folder_.card));
  // model:tiny plays wherever a spec is taken, as its checkpoint's net: player does.
  const auto game = loadGame("brandubh");
  auto player = agentMaker(parseAgentSpec("model:tiny,sims=4"), *game)(1);
  auto state = game->newGame();
  EXPECT_GE(player->chooseAction(*state), 0);
}

// model:NAME alone is the agent its card measured (the card's `play`), options typed after the
// name override the card's one by one, and a match records the setting it played (issue 76).
TEST_F(ModelsTest, ABareModelIsTheAgentItsCardMeasured) {
  edit(folder_.card, "play: sims=4", "play: sims=4,cpuct=2");
  const AgentSpec bare = parseAgentSpec("model:tiny");
  EXPECT_EQ(bare.search.simulations, 4);
  EXPECT_EQ(bare.text(), "model:tiny,sims=4,cpuct=2");
  EXPECT_EQ(recordedName(bare, "model:tiny"), "model:tiny,sims=4,cpuct=2");
  const AgentSpec typed = parseAgentSpec("model:tiny,mix=0.5,sims=9");
  EXPECT_EQ(typed.search.simulations, 9);
  EXPECT_EQ(typed.text(), "model:tiny,sims=9,cpuct=2,mix=0.5");
  // Kinds without a measured setting are recorded as typed.
  EXPECT_EQ(recordedName(parseAgentSpec("mcts:sims=5"), "mcts:sims=5"), "mcts:sims=5");
  // The player searches with the card's simulations.
  const auto game = loadGame("brandubh");
  EXPECT_NE(agentMaker(parseAgentSpec("model:tiny"), *game)(1)->name().find(",4)"), std::string::npos)
      << agentMaker(parseAgentSpec("model:tiny"), *game)(1)->name();
  // A bad option in the card names the card, its key and the option (issue 75).
  edit(folder_.card, "play: sims=4,cpuct=2", "play: sims=0");
  expectError([&] { parseAgentSpec("model:tiny"); }, "card.yaml: key 'play': 'sims=0': ");
  expectError([&] { parseAgentSpec("model:tiny"); }, "option 'sims' = '0': expected");
}

TEST_F(ModelsTest, AChangedByteOfTheCheckpointIsFound) {
  std::string bytes = readText(folder_.checkpoint);
  bytes[bytes.size() / 2] ^= 1;
  writeText(folder_.checkpoint, bytes);
  expectError([&] { verifyModel(folder_); }, "sha256 of model.ckpt");
}

TEST_F(ModelsTest, AChangedCardIsFound) {
  edit(folder_.card, "summary: .*", "summary: another summary");
  expectError([&] { verifyModel(folder_); }, "README.md is not the card as rendered");
  SetUp();
  edit(folder_.card, "step: 0", "step: 1");
  expectError([&] { verifyModel(folder_); }, "step is '1' in the card but '0'");
  SetUp();
  edit(folder_.card, "variant: brandubh", "variant: linnaeus");
  expectError([&] { verifyModel(folder_); }, "variant is 'linnaeus' in the card");
  SetUp();
  edit(folder_.card, "rules_hash: [0-9a-f]+", "rules_hash: 0000000000000000");
  expectError([&] { verifyModel(folder_); }, "rules_hash");
}

TEST_F(ModelsTest, ATallyItsGamesDoNotGiveIsFound) {
  // One win moved to a loss as side 0, with the score written to match the edited counts.
  ModelCard card = readModelCard(folder_.card);
  Tally& t = card.strength[0].tally.bySide[0];
  if (t.wins > 0) --t.wins, ++t.losses;
  else --t.losses, ++t.wins;
  writeText(folder_.card, modelCardYaml(card));
  expectError([&] { verifyModel(folder_); }, "the results as attackers (as_side0)");
}

TEST_F(ModelsTest, UnknownAndMissingKeysAndWrongScoresAreRefusedNamingTheKey) {
  edit(folder_.card, "play:", "colour: red\nplay:");
  expectError([&] { readModelCard(folder_.card); }, "key 'colour'");
  SetUp();
  edit(folder_.card, "sha256: [0-9a-f]+\n", "");
  expectError([&] { readModelCard(folder_.card); }, "key 'sha256': expected a value (the key is missing)");
  SetUp();
  edit(folder_.card, "score: [^\n]+", "score: 0.999 [0.9, 1.000]");
  expectError([&] { readModelCard(folder_.card); }, "strength[0].score");
  SetUp();
  edit(folder_.card, "blocks: [0-9]+", "blocks: {many: 4}");  // a map where a number goes
  expectError([&] { readModelCard(folder_.card); }, "key 'network': expected a map of the network's settings");
  SetUp();
  edit(folder_.card, "play: [^\n]*", "play: sims=99999999999");  // the setting model:NAME plays, out of range
  expectError([&] { readModelCard(folder_.card); }, "card.yaml: key 'play': 'sims=99999999999': ");
  expectError([&] { readModelCard(folder_.card); }, "option 'sims' = '99999999999'");
}

TEST_F(ModelsTest, ANameThatIsNoModelIsRefused) {
  expectError([&] { ModelFolder::find("nosuch"); }, "no model 'nosuch'");
  expectError([&] { ModelFolder::find(".."); }, "is no model name");
  expectError([&] { ModelFolder::find("a/.."); }, "is no model name");
  const auto game = loadGame("brandubh");
  expectError([&] { agentMaker(parseAgentSpec("model:nosuch"), *game)(1); }, "no model 'nosuch'");
}

}  // namespace
}  // namespace tz::test
