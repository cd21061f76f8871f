#pragma once
// One solved piece class: the value byte of every position, and its counts.
#include <cstdint>
#include <vector>

#include "game/morris/egtb/index.h"
#include "game/morris/egtb/value.h"

namespace tz::morris::egtb {

/// How the positions of a class divide by result.
struct TableStats {
  uint64_t positions = 0;  // all positions of the class
  uint64_t wins = 0;       // wins for the side to move
  uint64_t losses = 0;     // losses for the side to move
  uint64_t draws = 0;      // draws
  int longestWin = 0;      // the largest distance of a win, in plies
  int longestLoss = 0;     // the largest distance of a loss, in plies

  /// Stats compare field by field.
  bool operator==(const TableStats& o) const;
};

/// The values of one class, solved with or without flying.
struct Table {
  PieceClass cls;              // the class
  bool flying = true;          // the rule it was solved under
  std::vector<uint8_t> codes;  // value byte (value.h) of each position, by index

  /// The value of the position at `index`.
  Value at(uint32_t index) const { return decode(codes[index]); }
  /// The value of a position of this class: `own` the side to move's points.
  Value at(Mask own, Mask opp) const { return at(positionIndex(own, opp)); }
  /// Counts over all positions.
  TableStats stats() const;
};

}  // namespace tz::morris::egtb
