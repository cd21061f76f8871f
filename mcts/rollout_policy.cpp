#include "mcts/rollout_policy.h"

namespace tz {

PlayoutPolicy* RolloutPolicy::gamePolicy(const State& state) {
  const GameExpertise* expertise = state.expertise();
  if (!expertise) return nullptr;
  if (expertise != expertise_) {
    policy_ = expertise->newPlayoutPolicy();
    expertise_ = expertise;
  }
  return policy_.get();
}

int RolloutPolicy::playOut(const State& state, std::mt19937_64& rng) {
  if (PlayoutPolicy* policy = gamePolicy(state)) return policy->playOut(state, rng);
  return playOutUniformly(state, rng);
}

void RolloutPolicy::priors(const State& state, const Action* legal, int count, float* priors) {
  PlayoutPolicy* policy = gamePolicy(state);
  if (policy) policy->weights(state, legal, count, priors);
  float sum = 0.f;
  for (int i = 0; i < count; ++i) {
    if (!policy) priors[i] = 1.f;
    sum += priors[i];
  }
  for (int i = 0; i < count; ++i) priors[i] /= sum;
}

int RolloutPolicy::playOutUniformly(const State& start, std::mt19937_64& rng) {
  if (state_) state_->copyFrom(start);
  else state_ = start.clone();
  State& state = *state_;
  while (!state.outcome().over) {
    state.legalActions(actions_);
    state.apply(actions_[rng() % actions_.size()]);
  }
  return state.outcome().winner;
}

}  // namespace tz
