#pragma once
// What the morris family offers generic code (game/expertise.h): material (pieces on the
// board and in hand) for the baseline players, which walk the game through its states, and
// the board drawing for the report, and the endgame database.
#include <memory>

#include "game/expertise.h"
#include "game/morris/position.h"

namespace tz::morris {

/// Pieces of `side` on the board and in hand minus the other side's, 100 a piece.
int material(const Position& pos, int side);

/// The expertise of the morris variants (the same for all of them).
class MorrisExpertise final : public GameExpertise {
 public:
  /// A state walker (game/state_walker.h) of a MorrisState counting material().
  std::unique_ptr<TreeWalker> newTreeWalker(const State& state) const override;
  /// The three squares joined at their midpoints (the board's adjacency), points named a1..g7.
  BoardDrawing boardDrawing() const override;
  /// White light, black dark, and the pieces in hand in the caption; `state` must be a MorrisState.
  DrawnPosition drawnPosition(const State& state) const override;
  /// The endgame database in `dir` (game/morris/egtb) for `game`, a MorrisGame.
  std::unique_ptr<EndgameTables> openEndgameTables(const Game& game, const std::string& dir) const override;
  /// The one instance.
  static const MorrisExpertise& instance();
};

}  // namespace tz::morris
