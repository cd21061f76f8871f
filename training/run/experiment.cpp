#include "training/run/experiment.h"

#include <algorithm>
#include <filesystem>

#include "game/config.h"
#include "game/error.h"

namespace tz {

double TrainingConfig::learningRate(int64_t step) const {
  double rate = schedule.empty() ? 0.02 : schedule.front().second;
  for (const auto& [from, r] : schedule)
    if (step >= from) rate = r;
  return rate;
}

namespace {


// A search budget, or a list of one per side [side 0, side 1]: a stronger search for the
// side that loses equal games gives games whose results teach the value of both sides'
// positions.
std::array<int, 2> readSideBudgets(ConfigReader& r, const std::string& key, std::array<int, 2> budgets,
                                   const std::string& path, const std::string& fullKey) {
  const YAML::Node node = r.raw(key);
  if (!node || !node.IsSequence()) {
    budgets.fill(r.getInt(key, budgets[0], 1, 1000000));
    return budgets;
  }
  const char* expected = "a budget in [1, 1000000], or a list of one per side [side 0, side 1]";
  if (node.size() != 2) throw ConfigError(path, fullKey, expected);
  for (size_t side = 0; side < 2; ++side) {
    int v = 0;
    try {
      v = node[side].as<int>();
    } catch (const YAML::Exception&) {
    }
    if (v < 1 || v > 1000000) throw ConfigError(path, fullKey, expected);
    budgets[side] = v;
  }
  return budgets;
}

void readSearch(ConfigReader& r, SearchOptions& s) {
  s.cPuct = float(r.getDouble("c_puct", s.cPuct, 0.01, 100));
  s.fpuReduction = float(r.getDouble("fpu_reduction", s.fpuReduction, 0, 2));
  s.dirichletAlpha = float(r.getDouble("dirichlet_alpha", 0.3, 0.001, 10));
  s.dirichletFraction = float(r.getDouble("dirichlet_fraction", 0.25, 0, 1));
  s.temperature = float(r.getDouble("temperature", 1.0, 0.01, 10));
  s.temperaturePlies = r.getInt("temperature_plies", 8, 0, 100000);
  s.gumbel = r.getBool("gumbel", false);
  s.gumbelCandidates = r.getInt("gumbel_candidates", s.gumbelCandidates, 2, 4096);
  s.gumbelRescale = r.getBool("gumbel_rescale", s.gumbelRescale);
  s.treeMiB = r.getDouble("tree_mib", s.treeMiB, 0, 1e9);
}

}  // namespace

std::string resolveFile(const std::string& value, const std::string& configPath) {
  const std::filesystem::path p(value);
  if (value.find('/') == std::string::npos && p.extension() != ".yaml") return value;
  return std::filesystem::absolute(std::filesystem::path(configPath).parent_path() / p).lexically_normal().string();
}

namespace {

// variants: [{name, variant, set}, ...], at least two with distinct names, instead of variant and set.
std::vector<ExperimentVariant> readVariants(ConfigReader& r, const std::string& path) {
  const YAML::Node list = r.raw("variants");
  if (!list) return {};
  const char* expected = "a list of at least two variants {name: NAME, variant: PRESET_OR_FILE, set: [key=value, ...]}";
  if (!list.IsSequence() || list.size() < 2) throw ConfigError(path, "variants", expected);
  if (r.has("variant") || r.has("set")) throw ConfigError(path, "variants", "no `variant` or `set` beside it (each variant has its own)");
  std::vector<ExperimentVariant> variants;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string at = "variants[" + std::to_string(i) + "]";
    if (!list[i].IsMap()) throw ConfigError(path, at, expected);
    ConfigReader v(list[i], path, at + ".");
    ExperimentVariant ev{v.getString("name", ""), resolveFile(v.getString("variant", "brandubh"), path), v.getStrings("set", {})};
    v.finish();
    if (ev.name.empty()) throw ConfigError(path, at + ".name", "a name for the variant");
    for (const auto& other : variants) {
      if (other.name == ev.name) throw ConfigError(path, at + ".name", "a name no other variant has, got '" + ev.name + "' twice");
    }
    variants.push_back(std::move(ev));
  }
  return variants;
}

void readBudget(ConfigReader& r, ExperimentConfig& c, const std::string& path) {
  ConfigReader b = r.child("budget");
  c.budget.minutes = b.getDouble("minutes", 0, 0, 1e7);
  c.budget.games = b.getInt("games", 0, 0, 1 << 30);
  c.budget.steps = b.getInt("steps", 0, 0, 1 << 30);
  b.finish();
  if (c.budget.minutes == 0 && c.budget.games == 0 && c.budget.steps == 0) {
    throw ConfigError(path, "budget", "at least one of minutes, games or steps above 0");
  }
}

void readSelfPlay(ConfigReader& r, ExperimentConfig& c, const std::string& path) {
  ConfigReader s = r.child("selfplay");
  c.selfPlay.workers = s.getInt("workers", 1, 1, 256);
  c.selfPlay.gamesPerWorker = s.getInt("games_per_worker", 32, 1, 4096);
  c.selfPlay.simulations = readSideBudgets(s, "simulations", c.selfPlay.simulations, path, "selfplay.simulations");
  const int fewestNetwork = std::min(c.selfPlay.simulations[0], c.selfPlay.simulations[1]);
  c.selfPlay.cheapSimulations = s.getInt("cheap_simulations", fewestNetwork / 4 + 1, 1, 1000000);
  c.selfPlay.fullFraction = s.getDouble("full_fraction", 0.25, 0.01, 1);
  c.selfPlay.pastFraction = s.getDouble("past_fraction", 0.15, 0, 1);
  c.selfPlay.rolloutMix = s.getDouble("rollout_mix", 0.0, 0, 1);
  readSearch(s, c.selfPlay.search);
  ConfigReader h = s.child("handicap");
  c.selfPlay.handicap.target = h.getDouble("target", 0, 0, 0.5);
  c.selfPlay.handicap.minSimulations = h.getInt("min_simulations", 2, 1, 1000000);
  h.finish();
  ConfigReader boot = s.child("bootstrap");
  BootstrapConfig& bc = c.selfPlay.bootstrap;
  bc.games = boot.getInt("games", bc.games, 0, 100000000);
  bc.simulations = readSideBudgets(boot, "simulations", bc.simulations, path, "selfplay.bootstrap.simulations");
  const int fewest = std::min(bc.simulations[0], bc.simulations[1]);
  bc.cheapSimulations = boot.getInt("cheap_simulations", std::min(bc.cheapSimulations, fewest), 1, 1000000);
  bc.fullFraction = boot.getDouble("full_fraction", c.selfPlay.fullFraction, 0.01, 1);
  boot.finish();
  s.finish();
  if (c.selfPlay.cheapSimulations > fewestNetwork) {
    throw ConfigError(path, "selfplay.cheap_simulations", "at most selfplay.simulations");
  }
  if (bc.cheapSimulations > fewest) {
    throw ConfigError(path, "selfplay.bootstrap.cheap_simulations", "at most selfplay.bootstrap.simulations");
  }
}

void readEvaluator(ConfigReader& r, ExperimentConfig& c) {
  ConfigReader e = r.child("evaluator");
  c.evaluator.maxBatch = e.getInt("max_batch", 64, 1, 4096);
  c.evaluator.maxWaitUs = e.getInt("max_wait_us", 500, 0, 1000000);
  c.evaluator.torchThreads = e.getInt("torch_threads", 1, 1, 256);
  e.finish();
}

// training.learning_rate: one rate, or a map {step: rate} (sorted by step).
std::vector<std::pair<int64_t, double>> readSchedule(ConfigReader& t, const std::string& path) {
  YAML::Node sched = t.raw("learning_rate");
  if (!sched) return {{0, 0.02}};
  if (sched.IsScalar()) return {{0, t.getDouble("learning_rate", 0.02, 1e-7, 10)}};
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
    if (step < 0 || !(rate > 0 && rate <= 10)) {
      throw ConfigError(path, "training.learning_rate", "a rate, or a map {step: rate} with steps >= 0 and rates in (0, 10]");
    }
    schedule.emplace_back(step, rate);
  }
  std::sort(schedule.begin(), schedule.end());
  return schedule;
}

void readTraining(ConfigReader& r, ExperimentConfig& c, const std::string& path) {
  ConfigReader t = r.child("training");
  c.training.batchSize = t.getInt("batch_size", 128, 1, 65536);
  c.training.optimizer = t.getChoice("optimizer", "sgd", {"sgd", "adamw"});
  c.training.momentum = t.getDouble("momentum", 0.9, 0, 0.999);
  c.training.weightDecay = t.getDouble("weight_decay", 1e-4, 0, 1);
  c.training.schedule = readSchedule(t, path);
  c.training.window = t.getInt("window", 40000, 100, 100000000);
  c.training.minPositions = t.getInt("min_positions", 1000, 1, 100000000);
  c.training.samplesPerPosition = t.getDouble("samples_per_position", 4.0, 0.01, 1000);
  c.training.checkpointEvery = t.getInt("checkpoint_every", 100, 1, 10000000);
  c.training.publishEvery = t.getInt("publish_every", std::min(20, c.training.checkpointEvery), 1, 10000000);
  c.training.valueWeight = t.getDouble("value_weight", 1.0, 0, 100);
  c.training.searchValueMix = t.getDouble("search_value_mix", 0.0, 0, 1);
  t.finish();
  if (c.training.minPositions > c.training.window) {
    throw ConfigError(path, "training.min_positions", "at most training.window");
  }
}

void readEvaluation(ConfigReader& r, ExperimentConfig& c) {
  ConfigReader v = r.child("evaluation");
  c.evaluation.every = v.getInt("every", 1, 0, 1000000);
  c.evaluation.games = v.getInt("games", 20, 2, 100000);
  c.evaluation.simulations = v.getInt("simulations", 64, 1, 1000000);
  c.evaluation.previous = v.getInt("previous", 2, 0, 1000);
  c.evaluation.randomPlies = v.getInt("random_plies", 2, 0, 1000);
  c.evaluation.rolloutMix = v.getDouble("rollout_mix", c.selfPlay.rolloutMix, 0, 1);
  c.evaluation.baselines = v.getStrings("baselines", {"random", "greedy"});
  v.finish();
}

}  // namespace

ExperimentConfig loadExperiment(const std::string& path) {
  ExperimentConfig c;
  c.file = path;
  ConfigReader r(loadYamlFile(path), path);
  r.getString("description", "");
  c.variants = readVariants(r, path);
  c.variant = resolveFile(r.getString("variant", c.variants.empty() ? c.variant : c.variants.front().variant), path);
  c.sets = r.getStrings("set", c.variants.empty() ? std::vector<std::string>{} : c.variants.front().sets);
  c.network = resolveFile(r.getString("network", c.network), path);
  c.device = r.getChoice("device", "cpu", {"cpu", "cuda"});
  c.seed = uint64_t(r.getInt("seed", 1, 0, 1 << 30));
  readBudget(r, c, path);
  readSelfPlay(r, c, path);
  readEvaluator(r, c);
  readTraining(r, c, path);
  readEvaluation(r, c);
  r.finish();
  return c;
}

}  // namespace tz
