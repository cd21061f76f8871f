#pragma once
// Indexing of moving-phase morris positions for the endgame database (docs/EGTB.md 2): a
// piece class "m v o" holds the positions where both hands are empty, the side to move
// has m pieces on the board and the opponent o; each position has a dense index from the
// combinatorial (colex) ranks of the two piece sets.
#include <cstdint>
#include <string>
#include <vector>

#include "game/morris/board.h"

namespace tz::morris::egtb {

/// Fewest pieces a side may have in a class: with two the side has lost.
constexpr int kMinPieces = 3;

/// The pieces on the board of a moving-phase position, as seen by the side to move.
struct PieceClass {
  int mover = kMinPieces;     // pieces of the side to move
  int opponent = kMinPieces;  // pieces of the other side

  /// The class's name, "3v4".
  std::string name() const;
  /// The same position seen by the other side (a turn without a removal leads there).
  PieceClass swapped() const { return {opponent, mover}; }
  /// Number of positions: C(24, mover) * C(24 - mover, opponent).
  uint64_t size() const;
  /// Classes compare by their counts.
  bool operator==(const PieceClass& o) const { return mover == o.mover && opponent == o.opponent; }
  /// Orders classes by total pieces, then by the mover's count (the order they are solved in).
  bool operator<(const PieceClass& o) const;
};

/// The class of a position: `own` the points of the side to move, `opp` the opponent's.
inline PieceClass classOf(Mask own, Mask opp) { return {count(own), count(opp)}; }

/// Parses "MvO" with 3 <= M, O <= 9; throws Error saying what is expected.
PieceClass parseClass(const std::string& text);
/// Parses a comma-separated list of classes ("3v3,3v4"); throws Error on a bad or empty item.
std::vector<PieceClass> parseClasses(const std::string& text);

/// Index of a position in its class, in [0, classOf(own, opp).size()).
uint32_t positionIndex(Mask own, Mask opp);
/// The position of class `c` at `index`: the inverse of positionIndex.
void positionAt(const PieceClass& c, uint32_t index, Mask& own, Mask& opp);

/// The lowest points of `free`, one for each set bit of `compact` counted from the
/// lowest: point i of `free` is taken when bit i of `compact` is set.
inline Mask deposit(Mask compact, Mask free) {
  Mask out = 0;
  for (; compact; compact >>= 1, free &= free - 1)
    if (compact & 1) out |= free & (0u - free);
  return out;
}

/// The next larger mask with the same number of bits (Gosper's hack): combinations in
/// increasing colex rank.
inline Mask nextCombination(Mask x) {
  const Mask low = x & (0u - x), ripple = x + low;
  return (((ripple ^ x) >> 2) / low) | ripple;
}

/// Calls f(index, own, opp) for every position of class `c` in increasing index order.
template <class F>
void forEachPosition(const PieceClass& c, F&& f) {
  const Mask ownEnd = 1u << kPoints, oppEnd = 1u << (kPoints - c.mover);
  uint32_t index = 0;
  for (Mask own = (1u << c.mover) - 1; own < ownEnd; own = nextCombination(own)) {
    const Mask free = kAllPoints & ~own;
    for (Mask compact = (1u << c.opponent) - 1; compact < oppEnd; compact = nextCombination(compact)) {
      f(index++, own, deposit(compact, free));
    }
  }
}

}  // namespace tz::morris::egtb
