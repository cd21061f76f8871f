#pragma once
// Short forced wins, proved exactly: a depth-limited AND/OR search over whole turns (a
// morris turn with its removal counts once), as chess engines' mate searches do. The
// search tree proves what its playouts reach; this proves what lies a few turns beyond a
// root move, so that a player converts a won position and sees a king capture or an
// escape coming three turns ahead.
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "game/game.h"

namespace tz::mcts {

/// Proves forced wins of a few turns for one game; reuses its working states between proofs.
class ForcedWinProver {
 public:
  /// A prover whose proofs may play `budget` actions in all (see refill).
  explicit ForcedWinProver(uint64_t budget) : budget_(budget) {}

  /// Whether `side` wins `position` by force within `turns` of its own turns (>= 1), every
  /// action of its opponent considered, whoever is to move; false where it does not, or
  /// where the budget or the time of refill ran out before the proof was complete (then every
  /// later proof is false until refill).
  bool wins(const State& position, int side, int turns);
  /// Gives the proofs from now on `budget` actions in all, and stops them as a spent budget
  /// does once `timeUp` (when given) says the time is up, read every kClockEvery actions.
  void refill(uint64_t budget, std::function<bool()> timeUp = {});
  /// Actions between two readings of the clock of refill.
  static constexpr uint64_t kClockEvery = 4096;
  /// Actions played since the last refill (or construction).
  uint64_t actionsPlayed() const { return played_; }

 private:
  struct Level {
    std::unique_ptr<State> state;
    std::vector<Action> actions;
    Action killer = -1;  // the action that last decided a node at this depth, tried first
  };
  bool search(const State& position, int side, int turns, size_t depth);

  uint64_t budget_;
  std::function<bool()> timeUp_;  // the clock of refill (empty: none)
  uint64_t played_ = 0;
  bool exhausted_ = false;
  std::vector<std::unique_ptr<Level>> levels_;  // working state and actions per depth
};

}  // namespace tz::mcts
