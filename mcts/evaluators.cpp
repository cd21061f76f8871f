#include "mcts/evaluators.h"

#include <random>
#include <vector>

#include "game/error.h"

namespace tz {

namespace {

void uniformPriors(EvalRequest& r) {
  const float p = 1.f / float(r.numLegal);
  for (int i = 0; i < r.numLegal; ++i) r.priors[i] = p;
}

}  // namespace

void UniformEvaluator::evaluate(EvalRequest* requests, int count) {
  for (int k = 0; k < count; ++k) {
    uniformPriors(requests[k]);
    requests[k].value = 0.f;
  }
}

RolloutEvaluator::RolloutEvaluator(int rollouts, uint64_t seed) : rollouts_(rollouts), seed_(seed) {
  if (rollouts < 1) throw Error("rollout evaluator: rollouts must be at least 1");
}

void RolloutEvaluator::evaluate(EvalRequest* requests, int count) {
  if (count <= 0) return;
  const uint64_t call = calls_.fetch_add(1, std::memory_order_relaxed);
  std::mt19937_64 rng(seed_ ^ (call * 0x9E3779B97F4A7C15ull));
  auto state = requests[0].state->clone();
  std::vector<Action> actions;
  for (int k = 0; k < count; ++k) {
    EvalRequest& r = requests[k];
    uniformPriors(r);
    const int side = r.state->toMove();
    float sum = 0.f;
    for (int i = 0; i < rollouts_; ++i) {
      state->copyFrom(*r.state);
      while (!state->outcome().over) {
        state->legalActions(actions);
        state->apply(actions[rng() % actions.size()]);
      }
      const int winner = state->outcome().winner;
      sum += winner < 0 ? 0.f : winner == side ? 1.f : -1.f;
    }
    r.value = sum / float(rollouts_);
  }
}

}  // namespace tz
