#pragma once
// Sample positions for checks and benchmarks: reproducible, varied, never finished.
#include <cstdint>
#include <memory>
#include <vector>

#include "game/game.h"

namespace tz {

/// `count` ongoing positions of `game`: the start position, then seeded random playouts
/// of growing length, each stopped before a move that would end the game (the same seed
/// gives the same positions).
std::vector<std::unique_ptr<State>> randomPositions(const Game& game, int count, uint64_t seed = 7);

/// The positions encoded one after another (positions.size() * inputShape().size() floats).
std::vector<float> encodePositions(const Game& game, const std::vector<std::unique_ptr<State>>& positions);

}  // namespace tz
