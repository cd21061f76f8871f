#pragma once
// A player: anything that picks a move in a position (baselines, search, networks).
#include <memory>
#include <string>

#include "game/game.h"

namespace tz {

/// Chooses actions for whichever side is to move. A player may keep state across the
/// moves of one game (e.g. a reused search tree); it is told every action played.
class Player {
 public:
  virtual ~Player() = default;
  /// Forgets the previous game; the next call is for a new game.
  virtual void newGame() {}
  /// A legal action for the side to move in `state` (an ongoing game).
  virtual Action chooseAction(const State& state) = 0;
  /// Called after every action played in the game, by either side (for tree reuse).
  virtual void observe(const State& before, Action action) {
    (void)before;
    (void)action;
  }
  /// A short description, e.g. "greedy" or "mcts(rollouts,1000)".
  virtual std::string name() const = 0;
};

}  // namespace tz
