#include "game/state_walker.h"

#include <utility>

namespace tz {

StateWalker::StateWalker(const State& state, int numActions, Material material)
    : numActions_(numActions), material_(std::move(material)) {
  stack_.push_back(state.clone());
}

void StateWalker::generate(std::vector<uint32_t>& out) const {
  top().legalActions(scratch_);
  out.assign(scratch_.begin(), scratch_.end());
}

void StateWalker::play(uint32_t move) {
  if (depth_ + 1 == int(stack_.size())) stack_.push_back(top().clone());
  else stack_[depth_ + 1]->copyFrom(top());
  ++depth_;
  stack_[depth_]->apply(Action(move));
}

int StateWalker::evaluate() const {
  top().legalActions(scratch_);
  return material(toMove()) + int(scratch_.size());
}

}  // namespace tz
