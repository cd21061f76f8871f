#pragma once
// The light playout policy and prior of pure MCTS. A game that offers a playout policy
// (GameExpertise::newPlayoutPolicy, e.g. tafl's in game/tafl/tafl_playout.h) plays out
// and weighs moves with it; any other game plays uniformly random legal actions and has
// uniform priors. A playout ends with the game (its ply limit and repetition rules
// included).
#include <memory>
#include <random>
#include <vector>

#include "game/expertise.h"

namespace tz {

/// Working space for playouts and priors, reused from one position to the next. Not
/// thread-safe: one per thread. Deterministic: the same position and generator state give
/// the same result.
class RolloutPolicy {
 public:
  /// Plays `state` (an ongoing game) out to its end, drawing from `rng`. Returns the
  /// winner (0 or 1), or -1 for a draw.
  int playOut(const State& state, std::mt19937_64& rng);
  /// Writes the priors for the `count` legal actions `legal` of `state` (an ongoing game)
  /// to `priors`, summing to 1.
  void priors(const State& state, const Action* legal, int count, float* priors);

 private:
  // The policy of the state's game (made on first use), or nullptr when it offers none.
  PlayoutPolicy* gamePolicy(const State& state);
  int playOutUniformly(const State& start, std::mt19937_64& rng);

  const GameExpertise* expertise_ = nullptr;  // whose policy_ is held
  std::unique_ptr<PlayoutPolicy> policy_;
  std::unique_ptr<State> state_;
  std::vector<Action> actions_;
};

}  // namespace tz
