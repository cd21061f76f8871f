#include "training/run/run_directory.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "game/base/config.h"
#include "game/base/error.h"
#include "game/base/json_text.h"
#include "game/base/user_files.h"
#include "game/base/yaml_difference.h"
#include "nets/checkpoint.h"
#include "nets/network_config.h"
#include "training/run/experiment.h"
#include "training/run/run_variants.h"

namespace tz {

namespace fs = std::filesystem;

namespace {

// identity.yaml: the stored config, the rules (by variant name when the run has several) and
// the network it resolves to (`experiment`,
// the same config loaded).
YAML::Node identityOf(const YAML::Node& config, const ExperimentConfig& experiment) {
  YAML::Node identity;
  identity["config"] = config;
  const RunVariants variants(experiment);
  if (variants.size() == 1) {
    identity["rules"] = YAML::Load(variants.network().rulesYaml());
  } else {
    for (const Game* g : variants.all()) identity["rules"][g->name()] = YAML::Load(g->rulesYaml());
  }
  identity["network"] = YAML::Load(networkConfigYaml(loadNetworkConfig(experiment.network)));
  return identity;
}

void writeAtomically(const std::string& path, const std::string& text) { writeFileAtomically(path, text, "run file"); }

}  // namespace

RunPaths RunPaths::of(const std::string& dir) {
  RunPaths p;
  p.dir = dir;
  p.config = (fs::path(dir) / "config.yaml").string();
  p.records = (fs::path(dir) / "records.sqlite").string();
  p.checkpoints = (fs::path(dir) / "checkpoints").string();
  p.metrics = (fs::path(dir) / "metrics.jsonl").string();
  p.log = (fs::path(dir) / "train.log").string();
  p.identity = (fs::path(dir) / "identity.yaml").string();
  p.start = (fs::path(dir) / "start.yaml").string();
  return p;
}

std::string checkpointId(int64_t step) { return "step-" + std::to_string(step); }

std::string checkpointPath(const RunPaths& paths, int64_t step) {
  char name[64];
  std::snprintf(name, sizeof(name), "step-%08lld.ckpt", static_cast<long long>(step));
  return (fs::path(paths.checkpoints) / name).string();
}

std::vector<CheckpointFile> listCheckpoints(const RunPaths& paths) {
  std::vector<CheckpointFile> out;
  if (!fs::is_directory(paths.checkpoints)) return out;
  for (const auto& e : fs::directory_iterator(paths.checkpoints)) {
    const std::string name = e.path().filename().string();
    long long step = 0;
    if (e.path().extension() == ".ckpt" && std::sscanf(name.c_str(), "step-%lld.ckpt", &step) == 1) {
      out.push_back({step, e.path().string()});
    }
  }
  std::sort(out.begin(), out.end(), [](const CheckpointFile& a, const CheckpointFile& b) { return a.step < b.step; });
  return out;
}

RunStart readRunStart(const RunPaths& paths) {
  RunStart start;
  if (!fs::exists(paths.start)) return start;
  ConfigReader r(loadYamlFile(paths.start), paths.start);
  start.from = r.getString("from", "");
  start.fromSha256 = r.getString("sha256", "");
  start.fromStep = r.getNumber<int64_t>("step", 0, 0, int64_t(1) << 40);
  start.otherRules = r.getBool("other_rules", false);
  r.finish();
  if (start.from.empty() || start.fromSha256.size() != 64) {
    throw ConfigError(paths.start, "from", "the checkpoint continued, with its sha256 (64 hex digits) and step");
  }
  return start;
}

double runSeconds(const RunPaths& paths) {
  constexpr uint64_t kMaxMetricsBytes = uint64_t(256) << 20;
  std::istringstream in(fs::exists(paths.metrics) ? readRegularFile(paths.metrics, "metrics file " + paths.metrics, kMaxMetricsBytes) : "");
  double seconds = 0;
  for (std::string line; std::getline(in, line);) {
    nlohmann::json m;
    try {
      m = parseJsonText(line, paths.metrics);
    } catch (const Error&) {
      continue;  // a run killed while writing leaves at most one torn line
    }
    if (m.is_object() && m.contains("seconds") && m["seconds"].is_number()) seconds = std::max(seconds, m["seconds"].get<double>());
  }
  return seconds;
}

void createRunDirectory(const ExperimentSource& source, const ExperimentConfig& experiment, const RunPaths& paths,
                        const RunStart& start) {
  const YAML::Node config = source.resolved();
  fs::create_directories(paths.checkpoints);
  if (!start.from.empty()) {
    const std::string first = checkpointPath(paths, start.fromStep);
    if (start.otherRules) {
      saveCheckpoint(*loadCheckpointForOtherRules(start.from, RunVariants(experiment).network()), first);
    } else {
      copyFileAtomically(start.from, "checkpoint " + start.from, first, "checkpoint");
    }
    YAML::Node node;
    node["from"] = start.from;
    node["sha256"] = start.fromSha256;
    node["step"] = start.fromStep;
    if (start.otherRules) node["other_rules"] = true;
    writeAtomically(paths.start, YAML::Dump(node) + "\n");
  }
  // config.yaml last: its presence marks a run.
  writeAtomically(paths.identity, YAML::Dump(identityOf(config, experiment)) + "\n");
  std::string started = "# " + source.path;
  for (const std::string& set : source.sets) started += " " + overrideName(set);
  writeAtomically(paths.config, started + " as started\n" + YAML::Dump(config) + "\n");
}

void checkResumable(const ExperimentSource& source, const RunPaths& paths) {
  const std::string configPath = source.path + (source.sets.empty() ? "" : " with its --set overrides");
  const YAML::Node command = source.resolved();
  const YAML::Node stored = loadYamlFile(paths.config);
  const ExperimentConfig storedExperiment = loadExperiment(paths.config);
  if (!fs::exists(paths.identity)) writeAtomically(paths.identity, YAML::Dump(identityOf(stored, storedExperiment)) + "\n");
  const YAML::Node identity = loadYamlFile(paths.identity);
  const std::string fixed = "; a run's config, rules and network are fixed at its start: restore it, or start a new run "
                            "with another --run";
  if (auto d = firstYamlDifference(identity["config"], command)) {
    throw Error("cannot resume " + paths.dir + ": " + configPath + " differs from the config the run started with (" +
                *d + ")" + fixed);
  }
  if (auto d = firstYamlDifference(identity["config"], stored)) {
    throw Error("cannot resume " + paths.dir + ": its " + paths.config + " was edited since the run started (" + *d +
                ")" + fixed);
  }
  const YAML::Node now = identityOf(stored, storedExperiment);
  if (auto d = firstYamlDifference(identity["rules"], now["rules"])) {
    throw Error("cannot resume " + paths.dir + ": its variant now resolves to other rules than the run started with (" +
                *d + ")" + fixed);
  }
  if (auto d = firstYamlDifference(identity["network"], now["network"])) {
    throw Error("cannot resume " + paths.dir + ": its network now resolves to another architecture than the run "
                "started with (" + *d + ")" + fixed);
  }
}

}  // namespace tz
