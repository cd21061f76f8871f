#include "cli/tablut/tracker.h"

#include <vector>

namespace tz::cli::tablut {

PositionTracker::PositionTracker(const Game& game) : game_(game), state_(game.newGame()) {}

bool PositionTracker::matches(const State& state, const std::string& record, int side) {
  if (state.record() != record) return false;
  return side < 0 || (!state.outcome().over && state.toMove() == side);
}

Step PositionTracker::follow(const std::string& record, int side) {
  // The record as our engine writes it (this also checks that it is a position).
  auto received = game_.fromRecord(record, game_.sideName(side < 0 ? state_->toMove() : side));
  const std::string canonical = received->record();
  if (matches(*state_, canonical, side)) return {};
  std::vector<Action> actions;
  state_->legalActions(actions);
  auto reached = state_->clone();
  Step step{Step::Kind::kFresh, -1, "", ""};  // unless a move reaches the board our rules call over
  for (const Action a : actions) {
    reached->copyFrom(*state_);
    reached->apply(a);
    if (matches(*reached, canonical, side)) {
      Step turn{Step::Kind::kTurn, a, state_->actionName(a), ""};
      state_ = std::move(reached);
      return turn;
    }
    if (matches(*reached, canonical, -1) && reached->toMove() == side)
      step = {Step::Kind::kPlayedOn, a, state_->actionName(a), std::string(reached->outcome().reason)};
  }
  state_ = std::move(received);
  return step;
}

}  // namespace tz::cli::tablut
