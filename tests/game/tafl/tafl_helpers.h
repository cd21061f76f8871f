#pragma once
// Helpers for tafl rule tests: variants with overrides and positions from piece lists.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "game/base/error.h"
#include "game/registry.h"
#include "game/tafl/rules.h"
#include "game/tafl/topology.h"

namespace tz::test {

/// A preset with optional key=value overrides.
inline std::unique_ptr<Game> variant(const std::string& name, const std::vector<std::string>& sets = {}) {
  return loadGame(name, sets);
}

/// A position record of a size x size board holding the listed pieces ('t', 'T', 'K').
inline std::string board(int size, const std::vector<std::pair<std::string, char>>& pieces) {
  std::vector<uint8_t> cells(size * size, tafl::kEmpty);
  for (const auto& [square, piece] : pieces) {
    const int sq = tafl::parseSquare(square, size);
    EXPECT_GE(sq, 0) << square;
    cells[sq] = piece == 't' ? tafl::kAttacker : piece == 'T' ? tafl::kDefender : tafl::kKing;
  }
  return tafl::writeRecord(cells, size);
}

/// The state after `moves` from a position of the listed pieces with `side` to move.
inline std::unique_ptr<State> position(const Game& game, const std::vector<std::pair<std::string, char>>& pieces,
                                       const std::string& side) {
  const int size = game.inputShape().height;
  return game.fromRecord(board(size, pieces), side);
}

/// Whether `move` (bare from-to) is among the legal turns.
inline bool isLegal(const State& state, const std::string& move) {
  for (const auto& m : state.legalTurns())
    if (m == move) return true;
  return false;
}

/// What stands on a square of a tafl state: 't', 'T', 'K' or '.'.
inline char pieceAt(const State& state, const std::string& square) {
  const std::string rec = state.record();
  const int size = int(std::count(rec.begin(), rec.end(), '/')) - 1;
  const auto cells = tafl::parseRecord(rec, size);
  const uint8_t c = cells[tafl::parseSquare(square, size)];
  return c == tafl::kAttacker ? 't' : c == tafl::kDefender ? 'T' : c == tafl::kKing ? 'K' : '.';
}

}  // namespace tz::test
