// Training: `taflzero train` and `taflzero bench train`.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/commands.h"
#include "cli/number_check.h"
#include "training/matches/digest.h"
#include "game/base/error.h"
#include "game/registry.h"
#include "game/base/user_files.h"
#include "training/distributed/actor.h"
#include "training/distributed/distributed_peers.h"
#include "training/distributed/further_learner.h"
#include "training/models/model_card.h"
#include "training/models/model_folder.h"
#include "training/run/experiment_keys.h"
#include "training/run/selfplay_bench.h"
#include "training/run/train_bench.h"
#include "training/run/training_run.h"

namespace tz::cli {

namespace {

// An actor of a distributed run (RANK > 0): plays for the learner, then prints its counts.
void runActorCommand(const DistributedOptions& options, const std::string& dir, bool progress, bool json) {
  const ActorSummary a = runActor(options, dir, progress);
  if (json) {
    std::cout << nlohmann::json{{"actor", a.id}, {"rank", options.rank}, {"sent", a.sent},
                                {"acknowledged", a.acknowledged}, {"weights", a.weights},
                                {"game_bytes", a.gameBytes}, {"weights_bytes", a.weightsBytes}}
                     .dump()
              << "\n";
  } else {
    std::cout << "actor " << a.id << " (rank " << options.rank << "): " << a.sent << " games sent, "
              << a.acknowledged << " acknowledged, " << a.weights << " weights received; the learner ended the run\n";
  }
}

// A further learner of a distributed run (0 < RANK < LEARNERS): learns beside rank 0, then
// prints its counts and the digest of its final weights (rank 0's final checkpoint has the same).
void runFurtherLearnerCommand(const DistributedOptions& options, bool json) {
  const FurtherLearnerSummary l = runFurtherLearner(options);
  if (json) {
    std::cout << nlohmann::json{{"learner", options.rank}, {"steps", l.steps}, {"step", l.step},
                                {"weights_digest", l.digest}}
                     .dump()
              << "\n";
  } else {
    std::cout << "learner (rank " << options.rank << "): " << l.steps << " training steps, at step " << l.step
              << ", weights digest " << l.digest << "; rank 0 ended the run\n";
  }
}

// The checkpoint of the model `from` names, checked against its card's checksum; "" for none.
std::string checkpointOfModel(const std::string& from) {
  if (from.empty()) return "";
  const ModelFolder folder = ModelFolder::find(from);
  const ModelCard card = readModelCard(folder.card);
  if (fileSha256Hex(folder.checkpoint) != card.sha256) {
    throw Error("model " + folder.name + ": " + folder.checkpoint + " is not the checkpoint its card names (checksum "
                "differs): taflzero models verify " + folder.name);
  }
  return folder.checkpoint;
}

// The distributed run's flags and the environment variables they set.
const std::pair<const char*, const char*> kDistributedFlags[] = {
    {"--master-addr", "MASTER_ADDR"}, {"--master-port", "MASTER_PORT"}, {"--rank", "RANK"}, {"--world-size", "WORLD_SIZE"},
    {"--learners", "LEARNERS"}};

// Prints every key of an experiment file: key, what it takes, default (`train --keys`).
void printExperimentKeys() {
  size_t width = 0;
  const auto keys = experimentKeys();
  for (const auto& k : keys) width = std::max(width, k.key.size());
  for (const auto& k : keys) {
    std::cout << k.key << std::string(width + 2 - k.key.size(), ' ') << k.expected;
    if (!k.value.empty()) std::cout << " (default " << k.value << ")";
    std::cout << "\n";
  }
}

void addTrain(CLI::App& app) {
  struct Opts {
    std::string config;
    std::string run;
    std::string from;
    bool otherRules = false;
    std::vector<std::string> sets;
    std::string minutes, games, steps;
    bool resume = false;
    bool quiet = false;
    bool json = false;
    bool keys = false;
    std::map<std::string, std::string> distributed;  // variable name -> flag value
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("train",
                                 "Self-play training from an experiment config (resumable); with MASTER_ADDR, "
                                 "MASTER_PORT, RANK and WORLD_SIZE set (or the flags below), one process of a distributed run (ranks "
                                 "below LEARNERS, default 1, learn; rank 0 keeps the run; the others play: "
                                 "docs/DISTRIBUTED.md)");
  cmd->add_option("config", o->config, "Experiment YAML (configs/experiments/...), or an experiment's name (brandubh-quick)");
  cmd->add_flag("--keys", o->keys, "List every key an experiment file may give, with what it takes and its default, and stop");
  cmd->add_option("--run", o->run, "Run directory (default: runs/<config name>)");
  cmd->add_flag("--resume", o->resume, "Continue the run in --run after a stop or a kill");
  cmd->add_option("--from", o->from, "Start a new run from a shipped model (a name, or its folder: models/NAME): its "
                                     "weights, optimizer state and step");
  cmd->add_flag("--other-rules", o->otherRules,
                "With --from: the model was trained on other rules of this board (the same encoding and network, "
                "e.g. another repetition rule); its network goes on training under the experiment's");
  cmd->add_option("--set", o->sets, "Override a key of the experiment file: --set selfplay.sims=64 (repeatable; "
                                    "kept in the run's config.yaml; a resume gives the same)");
  cmd->add_option("--minutes", o->minutes, "The run's budget in minutes (--set budget.minutes=M; 0: no limit)");
  cmd->add_option("--games", o->games, "The run's budget in self-play games (--set budget.games=N; 0: no limit)");
  cmd->add_option("--steps", o->steps, "The run's budget in training steps (--set budget.steps=N; 0: no limit)");
  cmd->add_flag("--quiet", o->quiet, "No progress line");
  cmd->add_flag("--json", o->json, "Print one JSON object at the end");
  for (const auto& [flag, variable] : kDistributedFlags) {
    cmd->add_option(flag, o->distributed[variable], std::string("Distributed run: sets ") + variable);
  }
  cmd->callback([o] {
    if (o->keys) return printExperimentKeys();
    if (o->config.empty()) throw Error("train: an experiment config is required (or --keys)");
    o->config = configFile(o->config, "experiments", "experiment");  // a name, or a path from any folder
    // The flags are shorthands for the variables (one place reads and checks them).
    for (const auto& [variable, value] : o->distributed)
      if (!value.empty()) setenv(variable.c_str(), value.c_str(), 1);
    std::string dir = o->run;
    if (dir.empty()) {
      std::string stem = o->config.substr(o->config.find_last_of('/') + 1);
      dir = "runs/" + stem.substr(0, stem.find('.'));
    }
    checkOutputFolder(dir, "run folder", true);
    const auto distributed = distributedFromEnvironment();
    const bool progress = !o->quiet && !o->json;
    if (distributed && !distributed->learner()) return runActorCommand(*distributed, dir, progress, o->json);
    if (distributed && !distributed->coordinator()) return runFurtherLearnerCommand(*distributed, o->json);
    const auto peers = distributed ? std::make_unique<DistributedPeers>(*distributed) : nullptr;
    // The budget flags are overrides of the budget keys, applied after --set.
    std::vector<std::string> sets = o->sets;
    const std::pair<const char*, std::string> budget[] = {{"minutes", o->minutes}, {"games", o->games}, {"steps", o->steps}};
    for (const auto& [key, value] : budget) {
      if (!value.empty()) sets.push_back("budget." + std::string(key) + "=" + value);
    }
    if (o->otherRules && o->from.empty()) throw Error("--other-rules goes with --from (the model trained on other rules)");
    const RunSummary s = runTraining(ExperimentSource(o->config, sets), dir, o->resume, progress, peers.get(),
                                     {checkpointOfModel(o->from), o->otherRules});
    if (o->json) {
      std::cout << nlohmann::json{{"run", dir}, {"games", s.games}, {"steps", s.steps},
                                  {"checkpoint", s.latestCheckpoint}}
                       .dump()
                << "\n";
    } else {
      std::cout << "run " << dir << ": " << s.games << " self-play games, " << s.steps << " training steps\n"
                << "latest checkpoint: " << s.latestCheckpoint << "\n"
                << "metrics: " << dir << "/metrics.jsonl, curves: " << dir << "/*.svg, log: " << dir
                << "/train.log\n";
    }
  });
}

void addBenchTrain(CLI::App& bench) {
  struct Opts {
    std::string variant = "linnaeus";
    std::string network = "default";
    int batch = 128;
    double seconds = 3;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = bench.add_subcommand("train", "Training samples/s against a bare forward+backward loop");
  cmd->add_option("--variant,-v", o->variant, "Preset name")->capture_default_str();
  cmd->add_option("--network", o->network, "Network preset or file")->capture_default_str();
  cmd->add_option("--batch", o->batch, "Batch size")->capture_default_str()->check(CLI::Range(1, 65536));
  cmd->add_option("--seconds", o->seconds, "Time per figure")->capture_default_str()->check(finiteIn(0.05, 3600));
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    const TrainBenchResult r = benchTraining(o->variant, o->network, o->batch, o->seconds);
    if (o->json) {
      std::cout << nlohmann::json{{"variant", o->variant}, {"network", o->network}, {"batch", r.batchSize},
                                  {"bare_samples_per_second", r.bareSamplesPerSecond},
                                  {"trainer_samples_per_second", r.trainerSamplesPerSecond}, {"ratio", r.ratio()}}
                       .dump()
                << "\n";
    } else {
      std::cout << o->variant << " / " << o->network << ", batch " << r.batchSize << ": bare forward+backward "
                << r.bareSamplesPerSecond << " samples/s, trainer " << r.trainerSamplesPerSecond
                << " samples/s, ratio " << r.ratio() << "\n";
    }
  });
}

// One self-play benchmark's figures as JSON.
nlohmann::json selfPlayJson(const SelfPlayBenchOptions& b, const SelfPlayBenchResult& r) {
  return nlohmann::json{{"precision", precisionName(b.precision)},
                        {"games", r.games},
                        {"positions_per_second", r.positionsPerSecond},
                        {"evaluations_per_second", r.evaluationsPerSecond},
                        {"evaluations_per_cpu_second", r.evaluationsPerCpuSecond},
                        {"mean_batch", r.meanBatch},
                        {"forward_per_second", r.forwardPerSecond},
                        {"forward_per_cpu_second", r.forwardPerCpuSecond},
                        {"ratio", r.ratio()},
                        {"cpu_ratio", r.cpuRatio()}};
}

// The precisions named in `text` ("fp32,bf16"), each once.
std::vector<Precision> parsePrecisions(const std::string& text) {
  std::vector<Precision> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const Precision p = parsePrecision(item, "bench selfplay: --precision");
    if (std::find(out.begin(), out.end(), p) != out.end()) throw Error("bench selfplay: --precision names " + item + " twice");
    out.push_back(p);
  }
  if (out.empty()) throw Error("bench selfplay: --precision: expected fp32, bf16 or both, comma-separated");
  return out;
}

void addBenchSelfPlay(CLI::App& bench) {
  struct Opts {
    SelfPlayBenchOptions bench;
    std::string precisions = "fp32,bf16";
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = bench.add_subcommand("selfplay", "Self-play leaf evaluations/s against the bare forward rate, in each precision");
  cmd->add_option("--variant,-v", o->bench.variant, "Preset name")->capture_default_str();
  cmd->add_option("--network", o->bench.network, "Network preset or file")->capture_default_str();
  cmd->add_option("--games", o->bench.games, "Concurrent games of each worker")->capture_default_str();
  cmd->add_option("--sims", o->bench.simulations, "Simulations per move")->capture_default_str();
  cmd->add_option("--workers", o->bench.workers, "Self-play threads sharing the one network thread (1: search and network take turns)")
      ->capture_default_str();
  cmd->add_option("--max-wait-us", o->bench.maxWaitUs, "How long the network thread waits to merge workers' leaves")
      ->capture_default_str();
  cmd->add_option("--precision", o->precisions, "The precisions to play in, one run each, comma-separated (fp32, bf16)")
      ->capture_default_str();
  cmd->add_flag("--gumbel", o->bench.gumbel, "Gumbel root search (as the CPU training configs) instead of PUCT");
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    const std::vector<Precision> precisions = parsePrecisions(o->precisions);
    o->bench.check();
    nlohmann::json runs = nlohmann::json::array();
    double firstRate = 0;
    for (const Precision p : precisions) {
      SelfPlayBenchOptions b = o->bench;
      b.precision = p;
      const SelfPlayBenchResult r = benchSelfPlay(b);
      if (runs.empty()) firstRate = r.evaluationsPerSecond;
      runs.push_back(selfPlayJson(b, r));
      runs.back()["to_first"] = r.evaluationsPerSecond / firstRate;
      if (o->json) continue;
      std::cout << b.variant << " / " << b.network << " in " << precisionName(p) << " (" << (b.gumbel ? "Gumbel" : "PUCT")
                << ", " << b.workers << " workers): " << r.games << " games, " << r.positionsPerSecond
                << " positions/s, " << r.evaluationsPerSecond << " evaluations/s at mean forward batch " << r.meanBatch
                << "; bare forward " << r.forwardPerSecond << "/s: ratio " << r.ratio() << " (CPU time: "
                << r.evaluationsPerCpuSecond << " vs " << r.forwardPerCpuSecond << ", ratio " << r.cpuRatio()
                << "); evaluations/s " << runs.back()["to_first"].get<double>() << "x the first precision's\n";
    }
    if (o->json) {
      const SelfPlayBenchOptions& b = o->bench;
      std::cout << nlohmann::json{{"variant", b.variant}, {"network", b.network}, {"workers", b.workers},
                                  {"search", b.gumbel ? "gumbel" : "puct"}, {"runs", runs}}
                       .dump()
                << "\n";
    }
  });
}

}  // namespace

void addTrainCommands(CLI::App& app, CLI::App& bench) {
  addTrain(app);
  addBenchTrain(bench);
  addBenchSelfPlay(bench);
}

}  // namespace tz::cli
