#pragma once
// Retrograde analysis of moving-phase morris classes (docs/EGTB.md 3).
#include <functional>
#include <vector>

#include "game/morris/egtb/table.h"

namespace tz::morris::egtb {

/// The solved table of a class that a capture leads into.
using TableLookup = std::function<const Table&(const PieceClass&)>;

/// Solves class `c` together with c.swapped() (a turn without a removal leads from one to
/// the other) by retrograde analysis, with or without flying, ignoring the draw rules.
/// `smaller` must give the table of every class (o - 1, m) that a capture from a class
/// (m, o) of the pair leads to, where o - 1 >= 3 (with two pieces left a side has lost).
/// Returns the tables, `c` first (one table when `c` is its own swap). Throws Error when a
/// distance exceeds kMaxDistance.
std::vector<Table> solvePair(const PieceClass& c, bool flying, const TableLookup& smaller);

}  // namespace tz::morris::egtb
