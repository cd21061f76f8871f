#include "game/conditioned/rule_conditioned_expertise.h"

#include <vector>

#include "game/conditioned/rule_conditioned_game.h"
#include "game/conditioned/rule_conditioned_state.h"

namespace tz {

namespace {

const RuleConditionedState& conditioned(const State& state) { return static_cast<const RuleConditionedState&>(state); }

// The expertise of the member variant behind a conditioned state (nullptr when it has none).
const GameExpertise* memberExpertise(const State& state) { return conditioned(state).base().expertise(); }

// One playout policy per member (the members are of one family: all have one or none),
// made when the member is first met.
class MemberPlayouts final : public PlayoutPolicy {
 public:
  explicit MemberPlayouts(int members) : policies_(size_t(members)) {}

  int playOut(const State& state, std::mt19937_64& rng) override {
    return of(state).playOut(conditioned(state).base(), rng);
  }

  void weights(const State& state, const Action* legal, int count, float* weights) override {
    of(state).weights(conditioned(state).base(), legal, count, weights);
  }

 private:
  PlayoutPolicy& of(const State& state) {
    auto& policy = policies_[size_t(conditioned(state).game().member())];
    if (!policy) policy = memberExpertise(state)->newPlayoutPolicy();
    return *policy;
  }

  std::vector<std::unique_ptr<PlayoutPolicy>> policies_;
};

}  // namespace

std::unique_ptr<PlayoutPolicy> RuleConditionedExpertise::newPlayoutPolicy() const {
  const GameExpertise* first = set_.variant(0).expertise();
  if (!first || !first->newPlayoutPolicy()) return nullptr;  // playouts uniformly at random
  return std::make_unique<MemberPlayouts>(set_.size());
}

std::unique_ptr<TreeWalker> RuleConditionedExpertise::newTreeWalker(const State& state) const {
  const GameExpertise* e = memberExpertise(state);
  return e ? e->newTreeWalker(conditioned(state).base()) : nullptr;
}

BoardDrawing RuleConditionedExpertise::boardDrawing() const {
  const GameExpertise* e = set_.variant(0).expertise();
  return e ? e->boardDrawing() : BoardDrawing{};
}

DrawnPosition RuleConditionedExpertise::drawnPosition(const State& state) const {
  const GameExpertise* e = memberExpertise(state);
  return e ? e->drawnPosition(conditioned(state).base()) : DrawnPosition{};
}

}  // namespace tz
