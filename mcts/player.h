#pragma once
// A player: anything that picks a move in a position (baselines, search, networks).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/game.h"
#include "mcts/time_control.h"

namespace tz {

/// What a search-based player found for its last move (engine protocol `info` lines).
struct SearchReport {
  int visits = 0;          // visits of the searched root
  float value = 0.f;       // root value in [-1, 1] for the side to move there
  std::vector<Action> pv;  // principal variation from the root: the move chosen, then the most visited replies
  int simulations = 0;     // playouts run by the search
  double ms = 0;           // milliseconds it took
  double limitMs = 0;      // the time limit it searched under (0: none, a count decided)
};

/// How much a search player may search for one move.
struct SearchBudget {
  int simulations = 0;          // most new playouts per move (0: the player's own count)
  std::optional<MoveTime> time;  // a clock for each move (none: the count alone decides)
};

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
  /// The search behind the last chooseAction, for players that search a tree; none by default.
  virtual std::optional<SearchReport> searchReport() const { return std::nullopt; }
  /// Searches the next moves within `budget`, keeping what it learnt so far (its tree);
  /// false for a player that takes no such budget (the default), which then plays as before.
  virtual bool setSearchBudget(const SearchBudget& budget) {
    (void)budget;
    return false;
  }
};

}  // namespace tz
