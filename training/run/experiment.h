#pragma once
// A training experiment (configs/experiments/*.yaml) as plain typed structs: the variant,
// the network, self-play, training and evaluation settings. Each part lists its settings
// once (`fields`: key, member, range; game/base/config_fields.h), which both reads them from
// YAML and checks them (`check`), so an experiment built in code is validated the same way.
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "mcts/players/agent_spec.h"
#include "mcts/search_options.h"
#include "nets/network_config.h"

namespace YAML {
class Node;
}

namespace tz {

/// When the run stops (the first limit reached; 0 = no limit).
struct BudgetConfig {
  double minutes = 0;  // wall-clock minutes of the run, the processes before a resume included
  int games = 0;       // self-play games in total
  int64_t steps = 0;   // training steps in total

  /// Visits the settings with their keys and ranges.
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.number("minutes", s.minutes, 0, 1e7);
    v.number("games", s.games, 0, 1 << 30);
    v.number("steps", s.steps, 0, int64_t(1) << 30);
  }
  /// Throws ConfigError naming `file` and the key (under `prefix`) of a value out of range.
  void check(const std::string& file, const std::string& prefix) const;
};

/// The first self-play games, searched by pure MCTS (informed playouts as leaf values, no
/// network; the self-play search settings otherwise, a Gumbel root included) as the
/// first expert of expert iteration: an untrained network's search teaches nothing, while
/// these searches give strong policy targets and informative values from the first game.
struct BootstrapConfig {
  int games = 0;                            // games searched by pure MCTS (0: none)
  std::array<int, 2> simulations{800, 800};  // full search budget of each side's moves (side 0 first)
  int cheapSimulations = 100;               // cheap search budget (playout cap randomization, as selfplay's)
  double fullFraction = 0.25;  // share of moves searched fully (default: selfplay's)

  /// Visits the settings read as plain values (not `sims`) with their keys and ranges.
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.number("games", s.games, 0, 100000000);
    v.number("cheap_sims", s.cheapSimulations, 1, 1000000);
    v.number("full_fraction", s.fullFraction, 0.01, 1);
  }
  /// Throws ConfigError naming `file` and the key (under `prefix`) of a bad value.
  void check(const std::string& file, const std::string& prefix) const;
};

/// Self-play kept balanced: when one side wins most games, the other side's results teach
/// nothing (its positions all look lost). Each batch of network games, the side winning too
/// often searches with half the simulations (or the other side's handicap is halved away),
/// so that the weaker side wins at least `target` of the decided games.
struct HandicapConfig {
  double target = 0;        // least share of decided games the weaker side should win (0: off)
  int minSimulations = 2;   // a handicapped side's full searches keep at least this budget

  /// Visits the settings with their keys and ranges.
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.number("target", s.target, 0, 0.5);
    v.number("min_sims", s.minSimulations, 1, 1000000);
  }
};

/// The search settings self-play starts from: the play defaults with root noise (alpha
/// 0.3, a quarter of the priors) and temperature over the first 8 plies.
inline SearchOptions selfPlaySearchDefaults() {
  SearchOptions o;
  o.dirichletFraction = 0.25f;
  o.temperaturePlies = 8;
  return o;
}

/// The search settings an experiment's `selfplay:` map offers, by their SearchOptions::fields
/// names (read and checked with its ranges); the budgets are `sims` and `cheap_sims`.
const std::vector<std::string>& selfPlaySearchKeys();

/// Self-play settings.
struct SelfPlayConfig {
  int workers = 1;              // self-play threads
  int gamesPerWorker = 32;      // concurrent games per thread, evaluated in one batch
  std::array<int, 2> simulations{100, 100};  // full search budget of each side's moves (policy targets)
  int cheapSimulations = 26;    // cheap search budget (playout cap randomization; default: a quarter of simulations, plus one)
  double fullFraction = 0.25;   // share of moves searched fully
  double pastFraction = 0.15;   // share of game batches in which one side plays a past checkpoint
  double mix = 0.0;             // share of a playout's result in each leaf value (RolloutMixEvaluator), as a spec's mix
  BootstrapConfig bootstrap;    // pure-MCTS games first
  HandicapConfig handicap;      // network games kept balanced
  SearchOptions search = selfPlaySearchDefaults();  // cpuct, noise, temperature... (sims set per move)

  /// Visits the settings read as plain values (not the nested parts, `sims` or
  /// `search`) with their keys and ranges.
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.number("workers", s.workers, 1, 256);
    v.number("games_per_worker", s.gamesPerWorker, 1, 4096);
    v.number("cheap_sims", s.cheapSimulations, 1, 1000000);
    v.number("full_fraction", s.fullFraction, 0.01, 1);
    v.number("past_fraction", s.pastFraction, 0, 1);
    v.number("mix", s.mix, 0, 1);
  }
  /// Throws ConfigError naming `file` and the key (under `prefix`) of a bad value, its
  /// parts' included.
  void check(const std::string& file, const std::string& prefix) const;
};

/// Network evaluator settings for self-play.
struct EvaluatorConfig {
  int maxBatch = 64;      // positions per forward pass
  int maxWaitUs = 500;    // wait for a fuller batch
  int torchThreads = 1;   // LibTorch intra-op threads
  std::string precision = "fp32";  // self-play's forward pass: fp32 (LibTorch) or bf16 (the fused CPU pass)

  /// Visits the settings with their keys and ranges.
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.number("max_batch", s.maxBatch, 1, 4096);
    v.number("max_wait_us", s.maxWaitUs, 0, 1000000);
    v.number("torch_threads", s.torchThreads, 1, 256);
    v.choice("precision", s.precision, {"fp32", "bf16"});
  }
};

/// Positions drawn from solved endgame tables that join every training batch, with the
/// tables' exact values and best turns as targets (docs/EGTB.md 9).
struct EndgameTeachingConfig {
  std::string tables;  // folder of the variant's endgame tables (relative to the working directory); empty: none
  double share = 0.25; // share of each batch drawn from the tables
  double critical = 0; // share of lessons on decisions that matter (EndgameTeacher::drawCritical)
  bool selfplay = false; // self-play probes the tables too: exact leaf values, games end on reaching them (docs/EGTB.md 10)

  /// Visits the settings read as plain values (not `tables`) with their keys and ranges.
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.number("share", s.share, 0.0, 0.9);
    v.number("critical", s.critical, 0.0, 1.0);
    v.flag("selfplay", s.selfplay);
  }
};

/// Trainer settings.
struct TrainingConfig {
  int batchSize = 128;                                // samples per step
  std::string optimizer = "sgd";                      // sgd or adamw
  double momentum = 0.9;                              // sgd momentum
  double weightDecay = 1e-4;                          // decay of weights (not batch norm or biases)
  std::vector<std::pair<int64_t, double>> schedule;   // (from step, learning rate), ascending
  int window = 40000;                                 // replay buffer: newest positions kept
  int minPositions = 1000;                            // positions before training starts
  double samplesPerPosition = 4.0;                    // trained samples per generated position, at most
  int checkpointEvery = 100;                          // steps between checkpoints
  int publishEvery = 20;                              // steps between weights handed to self-play
  double valueWeight = 1.0;                           // weight of the value loss
  double searchValueMix = 0.0;                        // value target: share of the search value (rest: result)
  EndgameTeachingConfig endgame;                      // positions from endgame tables in each batch (none by default)
  /// Learning rate at a step.
  double learningRate(int64_t step) const;

  /// Visits the settings read as plain values (not `schedule`) with their keys and ranges.
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.number("batch_size", s.batchSize, 1, 65536);
    v.choice("optimizer", s.optimizer, {"sgd", "adamw"});
    v.number("momentum", s.momentum, 0.0, OptimizerRanges::kMaxMomentum);
    v.number("weight_decay", s.weightDecay, 0.0, OptimizerRanges::kMaxWeightDecay);
    v.number("window", s.window, 100, 100000000);
    v.number("min_positions", s.minPositions, 1, 100000000);
    v.number("samples_per_position", s.samplesPerPosition, 0.01, 1000);
    v.number("checkpoint_every", s.checkpointEvery, 1, 10000000);
    v.number("publish_every", s.publishEvery, 1, 10000000);
    v.number("value_weight", s.valueWeight, 0, 100);
    v.number("search_value_mix", s.searchValueMix, 0, 1);
  }
  /// Throws ConfigError naming `file` and the key (under `prefix`) of a bad value.
  void check(const std::string& file, const std::string& prefix) const;
};

/// Evaluation of checkpoints during training.
struct EvaluationConfig {
  int every = 1;                       // evaluate every n-th checkpoint (0 = never)
  int games = 20;                      // games per pairing (colours alternate)
  int previous = 2;                    // play this many earlier checkpoints
  int randomPlies = 2;                 // the first plies of each game are random legal moves (diversity)
  /// The network players' options, read through the net agent's field list under their spec
  /// names (`sims`, `mix`, `cpuct`, ...): 64 simulations and selfplay's mix unless given.
  AgentSpec agent = evaluationAgent(0);
  std::vector<AgentSpec> baselines = defaultBaselines();  // the other players, e.g. greedy, mcts:sims=200

  /// The baselines unless `baselines` names others: random and greedy.
  static std::vector<AgentSpec> defaultBaselines();

  /// The evaluation's network agent before its options are read: the net kind's defaults,
  /// 64 simulations, leaf values mixed with playouts at `mix`; no checkpoint yet.
  static AgentSpec evaluationAgent(double mix);

  /// Visits the settings read as plain values (not `agent`, `baselines`) with their keys and ranges.
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.number("every", s.every, 0, 1000000);
    v.number("games", s.games, 2, 100000);
    v.number("previous", s.previous, 0, 1000);
    v.number("random_plies", s.randomPlies, 0, 1000);
  }
};

/// One of several variants that one rule-conditioned network trains on (`variants:`).
struct ExperimentVariant {
  std::string name;               // its name in records and checkpoints, distinct in the run
  std::string variant;            // preset or variant file
  std::vector<std::string> sets;  // rule overrides key=value
};

/// A whole experiment.
struct ExperimentConfig {
  std::string file;                  // where it was read from
  std::string variant = "brandubh";  // preset or variant file
  std::vector<std::string> sets;     // rule overrides key=value
  std::vector<ExperimentVariant> variants;  // several variants, one rule-conditioned network; empty: `variant` alone
  std::string network = "small";     // network preset or file
  std::string device = "cpu";        // cpu or cuda
  uint64_t seed = 1;                 // seeds weights, self-play and sampling
  BudgetConfig budget;
  SelfPlayConfig selfPlay;
  EvaluatorConfig evaluator;
  TrainingConfig training;
  EvaluationConfig evaluation;

  /// Throws ConfigError naming the experiment's file, the key and the expected value for the
  /// first bad setting (ranges, choices and the rules between settings).
  void check() const;
};

/// An experiment as a command names it: its file, and overrides of its keys.
struct ExperimentSource {
  std::string path;               // the experiment file
  std::vector<std::string> sets;  // "a.b=value" overrides of its keys (`train --set`), applied in order

  /// The file `file` with the overrides `overrides` (none: the file alone, as most commands name it).
  ExperimentSource(std::string file, std::vector<std::string> overrides = {})  // NOLINT: a path is a source
      : path(std::move(file)), sets(std::move(overrides)) {}

  /// The experiment's YAML: the file with the overrides applied, its variant and network file
  /// references then made absolute from the file's folder (preset names stay names). Throws
  /// Error naming the file, or the override that is not "key=value".
  YAML::Node resolved() const;
};

/// Reads an experiment (the file with its overrides); throws ConfigError naming the file,
/// key and expected value.
ExperimentConfig loadExperiment(const ExperimentSource& source);

}  // namespace tz
