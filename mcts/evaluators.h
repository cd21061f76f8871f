#pragma once
// Evaluators that need no network: uniform priors with a neutral value, and random
// playouts to the end of the game (pure MCTS).
#include <atomic>
#include <cstdint>
#include <string>

#include "mcts/evaluator.h"

namespace tz {

/// Uniform priors and value 0: search guided only by visit counts and exact results.
class UniformEvaluator final : public Evaluator {
 public:
  void evaluate(EvalRequest* requests, int count) override;
  std::string name() const override { return "uniform"; }
};

/// Uniform priors; the value is the mean result of random playouts to the end of the
/// game, for the side to move. Thread-safe: each call seeds its own generator from the
/// evaluator's seed and a call counter, so one thread gives reproducible values.
class RolloutEvaluator final : public Evaluator {
 public:
  /// `rollouts` playouts per leaf (at least 1), generators derived from `seed`.
  explicit RolloutEvaluator(int rollouts = 1, uint64_t seed = 1);
  void evaluate(EvalRequest* requests, int count) override;
  std::string name() const override { return "rollouts(" + std::to_string(rollouts_) + ")"; }

 private:
  int rollouts_;
  uint64_t seed_;
  std::atomic<uint64_t> calls_{0};
};

}  // namespace tz
