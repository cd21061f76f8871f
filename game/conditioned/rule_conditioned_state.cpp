#include "game/conditioned/rule_conditioned_state.h"

#include <algorithm>

#include "game/conditioned/rule_conditioned_game.h"

namespace tz {

RuleConditionedState::RuleConditionedState(const RuleConditionedGame& game, std::unique_ptr<State> base)
    : game_(&game), base_(std::move(base)) {}

std::unique_ptr<State> RuleConditionedState::clone() const {
  return std::make_unique<RuleConditionedState>(*game_, base_->clone());
}

void RuleConditionedState::copyFrom(const State& other) {
  const auto& o = static_cast<const RuleConditionedState&>(other);
  game_ = o.game_;
  base_->copyFrom(*o.base_);
}

void RuleConditionedState::encode(float* planes) const {
  base_->encode(planes);
  const TensorShape shape = game_->inputShape();
  const int area = shape.height * shape.width;
  const std::vector<float>& values = game_->set().features().values(game_->member());
  float* rules = planes + size_t(shape.planes - int(values.size())) * size_t(area);
  for (size_t p = 0; p < values.size(); ++p) std::fill_n(rules + p * size_t(area), area, values[p]);
}

const GameExpertise* RuleConditionedState::expertise() const { return game_->expertise(); }

}  // namespace tz
