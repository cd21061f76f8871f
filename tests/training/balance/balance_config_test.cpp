// Study files: the shipped studies load into the expected variants; bad keys and values fail
// naming the file, the key and what was expected.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "game/base/error.h"
#include "game/registry.h"
#include "tests/training/balance/balance_test_helpers.h"
#include "tests/support/error_of.h"
#include "tests/support/search_ranges.h"
#include "training/balance/balance_agents.h"
#include "training/balance/balance_study.h"
#include "training/models/model_agent.h"
#include "training/models/model_card.h"
#include "training/models/model_folder.h"

namespace tz::test {
namespace {

const std::string kShipped = std::string(TAFLZERO_SOURCE_DIR) + "/configs/balance/";

// A valid study body; tests replace one part of it.
std::string study(const std::string& factors = "factors:\n  - {key: first, values: [attackers, defenders]}\n",
                  const std::string& agent = "agent:\n  mode: baseline\n  strengths: [{name: g, player: greedy}]\n",
                  const std::string& games = "games: {min_games: 4, max_games: 8, batch: 2, precision: 0.1}\n") {
  return "base: brandubh\n" + factors + agent + games;
}

// The file loadError writes: one per test, as CTest runs tests in parallel processes.
std::string badStudyPath() {
  return ::testing::TempDir() + "/bad_study_" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".yaml";
}

// The message of the error loadStudy throws for `text`; empty when it loads.
std::string loadError(const std::string& text) {
  const std::string path = writeFile(badStudyPath(), text);
  try {
    loadStudy(path);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(BalanceConfig, ShippedLinnaeusStudyCrossesThreeFactors) {
  const StudyConfig c = loadStudy(kShipped + "linnaeus.yaml");
  EXPECT_EQ(c.base, "linnaeus");
  ASSERT_EQ(c.variants.size(), 8u);
  EXPECT_EQ(c.factors, (std::vector<std::string>{"first", "king", "repetition"}));
  // First factor slowest; the level's overrides applied in order.
  EXPECT_EQ(c.variants[0].levels, (std::vector<std::string>{"first=defenders", "king=weak", "repetition=rep-loses"}));
  EXPECT_EQ(c.variants[3].sets,
            (std::vector<std::string>{"first=defenders", "king.capture=strong", "repetition.rule=draw"}));
  EXPECT_EQ(c.variants[7].id, "attackers+strong+rep-draws");
  const auto game = loadGame(c.base, c.variants[7].sets);
  EXPECT_NE(game->rulesYaml().find("first: attackers"), std::string::npos);
  EXPECT_NE(game->rulesYaml().find("capture: strong"), std::string::npos);
  EXPECT_NE(game->rulesYaml().find("rule: draw"), std::string::npos);
  EXPECT_EQ(c.mode, AgentMode::kBaseline);
  EXPECT_GE(c.strengths.size(), 2u);
  EXPECT_EQ(cellTag(c.variants[0], c.strengths[0]), "balance|defenders+weak+rep-loses|" + c.strengths[0].name);
  EXPECT_TRUE(c.stopping.onVerdict);
  EXPECT_EQ(c.elo.variant, "defenders+weak+rep-loses");
}

TEST(BalanceConfig, ShippedHnefataflStudyLetsALevelSetSeveralKeys) {
  const StudyConfig c = loadStudy(kShipped + "hnefatafl.yaml");
  ASSERT_EQ(c.variants.size(), 4u);
  const StudyVariant* edge = nullptr;
  for (const auto& v : c.variants)
    if (v.id == "unarmed+edge") edge = &v;
  ASSERT_NE(edge, nullptr);
  const std::string rules = loadGame(c.base, edge->sets)->rulesYaml();
  EXPECT_NE(rules.find("escape: edge"), std::string::npos) << rules;
  EXPECT_NE(rules.find("squares: []"), std::string::npos) << rules;
  EXPECT_NE(rules.find("armed: false"), std::string::npos) << rules;
}

// The study of the Linnaeus answer plays the shipped rule-conditioned model at four search
// budgets on every rule set; its cells name the model's network by its checksum, so a model
// trained further between sittings is another player.
TEST(BalanceConfig, TheLinnaeusAgentsStudyPlaysTheShippedModelByItsChecksum) {
  registerNetworkAgentKinds();
  const StudyConfig c = loadStudy(kShipped + "linnaeus-agents.yaml");
  ASSERT_EQ(c.variants.size(), 8u);
  ASSERT_EQ(c.strengths.size(), 4u);
  EXPECT_EQ(c.mode, AgentMode::kBaseline);
  EXPECT_EQ(c.strengths.back().agent.text(), "model:linnaeus,sims=800");
  EXPECT_EQ(c.stopping.minGames, 200);  // every cell: at least 200 games at the top rung (and the others)
  EXPECT_EQ(c.elo.games, 100);
  EXPECT_EQ(c.gamesAtOnce, 8);  // a cell's games share the network's forward passes
  const StudyConfig stored = studyFromJson(studyToJson(c));
  EXPECT_EQ(stored.strengths.back().agent.text(), "model:linnaeus,sims=800");
  EXPECT_EQ(stored.gamesAtOnce, 8);
  const ModelCard card = readModelCard(ModelFolder::named("linnaeus").card);
  EXPECT_EQ(cellNetwork(c, c.strengths.back(), ""), card.sha256.substr(0, 16));
  const auto game = loadGame(c.variants[7].base, c.variants[7].sets);
  const nlohmann::json settings = cellSettings(c, c.strengths.back(), *game, "");
  EXPECT_EQ(settings["agent"]["network"], card.sha256.substr(0, 16));
  EXPECT_EQ(cellMatchSettings(settings).substr(0, 5), "cell=");
}

// A cell's settings digest names a checkpoint by its contents, not its path: the same file in
// another folder (another clone) is the same player, another file is not.
TEST(BalanceConfig, ACellsDigestNamesACheckpointByItsContentsNotItsPath) {
  namespace fs = std::filesystem;
  registerNetworkAgentKinds();
  const StudyConfig c = loadStudy(kShipped + "linnaeus-ladder.yaml");
  ASSERT_EQ(c.mode, AgentMode::kCheckpoints);
  const auto game = loadGame(c.variants[0].base, c.variants[0].sets);
  const fs::path dir = fs::path(::testing::TempDir()) / "cell_digest_paths";
  fs::remove_all(dir);
  fs::create_directories(dir / "one");
  fs::create_directories(dir / "two");
  writeFile((dir / "one" / "a.ckpt").string(), "weights");
  writeFile((dir / "two" / "a.ckpt").string(), "weights");
  writeFile((dir / "two" / "b.ckpt").string(), "other weights");
  const auto digest = [&](const fs::path& file) {
    return cellMatchSettings(cellSettings(c, c.strengths[0], *game, file.string()));
  };
  EXPECT_EQ(digest(dir / "one" / "a.ckpt"), digest(dir / "two" / "a.ckpt"));
  EXPECT_NE(digest(dir / "one" / "a.ckpt"), digest(dir / "two" / "b.ckpt"));
  // A baseline net: player likewise.
  StudyConfig baseline = c;
  baseline.mode = AgentMode::kBaseline;
  const auto player = [&](const fs::path& file) {
    StudyStrength s = c.strengths[0];
    s.agent = parseAgentSpec("net:" + file.string() + ",sims=100");
    return cellMatchSettings(cellSettings(baseline, s, *game, ""));
  };
  EXPECT_EQ(player(dir / "one" / "a.ckpt"), player(dir / "two" / "a.ckpt"));
  EXPECT_NE(player(dir / "one" / "a.ckpt"), player(dir / "two" / "b.ckpt"));
}

TEST(BalanceConfig, EveryShippedStudyLoadsAndRoundTripsThroughJson) {
  registerNetworkAgentKinds();
  for (const char* name : {"brandubh-quick.yaml", "brandubh-trained.yaml", "brandubh-conditioned.yaml", "linnaeus.yaml",
                           "hnefatafl.yaml", "linnaeus-trained.yaml", "tablut-presets.yaml", "morris.yaml",
                           "linnaeus-agents.yaml"}) {
    EXPECT_NO_THROW(loadStudy(kShipped + name)) << name;
  }
  const StudyConfig conditioned = loadStudy(kShipped + "brandubh-conditioned.yaml");
  EXPECT_EQ(conditioned.mode, AgentMode::kConditioned);
  EXPECT_EQ(conditioned.budget.minutes, 10);
  EXPECT_EQ(studyFromJson(studyToJson(conditioned)).mode, AgentMode::kConditioned);
  const StudyConfig morris = loadStudy(kShipped + "morris.yaml");
  ASSERT_EQ(morris.variants.size(), 2u);
  EXPECT_EQ(morris.variants[1].base, "morris-noflying");
  const StudyConfig trained = loadStudy(kShipped + "linnaeus-trained.yaml");
  EXPECT_EQ(trained.mode, AgentMode::kTrained);
  EXPECT_EQ(trained.experiment, std::string(TAFLZERO_SOURCE_DIR) + "/configs/experiments/linnaeus.yaml");
  StudyConfig mixed = loadStudy(kShipped + "brandubh-trained.yaml");
  ASSERT_EQ(mixed.strengths.size(), 2u);
  EXPECT_EQ(mixed.strengths[1].agent.search.simulations, 200);
  EXPECT_EQ(mixed.strengths[1].agent.net.mix, 0.0);
  mixed.strengths[1].agent.net.mix = 0.5;
  mixed.strengths[1].agent.given.push_back("mix");
  EXPECT_EQ(studyFromJson(studyToJson(mixed)).strengths[1].agent.net.mix, 0.5);

  // The JSON stored with a study's games gives the study back.
  const StudyConfig c = loadStudy(kShipped + "hnefatafl.yaml");
  const StudyConfig back = studyFromJson(studyToJson(c));
  EXPECT_EQ(studyToJson(back), studyToJson(c));
  EXPECT_EQ(back.variants[3].sets, c.variants[3].sets);
  // Stored by the stopping rule's own keys (its fields list); a description stored before
  // names stop_on_verdict `on_verdict`, or lacks it and the margin, and still reads.
  nlohmann::json stored = studyToJson(c);
  EXPECT_EQ(stored["stopping"]["stop_on_verdict"], c.stopping.onVerdict);
  EXPECT_EQ(stored["stopping"]["min_games"], c.stopping.minGames);
  stored["stopping"].erase("stop_on_verdict");
  stored["stopping"]["on_verdict"] = !c.stopping.onVerdict;
  EXPECT_EQ(studyFromJson(stored).stopping.onVerdict, !c.stopping.onVerdict);
  stored["stopping"].erase("on_verdict");
  stored["stopping"].erase("margin");
  EXPECT_FALSE(studyFromJson(stored).stopping.onVerdict);
  EXPECT_EQ(studyFromJson(stored).stopping.margin, 0.05);
  stored["diversity"]["random_plies"] = -1;  // the ranges of the study file hold for what is stored
  EXPECT_NE(errorOf([&] { studyFromJson(stored); }).find("random_plies"), std::string::npos);
}

TEST(BalanceConfig, FactorsThatGiveTwoVariantsTheSameRulesAreRefused) {
  // The second factor sets the key the first one sets: every variant's rules follow the
  // second alone, so the first factor's effect is confounded by construction.
  const std::string message = loadError(study(
      "factors:\n  - {key: first, values: [attackers, defenders]}\n"
      "  - name: order\n    levels:\n      - {name: a, set: {first: attackers}}\n      - {name: d, set: {first: defenders}}\n"));
  EXPECT_NE(message.find("key 'factors': expected levels that give every variant rules of its own (variants "
                         "'attackers+a' and 'defenders+a' have the same rules"),
            std::string::npos)
      << message;
  // Two levels of one factor that differ in name only.
  EXPECT_NE(loadError(study("factors:\n  - name: limit\n    levels:\n      - {name: x, set: {ply_limit: 200}}\n"
                            "      - {name: y, set: {ply_limit: 200}}\n"))
                .find("(variants 'x' and 'y' have the same rules"),
            std::string::npos);
  EXPECT_EQ(loadError(study()), "");
}

TEST(BalanceConfig, AnEloAxisThatWouldRateAnotherVariantsAgentsIsRefused) {
  const std::string a = writeFile(::testing::TempDir() + "/elo_study_a.ckpt", "x");
  const std::string b = writeFile(::testing::TempDir() + "/elo_study_b.ckpt", "y");
  const auto checkpoints = [&](const std::string& defenders) {
    return study("factors:\n  - {key: first, values: [attackers, defenders]}\n",
                 "agent:\n  mode: checkpoints\n  checkpoints: {attackers: " + a + ", defenders: " + defenders +
                     "}\n  strengths: [{name: s, sims: 8}, {name: t, sims: 16}]\n") +
           "elo: {games: 10}\n";
  };
  // Each variant its own network: the defenders-first agents never play an Elo game.
  const std::string message = loadError(checkpoints(b));
  EXPECT_NE(message.find("key 'elo': expected no Elo axis, or one network for every variant: the agents of variant "
                         "'defenders' play no Elo game (only those of variant 'attackers' do)"),
            std::string::npos)
      << message;
  // One network for both (a rule-conditioned one): its agents are the same players.
  EXPECT_EQ(loadError(checkpoints(a)), "");
  // Mode trained trains an agent per variant.
  const std::string trained = loadError(study("factors:\n  - {key: first, values: [attackers, defenders]}\n",
                                              "agent:\n  mode: trained\n  experiment: " + std::string(TAFLZERO_SOURCE_DIR) +
                                                  "/configs/experiments/brandubh-quick.yaml\n  strengths: [{name: s, sims: 8}, "
                                                  "{name: t, sims: 16}]\n") +
                                        "elo: {games: 10}\n");
  EXPECT_NE(trained.find("the agents of variant 'defenders' play no Elo game"), std::string::npos) << trained;
}

TEST(BalanceConfig, BadKeysAndValuesNameFileKeyAndExpectation) {
  const std::string file = badStudyPath();
  const std::string conditioned = "agent:\n  mode: conditioned\n  experiment: " + std::string(TAFLZERO_SOURCE_DIR) +
                                  "/configs/experiments/brandubh-quick.yaml\n  strengths: [{name: s, sims: 8}]\n";
  struct Case {
    std::string text, key, expected;
  };
  const std::vector<Case> cases = {
      {study() + "precison: 0.1\n", "key 'precison'", "no such key"},
      {"factors:\n  - {key: first, values: [attackers]}\n", "key 'base'", "a preset name or variant file"},
      {study("factors: []\n"), "key 'factors'", "a non-empty list of factors"},
      {study("factors:\n  - {key: first, values: [attackers, attackers]}\n"), "key 'factors[0]'", "distinct level names"},
      {study("factors:\n  - {key: first, values: [\"two words\"]}\n"), "key 'factors[0].values'", "usable as level names"},
      {study("factors:\n  - {key: first, values: [\"..\"]}\n"), "key 'factors[0].values'", "not starting with '.'"},
      {study("factors:\n  - name: f\n    levels: [{name: .., set: {first: attackers}}]\n"), "key 'factors[0].levels[0].name'",
       "not starting with '.'"},
      {study("factors:\n  - name: f\n    levels: [{name: x}]\n"), "key 'factors[0].levels[0]'", "a `set` of variant keys"},
      {study("factors:\n  - name: f\n    levels: [{name: x, set: {}}]\n"), "key 'factors[0].levels[0].set'", "a non-empty map"},
      {study("factors:\n  - name: f\n    levels: [{name: x, preset: nosuch}]\n"), "variant 'x'", "nosuch"},
      {study("factors:\n  - {key: first, values: [attackers]}\n", "agent: {mode: random}\n"), "key 'agent.mode'", "one of baseline | trained | checkpoints"},
      {study(), "", ""},
      {study("factors:\n  - {key: first, values: [attackers]}\n",
             "agent:\n  mode: baseline\n  strengths: [{name: g, player: \"alphabeta:depht=2\"}]\n"),
       "key 'agent.strengths[0].player'", "a player spec"},
      {study("factors:\n  - {key: first, values: [attackers]}\n",
             "agent:\n  mode: baseline\n  experiment: x.yaml\n  strengths: [{name: g, player: greedy}]\n"),
       "key 'agent.experiment'", "only with mode: trained"},
      {study("factors:\n  - {key: first, values: [attackers]}\n", "agent:\n  mode: baseline\n  strengths: []\n"),
       "key 'agent.strengths'", "a non-empty list of {name, player}"},
      {study("factors:\n  - {key: first, values: [attackers]}\n",
             "agent:\n  mode: checkpoints\n  checkpoints: {}\n  strengths: [{name: s, sims: 8}]\n"),
       "key 'agent.checkpoints.attackers'", "a checkpoint for every variant"},
      {study("factors:\n  - {key: first, values: [attackers]}\n",
             "agent:\n  mode: trained\n  experiment: missing.yaml\n  strengths: [{name: s, sims: 8}]\n"),
       "key 'agent.experiment'", "missing.yaml: No such file or directory"},
      {study(), "", ""},
      {study("factors:\n  - {key: first, values: [attackers]}\n",
             "agent:\n  mode: baseline\n  strengths: [{name: g, player: greedy}]\n",
             "games: {precision: 0.9}\n"),
       "key 'games.precision'", "a number in [0.001, 0.5]"},
      {study("factors:\n  - {key: first, values: [attackers]}\n",
             "agent:\n  mode: baseline\n  strengths: [{name: g, player: greedy}]\n",
             "games: {min_games: 50, max_games: 10}\n"),
       "key 'games.max_games'", "at least games.min_games"},
      {study("factors:\n  - {key: first, values: [attackers]}\n",
             "agent:\n  mode: baseline\n  strengths: [{name: g, player: greedy}]\n",
             "games: {temperature_plies: 4}\n"),
       "key 'games.temperature_plies'", "0 in mode baseline"},
      {study("factors:\n  - {key: first, values: [attackers]}\n",
             "agent:\n  mode: baseline\n  strengths: [{name: g, player: greedy}, {name: h, player: random}]\n",
             "elo: {variant: defenders, games: 10}\n"),
       "key 'elo.variant'", "a variant id of this study (attackers)"},
      {study("factors:\n  - {key: first, values: [attackers]}\n",
             "agent:\n  mode: baseline\n  strengths: [{name: g, player: greedy}]\n", "elo: {games: 10}\n"),
       "key 'elo.games'", "0 with a single strength"},
      {study("factors:\n  - {key: first, values: [attackers]}\n",
             "agent:\n  mode: baseline\n  strengths: [{name: g, player: greedy}]\n", "balance_margin: 0.7\n"),
       "key 'balance_margin'", "a number in [0.001, 0.5]"},
      {study("factors:\n  - {key: first, values: [attackers, defenders]}\n", conditioned), "", ""},
      {study("factors:\n  - {key: first, values: [attackers]}\n", conditioned), "key 'agent.mode'",
       "variants one rule-conditioned network can play (a rule-conditioned network needs at least two variants"},
      {study("factors:\n  - name: rules\n    levels: [{name: b, preset: brandubh}, {name: l, preset: linnaeus}]\n",
             conditioned),
       "key 'agent.mode'", "one family, board and action space: b is tafl with input 10x7x7"},
  };
  for (const Case& c : cases) {
    const std::string message = loadError(c.text);
    if (c.key.empty()) {
      EXPECT_EQ(message, "") << c.text;
      continue;
    }
    EXPECT_NE(message.find(c.key), std::string::npos) << message << "\nfor:\n" << c.text;
    EXPECT_NE(message.find(c.expected), std::string::npos) << message;
    EXPECT_EQ(message.rfind(file, 0), 0u) << "names the file first: " << message;
  }

  // A rule override the variant rejects: the study file, the variant, then the variant's key.
  const std::string message = loadError(study("factors:\n  - {key: king.captur, values: [strong]}\n"));
  EXPECT_NE(message.find(file + ": variant 'strong'"), std::string::npos) << message;
  EXPECT_NE(message.find("key 'king.captur'"), std::string::npos) << message;
  const std::string value = loadError(study("factors:\n  - {key: king.capture, values: [strongest]}\n"));
  EXPECT_NE(value.find("expected one of strong | weak | weak_off_throne, got 'strongest'"), std::string::npos) << value;
}

// A network strength gives any option of the net agent under its spec name, read through
// the agent's field list: the value just outside each search setting's range is refused
// with the range's words, as a player spec refuses it.
TEST(BalanceConfig, AStrengthReadsTheNetAgentsOptionsThroughItsFieldList) {
  const std::string checkpoint = writeFile(::testing::TempDir() + "/options_study.ckpt", "x");
  const auto checkpoints = [&](const std::string& strength) {
    return study("factors:\n  - {key: first, values: [attackers]}\n", "agent:\n  mode: checkpoints\n  checkpoints: {attackers: " +
                                                                           checkpoint + "}\n  strengths: [" + strength + "]\n");
  };
  const std::string path = writeFile(::testing::TempDir() + "/options_study.yaml",
                                     checkpoints("{name: s, sims: 8, cpuct: 2.5, gumbel: 1, candidates: 4, mix: 0.25}"));
  const StudyConfig c = loadStudy(path);
  const AgentSpec& agent = c.strengths[0].agent;
  EXPECT_EQ(agent.search.simulations, 8);
  EXPECT_FLOAT_EQ(agent.search.cPuct, 2.5f);
  EXPECT_TRUE(agent.search.gumbel);
  EXPECT_EQ(agent.search.gumbelCandidates, 4);
  EXPECT_EQ(agent.net.mix, 0.25);
  EXPECT_EQ(agent.search.fpuReduction, 0.f);  // the net kind's default
  const StudyConfig back = studyFromJson(studyToJson(c));
  EXPECT_EQ(back.strengths[0].agent.text(), agent.text());
  EXPECT_EQ(agent.text(), "net:sims=8,cpuct=2.5,gumbel=1,candidates=4,mix=0.25");

  int checked = 0;
  for (const auto& o : valuesJustOutsideSearchRanges()) {
    const std::string& name = o.range.key;
    const std::string strength = name == "sims" ? "{name: s, sims: " + o.text + "}"
                                                : "{name: s, sims: 8, " + name + ": " + o.text + "}";
    const std::string message = loadError(checkpoints(strength));
    EXPECT_NE(message.find("key 'agent.strengths[0]." + name + "': expected " + o.range.text() + ", got " + o.text),
              std::string::npos)
        << message;
    ++checked;
  }
  EXPECT_GE(checked, 16);
  EXPECT_NE(loadError(checkpoints("{name: s, sims: 8, mix: 1.5}")).find("key 'agent.strengths[0].mix': expected a number in [0, 1], got 1.5"),
            std::string::npos);
  EXPECT_NE(loadError(checkpoints("{name: s, simulations: 8}")).find("key 'agent.strengths[0].sims'"), std::string::npos);
}

TEST(BalanceConfig, AStudyChangedInCodeIsCheckedWithTheFilesMessages) {
  const StudyConfig ok = loadStudy(writeFile(::testing::TempDir() + "/code_study.yaml", study()));
  EXPECT_NO_THROW(ok.check());
  auto refused = [&](auto change, const std::string& expected) {
    StudyConfig c = ok;
    change(c);
    try {
      c.check();
      ADD_FAILURE() << "accepted; expected " << expected;
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  };
  refused([](StudyConfig& c) { c.stopping.precision = 0.9; }, "key 'games.precision': expected a number in [0.001, 0.5], got 0.9");
  refused([](StudyConfig& c) { c.stopping.maxGames = 2; }, "key 'games.max_games': expected at least games.min_games");
  refused([](StudyConfig& c) { c.stopping.maxGames = 100000; }, "key 'games.batch': expected at most 200 looks");
  refused([](StudyConfig& c) { c.diversity.randomPlies = -1; }, "key 'games.random_plies'");
  refused([](StudyConfig& c) { c.diversity.temperaturePlies = 3; }, "key 'games.temperature_plies': expected 0 in mode baseline");
  refused([](StudyConfig& c) { c.budget.minutes = -1; }, "key 'agent.budget.minutes'");
  refused([](StudyConfig& c) { c.workers = 0; }, "key 'workers': expected an integer in [1, 256], got 0");
  refused([](StudyConfig& c) { c.gamesAtOnce = 0; }, "key 'games_at_once': expected an integer in [1, 256], got 0");
  refused([](StudyConfig& c) { c.elo.variant = "nosuch"; }, "key 'elo.variant'");
  refused([](StudyConfig& c) { c.strengths.clear(); }, "key 'agent.strengths'");
}

TEST(BalanceConfig, TheMainJobsLadderTakesSharesOfItsRun) {
  // The shipped ladder names the main job's run folder beside the configs: copied with a run.
  namespace fs = std::filesystem;
  const fs::path root = fs::path(::testing::TempDir()) / "ladder_root";
  fs::remove_all(root);
  fs::create_directories(root / "configs/balance");
  fs::create_directories(root / "runs/brandubh-quick/checkpoints");
  const std::string copy = (root / "configs/balance/brandubh-ladder.yaml").string();
  fs::copy_file(kShipped + "brandubh-ladder.yaml", copy);
  const StudyConfig c = loadStudy(copy);
  ASSERT_EQ(c.strengths.size(), 4u);
  EXPECT_DOUBLE_EQ(c.strengths[0].fraction, 0.25);
  EXPECT_DOUBLE_EQ(c.strengths[2].fraction, 0.75);
  EXPECT_EQ(c.strengths[3].checkpoint, -1);
  EXPECT_DOUBLE_EQ(studyFromJson(studyToJson(c)).strengths[1].fraction, 0.5);
  // A rung asks for a step or a share, not both.
  std::ifstream in(copy);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text.replace(text.find("fraction: 0.25"), 14, "fraction: 0.25, checkpoint: 100");
  writeFile(copy, text);
  EXPECT_NE(errorOf([&] { loadStudy(copy); }).find("key 'agent.strengths[0].fraction': expected either checkpoint or fraction, not both"),
            std::string::npos);
}

TEST(BalanceConfig, CheckpointsModeFindsTheRunsLatestOrAskedStep) {
  namespace fs = std::filesystem;
  const fs::path run = fs::path(::testing::TempDir()) / "find_checkpoint_run";
  fs::remove_all(run);
  fs::create_directories(run / "checkpoints");
  for (const char* name : {"step-00000010.ckpt", "step-00000200.ckpt", "step-00000030.ckpt", "notes.txt"})
    writeFile((run / "checkpoints" / name).string(), "x");
  const auto at = [](int64_t step) { return StudyStrength{"s", {}, step, 0}; };
  const auto share = [](double fraction) { return StudyStrength{"s", {}, -1, fraction}; };
  EXPECT_EQ(findCheckpoint(run.string(), at(-1)), (run / "checkpoints" / "step-00000200.ckpt").string());
  EXPECT_EQ(findCheckpoint(run.string(), at(30)), (run / "checkpoints" / "step-00000030.ckpt").string());
  EXPECT_NE(errorOf([&] { findCheckpoint(run.string(), at(20)); }).find("no checkpoint of step 20"), std::string::npos);
  // A share of the latest step (200): the last checkpoint at or below it, else the first.
  EXPECT_EQ(findCheckpoint(run.string(), share(0.5)), (run / "checkpoints" / "step-00000030.ckpt").string());
  EXPECT_EQ(findCheckpoint(run.string(), share(0.15)), (run / "checkpoints" / "step-00000030.ckpt").string());
  EXPECT_EQ(findCheckpoint(run.string(), share(0.1)), (run / "checkpoints" / "step-00000010.ckpt").string());
  EXPECT_EQ(findCheckpoint(run.string(), share(0.01)), (run / "checkpoints" / "step-00000010.ckpt").string());
  EXPECT_EQ(findCheckpoint(run.string(), share(1)), (run / "checkpoints" / "step-00000200.ckpt").string());
  const std::string file = (run / "checkpoints" / "step-00000010.ckpt").string();
  EXPECT_EQ(findCheckpoint(file, at(-1)), file);
  EXPECT_NE(errorOf([&] { findCheckpoint(file, at(10)); }).find("needs a run folder"), std::string::npos);
  EXPECT_NE(errorOf([&] { findCheckpoint(file, share(0.5)); }).find("needs a run folder"), std::string::npos);
  EXPECT_NE(errorOf([&] { findCheckpoint((run / "none").string(), at(-1)); }).find("no checkpoint at all"), std::string::npos);
}

}  // namespace
}  // namespace tz::test

namespace tz {
namespace {

TEST(BalanceConfig, PresetsAreAFactorWithTheirOwnRulesAndBoards) {
  const std::string path = test::writeFile(::testing::TempDir() + "/presets_study.yaml",
                                     "factors:\n"
                                     "  - name: rules\n"
                                     "    levels: [{name: linnaeus, preset: linnaeus}, {name: brandubh, preset: brandubh},\n"
                                     "             {name: brandubh-edge, preset: brandubh, set: {escape: edge, corners.squares: [], corners.stop: all}}]\n"
                                     "  - {key: first, values: [attackers, defenders]}\n"
                                     "agent:\n  mode: baseline\n  strengths: [{name: g, player: greedy}, {name: r, player: random}]\n"
                                     "elo: {variant: brandubh+defenders, games: 4}\n"
                                     "balance_margin: 0.1\n");
  const StudyConfig c = loadStudy(path);
  ASSERT_EQ(c.variants.size(), 6u);
  EXPECT_EQ(c.base, "");
  EXPECT_EQ(c.variants[0].id, "linnaeus+attackers");
  EXPECT_EQ(c.variants[0].base, "linnaeus");
  EXPECT_EQ(c.variants[3].base, "brandubh");
  EXPECT_EQ(c.variants[5].sets, (std::vector<std::string>{"escape=edge", "corners.squares=[]", "corners.stop=all", "first=defenders"}));
  // Each variant is its preset's board: 9x9 and 7x7.
  EXPECT_EQ(loadGame(c.variants[0].base, c.variants[0].sets)->name(), loadGame("linnaeus", {})->name());
  EXPECT_EQ(loadGame(c.variants[3].base, c.variants[3].sets)->name(), loadGame("brandubh", {})->name());
  EXPECT_EQ(eloVariantIndex(c), 3);
  EXPECT_EQ(c.elo.games, 4);
  EXPECT_DOUBLE_EQ(c.stopping.margin, 0.1);
  const StudyConfig back = studyFromJson(studyToJson(c));
  EXPECT_EQ(studyToJson(back), studyToJson(c));
  EXPECT_EQ(back.variants[4].base, "brandubh");
}

}  // namespace
}  // namespace tz
