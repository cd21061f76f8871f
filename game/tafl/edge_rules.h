#pragma once
// The rules of the board edge that Copenhagen adds, on the padded board: shieldwall captures
// (docs/RULES.md 4.5) and the edge fort (6.8).
#include <cstdint>

#include "game/tafl/topology.h"

namespace tz::tafl {

/// Most pieces one move can capture: a shieldwall row on each side of the mover along the
/// edge (at most 16 pieces together on 19x19) and one piece inward of it.
constexpr int kMaxCaptures = 20;

/// Adds to out[0..n) the cells of the pieces captured by shieldwalls that the piece now on
/// the edge cell `to` closes (`cells` already shows the move), leaving out cells already
/// listed and the king; returns the new count.
int shieldwallCaptures(const Topology& t, const uint8_t* cells, int to, uint16_t* out, int n);

/// Whether the king on the edge cell `king` can move and sits in a fort of defenders that
/// no attacker can ever enter or break.
bool edgeFort(const Topology& t, const uint8_t* cells, int king);

}  // namespace tz::tafl
