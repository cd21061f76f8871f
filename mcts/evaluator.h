#pragma once
// The boundary between search and whatever scores positions: explicit batches of leaf
// positions in, priors over their legal actions and values out (lc0's backend idea).
// No LibTorch here: network evaluators live in nets/ and implement this interface.
#include <string>

#include "game/game.h"
#include "mcts/search_options.h"

namespace tz {

/// One leaf position to evaluate; the evaluator fills the outputs.
struct EvalRequest {
  const State* state = nullptr;   // the position (ongoing, never a finished game)
  const Action* legal = nullptr;  // its legal actions, as from State::legalActions
  int numLegal = 0;               // how many
  float* priors = nullptr;        // out: one prior per legal action, in the same order, summing to 1
  float value = 0.f;              // out: expected result for state->toMove(), in [-1, 1]
  float draw = 0.f;               // out: probability of a draw, in [0, 1 - |value|] (0 when the evaluator has no draw estimate)
};

/// Scores batches of positions. Implementations must allow many threads to call
/// evaluate() at once; a network evaluator gathers concurrent calls into larger batches.
class Evaluator {
 public:
  virtual ~Evaluator() = default;
  /// Evaluates `count` requests, filling priors and value of each.
  virtual void evaluate(EvalRequest* requests, int count) = 0;
  /// A short description for logs and reports ("uniform", "rollouts(1)", "net:ckpt-12").
  virtual std::string name() const = 0;
  /// The search settings this evaluator's values call for, applied to `base` by the players
  /// the factory builds on it (e.g. playout values want every child tried once). Default:
  /// `base` unchanged.
  virtual SearchOptions preferredSearch(SearchOptions base) const { return base; }
};

}  // namespace tz
