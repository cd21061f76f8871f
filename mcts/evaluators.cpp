#include "mcts/evaluators.h"

#include <random>

#include "game/error.h"
#include "mcts/rollout_policy.h"

namespace tz {

void UniformEvaluator::evaluate(EvalRequest* requests, int count) {
  for (int k = 0; k < count; ++k) {
    EvalRequest& r = requests[k];
    const float p = 1.f / float(r.numLegal);
    for (int i = 0; i < r.numLegal; ++i) r.priors[i] = p;
    r.value = 0.f;
  }
}

RolloutEvaluator::RolloutEvaluator(int rollouts, uint64_t seed) : rollouts_(rollouts), seed_(seed) {
  if (rollouts < 1) throw Error("rollout evaluator: rollouts must be at least 1");
}

void RolloutEvaluator::evaluate(EvalRequest* requests, int count) {
  if (count <= 0) return;
  const uint64_t call = calls_.fetch_add(1, std::memory_order_relaxed);
  std::mt19937_64 rng(seed_ ^ (call * 0x9E3779B97F4A7C15ull));
  RolloutPolicy policy;
  for (int k = 0; k < count; ++k) {
    EvalRequest& r = requests[k];
    policy.priors(*r.state, r.legal, r.numLegal, r.priors);
    const int side = r.state->toMove();
    float sum = 0.f;
    for (int i = 0; i < rollouts_; ++i) {
      const int winner = policy.playOut(*r.state, rng);
      sum += winner < 0 ? 0.f : winner == side ? 1.f : -1.f;
    }
    r.value = sum / float(rollouts_);
  }
}

}  // namespace tz
