#include "training/run/experiment.h"

#include <algorithm>
#include <filesystem>

#include "game/base/config.h"
#include "game/base/config_fields.h"
#include "game/base/error.h"
#include "mcts/players/agent_kinds.h"

namespace tz {

double TrainingConfig::learningRate(int64_t step) const {
  double rate = schedule.empty() ? 0.02 : schedule.front().second;
  for (const auto& [from, r] : schedule)
    if (step >= from) rate = r;
  return rate;
}

const std::vector<std::string>& selfPlaySearchKeys() {
  static const std::vector<std::string> keys = {"cpuct", "fpu", "dirichlet_alpha", "dirichlet_fraction",
                                                "temperature", "temperature_plies", "gumbel", "candidates",
                                                "gumbel_rescale", "tree_mib"};
  return keys;
}

namespace {

// What a search budget may be: the search's simulations, or one per side.
std::string sideBudgetsText() {
  return "a budget (" + searchOptionRange("sims").text() + "), or a list of one per side [side 0, side 1]";
}

// A search budget, or a list of one per side [side 0, side 1]: a stronger search for the
// side that loses equal games gives games whose results teach the value of both sides'
// positions.
std::array<int, 2> readSideBudgets(ConfigReader& r, const std::string& key, std::array<int, 2> budgets,
                                   const std::string& path, const std::string& fullKey) {
  const FieldRange range = searchOptionRange("sims");
  const YAML::Node node = r.raw(key);
  if (!node || !node.IsSequence()) {
    budgets.fill(r.getInt(key, budgets[0], int(range.lo), int(range.hi)));
    return budgets;
  }
  if (node.size() != 2) throw ConfigError(path, fullKey, sideBudgetsText());
  for (size_t side = 0; side < 2; ++side) {
    int v = 0;
    try {
      v = node[side].as<int>();
    } catch (const YAML::Exception&) {
    }
    if (!range.contains(v)) throw ConfigError(path, fullKey, sideBudgetsText());
    budgets[side] = v;
  }
  return budgets;
}

// Self-play's search settings (selfPlaySearchKeys) from its YAML map.
void readSearch(ConfigReader& r, SearchOptions& s) {
  FieldReader reader(r);
  SelectedFields<FieldReader> selected(reader, selfPlaySearchKeys());
  SearchOptions::fields(s, selected);
}

}  // namespace

void BudgetConfig::check(const std::string& file, const std::string& prefix) const {
  checkFields(*this, file, prefix);
}

namespace {

// Each side's full budget in the search's simulations range, and the cheap budget at most
// the smaller one.
void checkBudgets(const std::array<int, 2>& simulations, int cheapSimulations, const std::string& file,
                  const std::string& prefix) {
  const int fewest = std::min(simulations[0], simulations[1]);
  const FieldRange range = searchOptionRange("sims");
  if (!range.contains(simulations[0]) || !range.contains(simulations[1])) {
    throw ConfigError(file, prefix + "sims", sideBudgetsText());
  }
  if (cheapSimulations > fewest) throw ConfigError(file, prefix + "cheap_sims", "at most " + prefix + "sims");
}

}  // namespace

void BootstrapConfig::check(const std::string& file, const std::string& prefix) const {
  checkFields(*this, file, prefix);
  checkBudgets(simulations, cheapSimulations, file, prefix);
}

void SelfPlayConfig::check(const std::string& file, const std::string& prefix) const {
  checkFields(*this, file, prefix);
  checkBudgets(simulations, cheapSimulations, file, prefix);
  checkFields(handicap, file, prefix + "handicap.");
  bootstrap.check(file, prefix + "bootstrap.");
  FieldChecker checker(file, prefix);
  SelectedFields<FieldChecker> selected(checker, selfPlaySearchKeys());
  SearchOptions::fields(search, selected);
  search.check();
}

void TrainingConfig::check(const std::string& file, const std::string& prefix) const {
  checkFields(*this, file, prefix);
  if (minPositions > window) throw ConfigError(file, prefix + "min_positions", "at most " + prefix + "window");
  for (const auto& [step, rate] : schedule) {
    if (step < 0 || !(rate >= OptimizerRanges::kMinLearningRate && rate <= OptimizerRanges::kMaxLearningRate)) {
      throw ConfigError(file, prefix + "learning_rate",
                        "a rate, or a map {step: rate} with steps >= 0, each rate " +
                            rangeText(OptimizerRanges::kMinLearningRate, OptimizerRanges::kMaxLearningRate));
    }
  }
}

namespace {

// At least two variants, each named, no name twice (none: one variant, `variant`).
void checkVariants(const std::vector<ExperimentVariant>& variants, const std::string& where) {
  if (variants.empty()) return;
  if (variants.size() < 2) {
    throw ConfigError(where, "variants", "a list of at least two variants {name: NAME, variant: PRESET_OR_FILE, set: [key=value, ...]}");
  }
  for (size_t i = 0; i < variants.size(); ++i) {
    const std::string at = "variants[" + std::to_string(i) + "].name";
    if (variants[i].name.empty()) throw ConfigError(where, at, "a name for the variant");
    for (size_t j = 0; j < i; ++j) {
      if (variants[j].name == variants[i].name) {
        throw ConfigError(where, at, "a name no other variant has, got '" + variants[i].name + "' twice");
      }
    }
  }
}

}  // namespace

AgentSpec EvaluationConfig::evaluationAgent(double mix) {
  AgentSpec spec = agentOfKind("net");
  spec.search.simulations = 64;
  spec.net.mix = mix;
  return spec;
}

std::vector<AgentSpec> EvaluationConfig::defaultBaselines() { return {parseAgentSpec("random"), parseAgentSpec("greedy")}; }

void ExperimentConfig::check() const {
  const std::string where = file.empty() ? "(experiment)" : file;
  FieldChecker top(where, "");
  top.choice("device", device, {"cpu", "cuda"});
  top.number("seed", seed, 0, uint64_t(1) << 30);
  budget.check(where, "budget.");
  if (budget.minutes == 0 && budget.games == 0 && budget.steps == 0) {
    throw ConfigError(where, "budget", "at least one of minutes, games or steps above 0");
  }
  selfPlay.check(where, "selfplay.");
  checkFields(evaluator, where, "evaluator.");
  training.check(where, "training.");
  checkFields(evaluation, where, "evaluation.");
  checkAgentOptions(agentKind("net", "net"), evaluation.agent, where, "evaluation.");
  constexpr size_t kMostBaselines = 16;  // every evaluation plays each of them
  if (evaluation.baselines.size() > kMostBaselines) {
    throw ConfigError(where, "evaluation.baselines",
                      "at most " + std::to_string(kMostBaselines) + " agents, got " + std::to_string(evaluation.baselines.size()));
  }
  for (size_t i = 0; i < evaluation.baselines.size(); ++i) {
    const std::string text = evaluation.baselines[i].text();
    for (size_t j = 0; j < i; ++j) {
      if (evaluation.baselines[j].text() == text) {
        throw ConfigError(where, "evaluation.baselines[" + std::to_string(i) + "]",
                          "an agent not listed before, got " + quoted(text) + " again");
      }
    }
  }
  checkVariants(variants, where);
  checkFields(training.endgame, where, "training.endgame.");
  if (!training.endgame.tables.empty() && !variants.empty()) {
    throw ConfigError(where, "training.endgame.tables", "no endgame tables in a run over several variants (one table folder serves one variant)");
  }
  if (training.endgame.selfplay && training.endgame.tables.empty()) {
    throw ConfigError(where, "training.endgame.selfplay", "false unless training.endgame.tables names the tables to probe");
  }
}

namespace {

// variants: [{name, variant, set}, ...], at least two with distinct names, instead of variant and set.
std::vector<ExperimentVariant> readVariants(ConfigReader& r, const std::string& path) {
  const YAML::Node list = r.raw("variants");
  if (!list) return {};
  const char* expected = "a list of at least two variants {name: NAME, variant: PRESET_OR_FILE, set: [key=value, ...]}";
  if (!list.IsSequence()) throw ConfigError(path, "variants", expected);
  if (r.has("variant") || r.has("set")) throw ConfigError(path, "variants", "no `variant` or `set` beside it (each variant has its own)");
  std::vector<ExperimentVariant> variants;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string at = "variants[" + std::to_string(i) + "]";
    if (!list[i].IsMap()) throw ConfigError(path, at, expected);
    ConfigReader v(list[i], path, at + ".");
    variants.push_back({v.getString("name", ""), resolveFile(v.getString("variant", "brandubh"), path), v.getStrings("set", {})});
    v.finish();
  }
  return variants;
}

void readSelfPlay(ConfigReader& r, ExperimentConfig& c, const std::string& path) {
  ConfigReader s = r.child("selfplay");
  SelfPlayConfig& sp = c.selfPlay;
  sp.simulations = readSideBudgets(s, "sims", sp.simulations, path, "selfplay.sims");
  sp.cheapSimulations = std::min(sp.simulations[0], sp.simulations[1]) / 4 + 1;  // default: a quarter
  if (s.has("rollout_mix")) {  // no file the project keeps wrote it: refused, naming the key now
    throw ConfigError(path, "selfplay.rollout_mix", "selfplay.mix, its one name (a player spec's mix)");
  }
  readFields(s, sp);
  readSearch(s, sp.search);
  ConfigReader h = s.child("handicap");
  readFields(h, sp.handicap);
  h.finish();
  ConfigReader boot = s.child("bootstrap");
  BootstrapConfig& bc = sp.bootstrap;
  bc.simulations = readSideBudgets(boot, "sims", bc.simulations, path, "selfplay.bootstrap.sims");
  bc.cheapSimulations = std::min({bc.cheapSimulations, bc.simulations[0], bc.simulations[1]});
  bc.fullFraction = sp.fullFraction;  // default: selfplay's
  readFields(boot, bc);
  boot.finish();
  s.finish();
}

// training.learning_rate: one rate, or a map {step: rate} (sorted by step).
std::vector<std::pair<int64_t, double>> readSchedule(ConfigReader& t, const std::string& path) {
  YAML::Node sched = t.raw("learning_rate");
  if (!sched) return {{0, 0.02}};
  if (sched.IsScalar()) {
    return {{0, t.getDouble("learning_rate", 0.02, OptimizerRanges::kMinLearningRate, OptimizerRanges::kMaxLearningRate)}};
  }
  if (!sched.IsMap()) throw ConfigError(path, "training.learning_rate", "a rate, or a map {step: rate}");
  std::vector<std::pair<int64_t, double>> schedule;
  for (const auto& kv : sched) {
    int64_t step = -1;
    double rate = -1;
    try {
      step = kv.first.as<int64_t>();
      rate = kv.second.as<double>();
    } catch (const YAML::Exception&) {
    }
    schedule.emplace_back(step, rate);
  }
  std::sort(schedule.begin(), schedule.end());
  return schedule;
}

void readTraining(ConfigReader& r, ExperimentConfig& c, const std::string& path) {
  ConfigReader t = r.child("training");
  readFields(t, c.training);
  if (!t.has("publish_every")) c.training.publishEvery = std::min(c.training.publishEvery, c.training.checkpointEvery);
  c.training.schedule = readSchedule(t, path);
  ConfigReader e = t.child("endgame");
  c.training.endgame.tables = e.getString("tables", c.training.endgame.tables);
  readFields(e, c.training.endgame);
  e.finish();
  t.finish();
}

// The evaluation's baselines, each spec read once; a bad one throws ConfigError naming it.
std::vector<AgentSpec> readBaselines(ConfigReader& evaluation) {
  const std::vector<std::string> texts = evaluation.getStrings("baselines", {});
  std::vector<AgentSpec> baselines;
  for (size_t i = 0; i < texts.size(); ++i) {
    try {
      baselines.push_back(parseAgentSpec(texts[i]));
    } catch (const Error& e) {
      throw ConfigError(evaluation.file(), evaluation.path("baselines[" + std::to_string(i) + "]"),
                        std::string("an agent (") + e.what() + ")");
    }
  }
  return baselines;
}

// A nested part read field by field.
template <class S>
void readPart(ConfigReader& r, const std::string& key, S& part) {
  ConfigReader child = r.child(key);
  readFields(child, part);
  child.finish();
}

}  // namespace

YAML::Node ExperimentSource::resolved() const {
  YAML::Node node = loadYamlFile(path);
  applyOverrides(node, sets);  // as if written in the file: a file an override names is the file's too
  // Only names are resolved: a null (`variant: ~`, the default) or a list stays what it is,
  // for the reader to take or refuse.
  const auto resolve = [&](YAML::Node value) {
    if (value && value.IsScalar()) value = resolveFile(value.as<std::string>(), path);
  };
  for (const char* key : {"variant", "network"}) resolve(node[key]);
  if (node["variants"] && node["variants"].IsSequence()) {
    for (YAML::Node v : node["variants"]) {
      if (v.IsMap()) resolve(v["variant"]);
    }
  }
  return node;
}

namespace {

// The keys experiments had before each setting took one name (SearchOptions::fields'), read
// with a hint: files written before still load.
const OldSpellings& experimentOldSpellings() {
  static const OldSpellings old = [] {
    OldSpellings o = searchOldSpellings();
    o.insert(o.end(), {{"cheap_simulations", "cheap_sims"}, {"min_simulations", "min_sims"}});
    return o;
  }();
  return old;
}

// The experiment of `source`, read and checked; errors name the file.
ExperimentConfig readExperiment(const ExperimentSource& source) {
  const std::string& path = source.path;
  ExperimentConfig c;
  c.file = path;
  ConfigReader r(source.resolved(), path);
  r.acceptOldSpellings(&experimentOldSpellings());
  r.getString("description", "");
  c.variants = readVariants(r, path);
  c.variant = resolveFile(r.getString("variant", c.variants.empty() ? c.variant : c.variants.front().variant), path);
  c.sets = r.getStrings("set", c.variants.empty() ? std::vector<std::string>{} : c.variants.front().sets);
  c.network = resolveFile(r.getString("network", c.network), path);
  c.device = r.getChoice("device", c.device, {"cpu", "cuda"});
  c.seed = r.getNumber<uint64_t>("seed", c.seed, 0, uint64_t(1) << 30);
  readPart(r, "budget", c.budget);
  readSelfPlay(r, c, path);
  readPart(r, "evaluator", c.evaluator);
  readTraining(r, c, path);
  c.evaluation.agent = EvaluationConfig::evaluationAgent(c.selfPlay.mix);
  ConfigReader v = r.child("evaluation");
  readFields(v, c.evaluation);
  readAgentOptions(v, agentKind("net", "net"), c.evaluation.agent);
  if (v.has("baselines")) c.evaluation.baselines = readBaselines(v);
  v.finish();
  r.finish();
  c.check();
  return c;
}

}  // namespace

ExperimentConfig loadExperiment(const ExperimentSource& source) {
  try {
    return readExperiment(source);
  } catch (const ConfigError& e) {  // a bad value that an override gave is the override's error
    const std::string* culprit = overrideOf(source.sets, e.key());
    if (!culprit) throw;
    throw ConfigError(overrideName(*culprit), e.key(), e.expected());
  }
}

}  // namespace tz
