// The experiment's settings are listed once (`fields`) and serve both the YAML reader and
// check(): an experiment built in code has the defaults of a file that sets nothing, and
// is refused with the same file, key and expected value as the same value in a file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <yaml-cpp/yaml.h>

#include "game/base/config_fields.h"
#include "game/base/error.h"
#include "tests/support/error_of.h"
#include "tests/support/search_ranges.h"
#include "training/run/experiment.h"
#include "training/run/experiment_keys.h"
#include "training/run/run_variants.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

// Writes every visited field as "key=value", in order.
struct FieldLister {
  std::ostringstream out;
  template <class T>
  void number(const char* key, const T& value, typename NonDeduced<T>::type, typename NonDeduced<T>::type) {
    out << key << '=' << value << ' ';
  }
  void choice(const char* key, const std::string& value, const std::vector<std::string>&) { out << key << '=' << value << ' '; }
  void flag(const char* key, const bool& value) { out << key << '=' << value << ' '; }
};

template <class S>
std::string listed(const S& part) {
  FieldLister lister;
  S::fields(part, lister);
  return lister.out.str();
}

std::string writeExperiment(const std::string& name, const std::string& yaml) {
  const std::string path = (fs::path(::testing::TempDir()) / name).string();
  std::ofstream(path) << yaml;
  return path;
}

// The message of the Error that `f` throws, from ": key" on (the file's part cut off).
template <class F>
std::string messageAfterFile(F&& f) {
  const std::string msg = errorOf(f);
  const size_t key = msg.find(": key ");
  return key == std::string::npos ? msg : msg.substr(key);
}

TEST(ExperimentConfig, DefaultsInCodeAreThoseOfAFileThatSetsNothing) {
  const ExperimentConfig read = loadExperiment(writeExperiment("empty-experiment.yaml", "budget: {steps: 1}\n"));
  ExperimentConfig code;
  EXPECT_EQ(listed(read.budget), "minutes=0 games=0 steps=1 ");
  EXPECT_EQ(listed(read.selfPlay), listed(code.selfPlay));
  EXPECT_EQ(listed(read.selfPlay.bootstrap), listed(code.selfPlay.bootstrap));
  EXPECT_EQ(listed(read.selfPlay.handicap), listed(code.selfPlay.handicap));
  EXPECT_EQ(listed(read.evaluator), listed(code.evaluator));
  EXPECT_EQ(listed(read.training), listed(code.training));
  EXPECT_EQ(listed(read.training.endgame), listed(code.training.endgame));
  EXPECT_EQ(read.training.endgame.tables, "");  // no endgame teaching unless asked for
  EXPECT_EQ(listed(read.evaluation), listed(code.evaluation));
  EXPECT_EQ(read.selfPlay.simulations, code.selfPlay.simulations);
  EXPECT_EQ(read.selfPlay.bootstrap.simulations, code.selfPlay.bootstrap.simulations);
  EXPECT_EQ(read.training.learningRate(0), code.training.learningRate(0));
  const auto texts = [](const std::vector<AgentSpec>& specs) {
    std::vector<std::string> out;
    for (const AgentSpec& s : specs) out.push_back(s.text());
    return out;
  };
  EXPECT_EQ(texts(read.evaluation.baselines), texts(code.evaluation.baselines));
  const SearchOptions& r = read.selfPlay.search;
  const SearchOptions& c = code.selfPlay.search;
  EXPECT_EQ(r.dirichletFraction, c.dirichletFraction);
  EXPECT_EQ(r.temperaturePlies, c.temperaturePlies);
  EXPECT_EQ(r.cPuct, c.cPuct);
  EXPECT_EQ(r.fpuReduction, c.fpuReduction);
  EXPECT_EQ(r.gumbel, c.gumbel);
  EXPECT_EQ(read.seed, code.seed);
  EXPECT_EQ(read.device, code.device);
}

// `train --keys` lists every key a file may give: a file giving each listed key its listed
// default (all but `variants`, which replaces `variant`) loads, as the experiment that sets
// nothing; so no key of the list is unknown to the reader, nor a default out of its range.
TEST(ExperimentConfig, EveryListedKeyAtItsListedDefaultIsTheDefaultExperiment) {
  YAML::Node file(YAML::NodeType::Map);
  int given = 0;
  for (const ExperimentKey& k : experimentKeys()) {
    if (k.key == "variants" || k.value.empty()) continue;
    YAML::Node at = file;
    std::string rest = k.key;
    for (size_t dot = rest.find('.'); dot != std::string::npos; dot = rest.find('.')) {
      const std::string part = rest.substr(0, dot);
      if (!at[part]) at[part] = YAML::Node(YAML::NodeType::Map);
      at.reset(at[part]);
      rest = rest.substr(dot + 1);
    }
    at[rest] = YAML::Load(k.value);
    ++given;
  }
  EXPECT_GE(given, 70);
  file["budget"]["steps"] = 1;
  const ExperimentConfig read = loadExperiment(writeExperiment("every-key.yaml", YAML::Dump(file)));
  const ExperimentConfig none = loadExperiment(writeExperiment("no-key.yaml", "budget: {steps: 1}\n"));
  EXPECT_EQ(listed(read.selfPlay), listed(none.selfPlay));
  EXPECT_EQ(listed(read.selfPlay.search), listed(none.selfPlay.search));
  EXPECT_EQ(listed(read.selfPlay.bootstrap), listed(none.selfPlay.bootstrap));
  EXPECT_EQ(listed(read.selfPlay.handicap), listed(none.selfPlay.handicap));
  EXPECT_EQ(listed(read.evaluator), listed(none.evaluator));
  EXPECT_EQ(listed(read.training), listed(none.training));
  EXPECT_EQ(listed(read.training.endgame), listed(none.training.endgame));
  EXPECT_EQ(listed(read.evaluation), listed(none.evaluation));
  EXPECT_EQ(listed(read.evaluation.agent.search), listed(none.evaluation.agent.search));
  EXPECT_EQ(read.evaluation.agent.net.mix, none.evaluation.agent.net.mix);
  EXPECT_EQ(read.selfPlay.simulations, none.selfPlay.simulations);
  EXPECT_EQ(read.training.learningRate(0), none.training.learningRate(0));
}

TEST(ExperimentConfig, CheckRefusesAnExperimentBuiltInCodeNamingTheKey) {
  ExperimentConfig ok;
  ok.budget.steps = 1;
  EXPECT_NO_THROW(ok.check());
  auto refused = [&](auto change, const std::string& key, const std::string& expected) {
    ExperimentConfig c = ok;
    change(c);
    const std::string msg = messageAfterFile([&] { c.check(); });
    EXPECT_NE(msg.find("'" + key + "'"), std::string::npos) << msg;
    EXPECT_NE(msg.find(expected), std::string::npos) << msg;
  };
  refused([](ExperimentConfig& c) { c.budget.steps = 0; }, "budget", "at least one of minutes, games or steps");
  refused([](ExperimentConfig& c) { c.training.window = 50; }, "training.window", "[100, 100000000], got 50");
  refused([](ExperimentConfig& c) { c.training.minPositions = 50000; }, "training.min_positions", "at most training.window");
  refused([](ExperimentConfig& c) { c.training.optimizer = "adam"; }, "training.optimizer", "sgd | adamw, got 'adam'");
  refused([](ExperimentConfig& c) { c.training.schedule = {{0, -1.0}}; }, "training.learning_rate", "each rate a number in [1e-07, 10]");
  refused([](ExperimentConfig& c) { c.selfPlay.cheapSimulations = 500; }, "selfplay.cheap_sims",
          "at most selfplay.sims");
  refused([](ExperimentConfig& c) { c.selfPlay.simulations = {0, 100}; }, "selfplay.sims",
          "a budget (an integer in [1, 1073741824])");
  refused([](ExperimentConfig& c) { c.selfPlay.bootstrap.cheapSimulations = 900; }, "selfplay.bootstrap.cheap_sims",
          "at most selfplay.bootstrap.sims");
  refused([](ExperimentConfig& c) { c.variants = {{"only", "brandubh", {}}}; }, "variants", "at least two variants");
  refused([](ExperimentConfig& c) { c.variants = {{"a", "brandubh", {}}, {"a", "brandubh", {}}}; }, "variants[1].name",
          "got 'a' twice");
  refused([](ExperimentConfig& c) { c.selfPlay.bootstrap.fullFraction = 0; }, "selfplay.bootstrap.full_fraction",
          "[0.01, 1], got 0");
  refused([](ExperimentConfig& c) { c.selfPlay.handicap.target = 0.7; }, "selfplay.handicap.target", "[0, 0.5]");
  refused([](ExperimentConfig& c) { c.evaluator.maxBatch = 0; }, "evaluator.max_batch", "[1, 4096]");
  refused([](ExperimentConfig& c) { c.evaluator.precision = "fp16"; }, "evaluator.precision", "fp32 | bf16, got 'fp16'");
  refused([](ExperimentConfig& c) { c.evaluation.games = 1; }, "evaluation.games", "[2, 100000]");
  refused([](ExperimentConfig& c) { c.device = "tpu"; }, "device", "cpu | cuda");
  refused([](ExperimentConfig& c) { c.training.endgame.share = 0.95; }, "training.endgame.share", "[0, 0.9], got 0.95");
  refused([](ExperimentConfig& c) { c.training.endgame.critical = 1.5; }, "training.endgame.critical", "[0, 1], got 1.5");
  refused(
      [](ExperimentConfig& c) {
        c.variants = {{"a", "brandubh", {}}, {"b", "brandubh", {}}};
        c.training.endgame.tables = "tables";
      },
      "training.endgame.tables", "several variants");
  refused([](ExperimentConfig& c) { c.selfPlay.search.cPuct = std::nanf(""); }, "selfplay.cpuct",
          "a number in [0.01, 100], got nan");
}

// The search settings self-play offers are read with the ranges of the search's field list:
// the value just outside each is refused with the range's words, and the budgets take the
// search's sims range.
TEST(ExperimentConfig, SelfPlaySearchSettingsTakeTheFieldListsRanges) {
  int checked = 0;
  for (const auto& o : valuesJustOutsideSearchRanges()) {
    const auto& keys = selfPlaySearchKeys();
    if (std::find(keys.begin(), keys.end(), o.range.key) == keys.end()) continue;
    const std::string path = writeExperiment("search-range.yaml", "budget: {steps: 1}\nselfplay: {" + o.range.key +
                                                                       ": " + o.text + "}\n");
    const std::string message = messageAfterFile([&] { loadExperiment(path); });
    EXPECT_EQ(message, ": key 'selfplay." + o.range.key + "': expected " + o.range.text() + ", got " + o.text) << message;
    ++checked;
  }
  EXPECT_EQ(checked, 2 * 8);  // the two flags (gumbel, gumbel_rescale) have no range
  const std::string path = writeExperiment("budget-range.yaml", "budget: {steps: 1}\nselfplay: {sims: [100, 1073741825]}\n");
  EXPECT_NE(messageAfterFile([&] { loadExperiment(path); }).find("a budget (" + searchOptionRange("sims").text()),
            std::string::npos);
}

// The evaluation's network players take the net agent's options under their spec names,
// read through its field list with its ranges; a config filled in code is checked the same.
TEST(ExperimentConfig, TheOptimizerSettingsHaveOneRangeWhereverTheyAreRead) {
  // An experiment's training section and a checkpoint's optimizer take the same ranges.
  const auto rangeOf = [](const std::vector<FieldRange>& ranges, const std::string& key) {
    const auto it = std::find_if(ranges.begin(), ranges.end(), [&](const FieldRange& r) { return r.key == key; });
    return it == ranges.end() ? std::string("(none)") : it->text();
  };
  const auto training = fieldRanges<TrainingConfig>(), optimizer = fieldRanges<OptimizerConfig>();
  for (const std::string key : {"momentum", "weight_decay"}) {
    EXPECT_EQ(rangeOf(training, key), rangeOf(optimizer, key)) << key;
    EXPECT_NE(rangeOf(optimizer, key), "(none)") << key;
  }
  // The learning rate, a schedule in an experiment, is refused past the optimizer's range.
  ExperimentConfig c;
  c.budget.steps = 1;
  c.training.schedule = {{0, OptimizerRanges::kMaxLearningRate * 2}};
  EXPECT_NE(errorOf([&] { c.check(); }).find(rangeOf(optimizer, "learning_rate")), std::string::npos);
}

TEST(ExperimentConfig, EvaluationAgentTakesTheNetAgentsOptions) {
  const ExperimentConfig c = loadExperiment(
      writeExperiment("evaluation-agent.yaml", "budget: {steps: 1}\nevaluation: {sims: 32, cpuct: 2, mix: 0.5}\n"));
  EXPECT_EQ(c.evaluation.agent.search.simulations, 32);
  EXPECT_FLOAT_EQ(c.evaluation.agent.search.cPuct, 2.f);
  EXPECT_EQ(c.evaluation.agent.net.mix, 0.5);
  EXPECT_EQ(loadExperiment(writeExperiment("evaluation-default.yaml", "budget: {steps: 1}\n")).evaluation.agent.search.simulations,
            64);
  int checked = 0;
  for (const auto& o : valuesJustOutsideSearchRanges()) {
    const std::string& name = o.range.key;
    const std::string path =
        writeExperiment("evaluation-range.yaml", "budget: {steps: 1}\nevaluation: {" + name + ": " + o.text + "}\n");
    EXPECT_EQ(messageAfterFile([&] { loadExperiment(path); }),
              ": key 'evaluation." + name + "': expected " + o.range.text() + ", got " + o.text);
    ++checked;
  }
  EXPECT_GE(checked, 16);
  const std::string unknown = writeExperiment("evaluation-unknown-key.yaml", "budget: {steps: 1}\nevaluation: {sim: 32}\n");
  EXPECT_NE(messageAfterFile([&] { loadExperiment(unknown); }).find("key 'evaluation.sim'"), std::string::npos);
  ExperimentConfig code;
  code.budget.steps = 1;
  code.evaluation.agent.search.simulations = 0;
  EXPECT_NE(messageAfterFile([&] { code.check(); }).find("key 'evaluation.sims': expected an integer in"), std::string::npos);
}

// A file written before each search setting took its one name (simulations, c_puct, ...)
// loads as the same experiment, with one hint a key; both spellings of a key are refused.
TEST(ExperimentConfig, OldSpellingsOfTheSearchSettingsAreReadWithAHint) {
  const std::string now = writeExperiment(
      "spelled-now.yaml",
      "budget: {steps: 1}\nselfplay: {sims: [40, 20], cheap_sims: 5, cpuct: 2, candidates: 8, gumbel: true,\n"
      "  handicap: {target: 0.3, min_sims: 3}, bootstrap: {games: 10, sims: 30, cheap_sims: 6}}\nevaluation: {sims: 16}\n");
  const std::string before = writeExperiment(
      "spelled-before.yaml",
      "budget: {steps: 1}\nselfplay: {simulations: [40, 20], cheap_simulations: 5, c_puct: 2, gumbel_candidates: 8,\n"
      "  gumbel: true, handicap: {target: 0.3, min_simulations: 3},\n"
      "  bootstrap: {games: 10, simulations: 30, cheap_simulations: 6}}\nevaluation: {simulations: 16}\n");
  ::testing::internal::CaptureStderr();
  const ExperimentConfig old = loadExperiment(before);
  const std::string hints = ::testing::internal::GetCapturedStderr();
  const ExperimentConfig c = loadExperiment(now);
  EXPECT_EQ(old.selfPlay.simulations, c.selfPlay.simulations);
  EXPECT_EQ(old.selfPlay.cheapSimulations, 5);
  EXPECT_FLOAT_EQ(old.selfPlay.search.cPuct, 2.f);
  EXPECT_EQ(old.selfPlay.search.gumbelCandidates, 8);
  EXPECT_EQ(old.selfPlay.handicap.minSimulations, 3);
  EXPECT_EQ(old.selfPlay.bootstrap.simulations, c.selfPlay.bootstrap.simulations);
  EXPECT_EQ(old.selfPlay.bootstrap.cheapSimulations, 6);
  EXPECT_EQ(old.evaluation.agent.search.simulations, 16);
  EXPECT_NE(hints.find(before + ": selfplay.c_puct is spelled selfplay.cpuct now; read as that\n"), std::string::npos) << hints;
  EXPECT_NE(hints.find("selfplay.bootstrap.cheap_simulations is spelled selfplay.bootstrap.cheap_sims now"), std::string::npos)
      << hints;
  EXPECT_EQ(std::count(hints.begin(), hints.end(), '\n'), 8) << hints;  // one a key, however often it is read
  const std::string both = writeExperiment("spelled-twice.yaml", "budget: {steps: 1}\nselfplay: {sims: 8, simulations: 8}\n");
  EXPECT_NE(messageAfterFile([&] { loadExperiment(both); })
                .find("key 'selfplay.simulations': expected no value: it is the old spelling of selfplay.sims, given too"),
            std::string::npos);
}

TEST(ExperimentConfig, AFileAndCodeGetTheSameMessageForTheSameValue) {
  const std::string path = writeExperiment("bad-window.yaml", "budget: {steps: 1}\ntraining: {window: 50}\n");
  const std::string fromFile = messageAfterFile([&] { loadExperiment(path); });
  ExperimentConfig code;
  code.budget.steps = 1;
  code.training.window = 50;
  EXPECT_EQ(fromFile, messageAfterFile([&] { code.check(); }));
  EXPECT_NE(fromFile.find("training.window"), std::string::npos);
}

// `variant: ~` is the default, and stays a null in the resolved config a run stores (it was
// stored as the preset name "null").
TEST(ExperimentConfig, ANullVariantIsTheDefaultAndStaysNull) {
  const std::string path = writeExperiment("null-variant.yaml", "variant: ~\nnetwork: ~\nbudget: {steps: 1}\n");
  EXPECT_EQ(loadExperiment(path).variant, ExperimentConfig{}.variant);
  const YAML::Node resolved = ExperimentSource(path).resolved();
  EXPECT_TRUE(resolved["variant"].IsNull());
  EXPECT_TRUE(resolved["network"].IsNull());
}

// A rule override of the experiment's `set` that the variant refuses names the experiment's
// file and key.
TEST(ExperimentConfig, ABadRuleOverrideNamesTheFileAndItsKey) {
  const std::string path = writeExperiment("bad-set.yaml", "variant: brandubh\nset: [first=nosuch]\nbudget: {steps: 1}\n");
  const std::string msg = errorOf([&] { RunVariants variants(loadExperiment(path)); });
  EXPECT_EQ(msg.rfind(path + ": key 'set': expected rule overrides the variant accepts, but 'first=nosuch' sets key 'first'", 0), 0u)
      << msg;
  const std::string several = writeExperiment(
      "bad-variants-set.yaml",
      "variants: [{name: a, variant: brandubh}, {name: b, variant: brandubh, set: [king.capture=nosuch]}]\n"
      "budget: {steps: 1}\n");
  const std::string second = errorOf([&] { RunVariants variants(loadExperiment(several)); });
  EXPECT_NE(second.find(several + ": key 'variants[1].set'"), std::string::npos) << second;
}

TEST(ExperimentConfig, BaselinesAreFewAndListedOnce) {
  std::string many = "budget: {steps: 1}\nevaluation: {baselines: [";
  for (int i = 0; i < 17; ++i) many += (i ? ", " : "") + std::string("\"mcts:sims=") + std::to_string(i + 1) + "\"";
  const std::string tooMany = messageAfterFile([&] { loadExperiment(writeExperiment("many-baselines.yaml", many + "]}\n")); });
  EXPECT_EQ(tooMany, ": key 'evaluation.baselines': expected at most 16 agents, got 17");
  const std::string twice = messageAfterFile([] {
    loadExperiment(writeExperiment("twice.yaml", "budget: {steps: 1}\nevaluation: {baselines: [random, greedy, random]}\n"));
  });
  EXPECT_EQ(twice, ": key 'evaluation.baselines[2]': expected an agent not listed before, got 'random' again");
}

// The baselines are read once, into typed agents, when the experiment is read: a bad spec is
// refused there, naming its key, before any run starts.
TEST(ExperimentConfig, BaselinesAreReadOnceIntoTypedAgents) {
  const ExperimentConfig c = loadExperiment(writeExperiment(
      "typed-baselines.yaml", "budget: {steps: 1}\nevaluation: {baselines: [\"mcts:sims=200\", \"alphabeta:depth=2\"]}\n"));
  ASSERT_EQ(c.evaluation.baselines.size(), 2u);
  EXPECT_EQ(c.evaluation.baselines[0].kind, "mcts");
  EXPECT_EQ(c.evaluation.baselines[0].search.simulations, 200);
  EXPECT_EQ(c.evaluation.baselines[1].kind, "alphabeta");
  EXPECT_EQ(c.evaluation.baselines[1].alphabeta.depth, 2);
  const std::string bad = messageAfterFile([] {
    loadExperiment(writeExperiment("bad-baseline.yaml", "budget: {steps: 1}\nevaluation: {baselines: [random, \"mcts:sims=-3\"]}\n"));
  });
  EXPECT_EQ(bad.rfind(": key 'evaluation.baselines[1]': expected an agent (", 0), 0u) << bad;
  EXPECT_NE(bad.find("sims"), std::string::npos) << bad;
}

TEST(ExperimentConfig, EndgameTeachingIsReadFromTheTrainingSection) {
  const ExperimentConfig c = loadExperiment(writeExperiment(
      "endgame-teaching.yaml",
      "budget: {steps: 1}\ntraining: {endgame: {tables: runs/egtb-morris, share: 0.5, critical: 0.5, selfplay: true}}\n"));
  EXPECT_EQ(c.training.endgame.tables, "runs/egtb-morris");
  EXPECT_EQ(c.training.endgame.share, 0.5);
  EXPECT_EQ(c.training.endgame.critical, 0.5);
  EXPECT_TRUE(c.training.endgame.selfplay);
  EXPECT_FALSE(loadExperiment(writeExperiment("no-probes.yaml", "budget: {steps: 1}\n")).training.endgame.selfplay);
  const std::string untabled = messageAfterFile([] {
    loadExperiment(writeExperiment("probes-without-tables.yaml", "budget: {steps: 1}\ntraining: {endgame: {selfplay: true}}\n"));
  });
  EXPECT_NE(untabled.find("training.endgame.selfplay"), std::string::npos) << untabled;
  EXPECT_NE(untabled.find("training.endgame.tables"), std::string::npos) << untabled;
  const std::string msg = messageAfterFile([] {
    loadExperiment(writeExperiment("endgame-typo.yaml", "budget: {steps: 1}\ntraining: {endgame: {table: x}}\n"));
  });
  EXPECT_NE(msg.find("training.endgame.table"), std::string::npos) << msg;
}

}  // namespace
}  // namespace tz::test
