#include "training/balance/balance_agents.h"

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <filesystem>

#include "game/base/config.h"
#include "game/base/error.h"
#include "game/base/user_files.h"
#include "mcts/players/player_factory.h"
#include "nets/checkpoint.h"
#include "training/matches/digest.h"
#include "training/run/run_directory.h"
#include "training/run/training_run.h"

namespace tz {

namespace fs = std::filesystem;

namespace {

// The file of the network a baseline plays (its kind's AgentKind::networkFile), or "".
std::string baselineNetworkFile(const AgentSpec& spec) {
  const AgentKind kind = agentKind(spec.kind, spec.kind);
  return kind.networkFile ? kind.networkFile(spec) : "";
}

// The network agent of a cell: no root noise, the study's temperature for the opening plies.
AgentSpec studyNetAgent(const StudyConfig& study, const StudyStrength& strength, const std::string& checkpoint) {
  AgentSpec spec = strength.agent;
  spec.source = checkpoint;
  spec.search.temperature = float(study.diversity.temperature);
  spec.search.temperaturePlies = study.diversity.temperaturePlies;
  return spec;
}

}  // namespace

PlayerMaker studyAgent(const StudyConfig& study, const StudyStrength& strength, const Game& game,
                       const std::string& checkpoint) {
  const bool baseline = study.mode == AgentMode::kBaseline;
  AgentSpec spec = baseline ? strength.agent : studyNetAgent(study, strength, checkpoint);
  spec.openingPlies = study.diversity.randomPlies;
  spec.openingSalt = kStudyOpeningSalt;
  return agentMaker(spec, game);
}

std::string cellNetwork(const StudyConfig& study, const StudyStrength& strength, const std::string& checkpoint) {
  std::string file = checkpoint;
  if (study.mode == AgentMode::kBaseline) file = baselineNetworkFile(strength.agent);
  return file.empty() ? "" : fileSha256Hex(file).substr(0, 16);
}

nlohmann::json settingsWithoutAgentKeys(nlohmann::json settings, std::initializer_list<const char*> keys) {
  const auto drop = [&](nlohmann::json& cell) {
    if (!cell.contains("agent") || !cell["agent"].is_object()) return;
    for (const char* key : keys) cell["agent"].erase(key);
  };
  drop(settings);
  for (const char* side : {"a", "b"})
    if (settings.contains(side)) drop(settings[side]);
  return settings;
}

std::string cellMatchSettings(const nlohmann::json& settings) {
  return "cell=" + sha256Hex(settingsWithoutAgentKeys(settings, {"checkpoint"}).dump()).substr(0, 16);
}

nlohmann::json cellSettings(const StudyConfig& study, const StudyStrength& strength, const Game& game,
                            const std::string& checkpoint) {
  nlohmann::json agent;
  const std::string network = cellNetwork(study, strength, checkpoint);
  // A checkpoint file is named by its digest, not its path, so that a study's games resume
  // wherever its files lie (another clone, another machine).
  if (study.mode == AgentMode::kBaseline) {
    AgentSpec spec = strength.agent;
    if (!network.empty() && spec.source == baselineNetworkFile(spec)) spec.source = network;  // a checkpoint named by its path
    agent = {{"player", spec.text()}};
    if (!network.empty()) agent["network"] = network;
  } else {
    AgentSpec spec = studyNetAgent(study, strength, checkpoint);
    spec.source = network;
    agent = {{"checkpoint", checkpoint},
             {"network", network},
             {"simulations", spec.search.simulations},
             {"mix", spec.net.mix},
             {"fpu_reduction", spec.search.fpuReduction},
             {"options", spec.text()},
             {"temperature", study.diversity.temperature},
             {"temperature_plies", study.diversity.temperaturePlies}};
  }
  return {{"rules", game.rulesYaml()},
          {"agent", agent},
          {"random_plies", study.diversity.randomPlies},
          {"seed", study.diversity.seed}};
}

namespace {

// Trains (or resumes) an agent of the study in STUDY_DIR/train/ID from the study's experiment
// with its variant keys replaced by `variantKeys` (variant and set, or variants) and the
// study's budget when it gives one; returns the run folder. A finished training (marked by
// a `trained` file) is not run again.
std::string trainStudyAgent(const StudyConfig& study, const std::string& id, const YAML::Node& variantKeys,
                            const std::string& studyDir, bool progress) {
  const fs::path trainDir = fs::path(studyDir) / "train";
  const std::string runDir = (trainDir / id).string();
  const std::string marker = (fs::path(runDir) / "trained").string();
  if (fs::exists(marker)) return runDir;
  fs::create_directories(trainDir);
  YAML::Node node = loadYamlFile(study.experiment);
  for (const char* key : {"variant", "set", "variants"}) node.remove(key);
  for (const auto& kv : variantKeys) node[kv.first.as<std::string>()] = kv.second;
  node["network"] = loadExperiment(study.experiment).network;  // made absolute by loadExperiment
  if (study.budget.minutes > 0 || study.budget.games > 0 || study.budget.steps > 0) {
    YAML::Node budget(YAML::NodeType::Map);
    if (study.budget.minutes > 0) budget["minutes"] = study.budget.minutes;
    if (study.budget.games > 0) budget["games"] = study.budget.games;
    if (study.budget.steps > 0) budget["steps"] = study.budget.steps;
    node["budget"] = budget;
  }
  const std::string config = (trainDir / (id + ".yaml")).string();
  writeFileAtomically(config, "# " + study.experiment + " as agent " + id + " of study " + study.file + "\n" +
                                  YAML::Dump(node) + "\n",
                      "study agent's experiment");
  const bool resume = fs::exists(RunPaths::of(runDir).config);
  if (progress) std::fprintf(stderr, "training the agent %s in %s%s\n", id.c_str(), runDir.c_str(), resume ? " (resumed)" : "");
  const RunSummary summary = runTraining(config, runDir, resume, progress);
  writeFileAtomically(marker, std::to_string(summary.steps) + " steps, " + std::to_string(summary.games) + " games, " +
                                  summary.latestCheckpoint + "\n",
                      "study agent's trained mark");
  return runDir;
}

// A variant's base and rule overrides: the experiment's own first, then the variant's.
std::vector<std::string> setsOf(const StudyConfig& study, const StudyVariant& variant) {
  std::vector<std::string> sets = loadExperiment(study.experiment).sets;
  sets.insert(sets.end(), variant.sets.begin(), variant.sets.end());
  return sets;
}

}  // namespace

std::string trainVariantAgent(const StudyConfig& study, const StudyVariant& variant, const std::string& studyDir,
                              bool progress) {
  YAML::Node keys;
  keys["variant"] = variant.base;
  keys["set"] = setsOf(study, variant);
  return trainStudyAgent(study, variant.id, keys, studyDir, progress);
}

std::string trainConditionedAgent(const StudyConfig& study, const std::string& studyDir, bool progress) {
  YAML::Node keys;
  for (const StudyVariant& v : study.variants) {
    YAML::Node entry;
    entry["name"] = v.id;
    entry["variant"] = v.base;
    entry["set"] = setsOf(study, v);
    keys["variants"].push_back(entry);
  }
  return trainStudyAgent(study, kConditionedAgentId, keys, studyDir, progress);
}

std::string findCheckpoint(const std::string& runOrFile, const StudyStrength& strength) {
  int64_t step = strength.checkpoint;
  if (fs::is_regular_file(runOrFile)) {
    if (step >= 0 || strength.fraction > 0) {
      const std::string asked = step >= 0 ? "step " + std::to_string(step) : "a share of the run's steps";
      throw Error(runOrFile + " is one checkpoint file: a strength asking for " + asked + " needs a run folder");
    }
    return runOrFile;
  }
  const RunPaths paths = RunPaths::of(runOrFile);
  const std::string dir = paths.checkpoints;
  const auto checkpoints = listCheckpoints(paths);  // by step
  if (strength.fraction > 0 && !checkpoints.empty()) {
    const double target = strength.fraction * double(checkpoints.back().step);
    step = checkpoints.front().step;
    for (const CheckpointFile& c : checkpoints)
      if (double(c.step) <= target) step = c.step;
  }
  std::string best;
  for (const CheckpointFile& c : checkpoints)  // the last match is the latest
    if (step < 0 || c.step == step) best = c.path;
  if (best.empty()) {
    throw Error("no checkpoint " + (step < 0 ? std::string("at all") : "of step " + std::to_string(step)) + " in " + dir);
  }
  return best;
}

}  // namespace tz
