#include "mcts/evaluators.h"

#include <cstdio>
#include <random>

#include "game/base/error.h"
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

SearchOptions RolloutEvaluator::preferredSearch(SearchOptions base) const {
  base.fpuReduction = -2.f;
  return base;
}

namespace {

// The generator of one evaluate() call: its evaluator's seed and a call counter.
std::mt19937_64 callGenerator(uint64_t seed, std::atomic<uint64_t>& calls) {
  const uint64_t call = calls.fetch_add(1, std::memory_order_relaxed);
  return std::mt19937_64(seed ^ (call * 0x9E3779B97F4A7C15ull));
}

// The mean result of `rollouts` playouts of `state` for its side to move.
float playoutValue(RolloutPolicy& policy, const State& state, int rollouts, std::mt19937_64& rng) {
  const int side = state.toMove();
  float sum = 0.f;
  for (int i = 0; i < rollouts; ++i) {
    const int winner = policy.playOut(state, rng);
    sum += winner < 0 ? 0.f : winner == side ? 1.f : -1.f;
  }
  return sum / float(rollouts);
}

}  // namespace

void RolloutEvaluator::evaluate(EvalRequest* requests, int count) {
  if (count <= 0) return;
  std::mt19937_64 rng = callGenerator(seed_, calls_);
  RolloutPolicy policy;
  for (int k = 0; k < count; ++k) {
    EvalRequest& r = requests[k];
    policy.priors(*r.state, r.legal, r.numLegal, r.priors);
    r.value = playoutValue(policy, *r.state, rollouts_, rng);
  }
}

RolloutMixEvaluator::RolloutMixEvaluator(std::shared_ptr<Evaluator> inner, float mix, uint64_t seed)
    : inner_(std::move(inner)), mix_(mix), seed_(seed) {
  if (!inner_) throw Error("rollout mix evaluator: no inner evaluator");
  if (!(mix >= 0.f && mix <= 1.f)) throw Error("rollout mix evaluator: mix must be in [0, 1]");
}

void RolloutMixEvaluator::evaluate(EvalRequest* requests, int count) {
  inner_->evaluate(requests, count);
  if (count <= 0 || mix_ == 0.f) return;
  std::mt19937_64 rng = callGenerator(seed_, calls_);
  RolloutPolicy policy;
  for (int k = 0; k < count; ++k) {
    EvalRequest& r = requests[k];
    r.value = (1.f - mix_) * r.value + mix_ * playoutValue(policy, *r.state, 1, rng);
    r.draw *= 1.f - mix_;  // a playout's draws are not told apart from its even results
  }
}

std::string RolloutMixEvaluator::name() const {
  char mix[32];
  std::snprintf(mix, sizeof(mix), "%g", double(mix_));
  return inner_->name() + "+rollouts(mix " + mix + ")";
}

}  // namespace tz
