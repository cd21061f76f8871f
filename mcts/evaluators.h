#pragma once
// Evaluators that need no network: uniform priors with a neutral value, and playouts to
// the end of the game with a light policy (pure MCTS); and the mix of any evaluator's
// values with such playouts (AlphaGo's leaf evaluation).
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "mcts/evaluator.h"

namespace tz {

/// Uniform priors and value 0: search guided only by visit counts and exact results.
class UniformEvaluator final : public Evaluator {
 public:
  void evaluate(EvalRequest* requests, int count) override;
  std::string name() const override { return "uniform"; }
};

/// The option of the "mcts" agent kind: how many playouts value each leaf.
struct RolloutOptions {
  int rollouts = 1;  // random playouts per leaf

  /// The option a spec gives ("mcts:rollouts=4"), with its range.
  template <class S, class V>
  static void fields(S& self, V& v) {
    v.number("rollouts", self.rollouts, 1, 1000);
  }
};

/// Pure MCTS leaf evaluation (mcts/rollout_policy.h): priors and, as value, the mean
/// result for the side to move of playouts to the end of the game, both from the game's
/// playout policy where it offers one (tafl, game/tafl/tafl_playout.h: likely captures up
/// and pieces left en prise down; playouts that take a win in one, answer an open escape
/// line and avoid moves that let the opponent win at once), uniform otherwise. A win
/// counts 1, a loss -1, a draw 0. Thread-safe: each call seeds its own generator from the
/// evaluator's seed and a call counter, so one thread gives reproducible values.
class RolloutEvaluator final : public Evaluator {
 public:
  /// `rollouts` playouts per leaf (at least 1), generators derived from `seed`.
  explicit RolloutEvaluator(int rollouts = 1, uint64_t seed = 1);
  void evaluate(EvalRequest* requests, int count) override;
  std::string name() const override { return "rollouts(" + std::to_string(rollouts_) + ")"; }
  /// A first-play reduction of -2: every child is tried once before any is tried twice, as
  /// in UCT. One playout says little, and a parent's value less a little would leave most
  /// moves unexplored.
  SearchOptions preferredSearch(SearchOptions base) const override;

 private:
  int rollouts_;
  uint64_t seed_;
  std::atomic<uint64_t> calls_{0};
};

/// Another evaluator's priors with its value mixed with the result of one playout (the
/// RolloutEvaluator's): value = (1 - mix) * inner value + mix * playout result, as AlphaGo
/// mixed its value network with rollouts. An untrained network's values are noise, a
/// playout's are informative from the first game: self-play bootstraps from them, and a
/// trained network plays stronger with them (mix 0.5 in AlphaGo). Thread-safe if `inner`
/// is; playouts run on the calling thread, seeded like the RolloutEvaluator's.
class RolloutMixEvaluator final : public Evaluator {
 public:
  /// `inner`'s priors and values mixed with playouts by `mix` in [0, 1], from `seed`.
  RolloutMixEvaluator(std::shared_ptr<Evaluator> inner, float mix, uint64_t seed = 1);
  void evaluate(EvalRequest* requests, int count) override;
  std::string name() const override;

 private:
  std::shared_ptr<Evaluator> inner_;
  float mix_;
  uint64_t seed_;
  std::atomic<uint64_t> calls_{0};
};

}  // namespace tz
