#pragma once
// A hand-written tafl evaluation for the baseline players: the king's distance to escape,
// material, king safety and mobility, in centi-pawn-like units.
#include "game/tafl/position.h"

namespace tz::tafl {

/// Scores tafl positions of one variant.
class TaflEvaluator {
 public:
  /// Escape distance reported when no escape square is within reach of the search.
  static constexpr int kFar = 5;

  /// Weights from the variant's start position (material is balanced there).
  explicit TaflEvaluator(const Topology& topology);

  /// Heuristic value of an ongoing position for the side to move.
  int evaluate(const Position& pos) const;
  /// Material of `side` minus the other side's: attackers 100 each, defenders weighted so
  /// that the start position is balanced.
  int material(const Position& pos, int side) const;
  /// King moves needed to reach an escape square if nobody else moved (1..kFar-1), or kFar.
  int escapeDistance(const Position& pos) const;
  /// Number of attackers orthogonally adjacent to the king.
  int attackersNextToKing(const Position& pos) const;
  /// Moves available to the attackers minus those of the defenders, whoever is to move
  /// (repetition bans ignored).
  int mobilityBalance(const Position& pos) const;

 private:
  const Topology* topo_;
  int defenderWeight_ = 100;  // material value of one defender
};

}  // namespace tz::tafl
