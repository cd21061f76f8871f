#pragma once
// The networks self-play searches with: the newest published weights behind one evaluator
// that swaps under running searches, and saved checkpoints as past opponents.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "game/game.h"
#include "mcts/evaluator.h"
#include "nets/net_evaluator.h"
#include "nets/network.h"
#include "training/run/experiment.h"
#include "training/run/run_directory.h"
#include "training/run/swappable_evaluator.h"

namespace tz {

/// How the self-play of `config` batches its network evaluations (its workers are the
/// evaluator's only callers).
NetEvaluatorOptions selfPlayEvaluatorOptions(const ExperimentConfig& config);

/// Weights published by the trainer for self-play; thread-safe.
class PublishedWeights {
 public:
  /// Weights of `game`'s networks, evaluated on `device` with `options` batching.
  PublishedWeights(const Game& game, std::string device, const NetEvaluatorOptions& options);

  /// Publishes a copy of `net`'s weights: every later evaluation uses them.
  void publish(const Network& net);
  /// The evaluator of the newest published weights (null before the first publication).
  std::shared_ptr<Evaluator> current() const;
  /// Training step of the newest published weights.
  int64_t step() const;
  /// Publications by this process.
  int publications() const;

  /// Offers a saved checkpoint as a past opponent; step 0 (the untrained network) is ignored.
  void addPast(const CheckpointFile& file);
  /// A past opponent: its evaluator and step.
  struct Past {
    std::shared_ptr<Evaluator> evaluator;  // searches for the past side
    int64_t step = 0;                      // its training step
  };
  /// A past checkpoint older than the published weights, chosen by `random` uniformly and
  /// loaded once (the newest few stay loaded); nothing when there is none.
  std::optional<Past> pickPast(uint64_t random);

 private:
  const Game& game_;
  std::string device_;
  NetEvaluatorOptions options_;
  mutable std::mutex mutex_;
  std::shared_ptr<SwappableEvaluator> current_;
  int64_t step_ = 0;
  int publications_ = 0;
  std::vector<CheckpointFile> past_;                      // by step
  std::map<int64_t, std::shared_ptr<Evaluator>> loaded_;  // past networks in memory
};

}  // namespace tz
