#pragma once
// Evaluators that need no network: uniform priors with a neutral value, and playouts to
// the end of the game with a light policy (pure MCTS).
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

/// Pure MCTS leaf evaluation (mcts/rollout_policy.h): priors from cheap move features
/// (likely captures up, moves that leave a piece en prise down; uniform for non-tafl
/// games), and as value the mean result, for the side to move, of playouts to the end of
/// the game in which each side takes a win in one, the attackers answer an open escape
/// line and both prefer captures and avoid moves that let the opponent win at once (the
/// defenders checking fewer moves, which keeps results informative). A win counts 1, a loss
/// -1, a draw 0. Thread-safe: each call seeds its own generator from the evaluator's seed
/// and a call counter, so one thread gives reproducible values.
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
