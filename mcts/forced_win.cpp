#include "mcts/forced_win.h"

#include <algorithm>
#include <utility>

namespace tz::mcts {

bool ForcedWinProver::wins(const State& position, int side, int turns) {
  const bool won = search(position, side, turns, 0);
  return won && !exhausted_;
}

void ForcedWinProver::refill(uint64_t budget, std::function<bool()> timeUp) {
  budget_ = budget;
  timeUp_ = std::move(timeUp);
  played_ = 0;
  exhausted_ = false;
}

bool ForcedWinProver::search(const State& position, int side, int turns, size_t depth) {
  const Outcome& outcome = position.outcome();
  if (outcome.over) return outcome.winner == side;
  if (depth == levels_.size()) levels_.push_back(std::make_unique<Level>(Level{position.clone(), {}}));
  Level& level = *levels_[depth];
  const int mover = position.toMove();
  const bool attacking = mover == side;
  position.legalActions(level.actions);
  // What decided a sibling often decides here too (the capture, the one block): try it first.
  const auto killer = std::find(level.actions.begin(), level.actions.end(), level.killer);
  if (killer != level.actions.end()) std::iter_swap(level.actions.begin(), killer);
  for (const Action action : level.actions) {
    if (exhausted_ || ++played_ > budget_ || (timeUp_ && played_ % kClockEvery == 0 && timeUp_())) {
      exhausted_ = true;
      return false;
    }
    State& after = *level.state;
    after.copyFrom(position);
    after.apply(action);
    bool won;
    if (after.outcome().over) won = after.outcome().winner == side;
    else if (after.toMove() == mover) won = search(after, side, turns, depth + 1);  // the same turn goes on
    else if (attacking) won = turns > 1 && search(after, side, turns - 1, depth + 1);
    else won = search(after, side, turns, depth + 1);
    if (attacking == won) {  // one winning action proves the turn, one escape refutes it
      level.killer = action;
      return won;
    }
  }
  return !attacking;
}

}  // namespace tz::mcts
