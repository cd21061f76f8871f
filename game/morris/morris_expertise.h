#pragma once
// What the morris family offers generic code (game/expertise.h): material (pieces on the
// board and in hand) for the baseline players, which walk the game through its states.
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
  /// The one instance.
  static const MorrisExpertise& instance();
};

}  // namespace tz::morris
