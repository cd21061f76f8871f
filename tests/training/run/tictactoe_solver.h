#pragma once
// Perfect play for tic-tac-toe (game/tictactoe/), the game a learning loop is checked on.
#include <algorithm>
#include <unordered_map>
#include <vector>

#include "game/game.h"
#include "game/tictactoe/tictactoe.h"

namespace tz::test {

using tictactoe::TicTacToe;

/// The exact value of `state` (tic-tac-toe) for its side to move under perfect play: 1, 0 or -1.
inline int solve(const State& state) {
  if (state.outcome().over) return state.outcome().winner < 0 ? 0 : state.outcome().winner == state.toMove() ? 1 : -1;
  static thread_local std::unordered_map<uint64_t, int> known;  // the hash is the whole board
  if (auto it = known.find(state.hash()); it != known.end()) return it->second;
  std::vector<Action> actions;
  state.legalActions(actions);
  int best = -1;
  for (Action a : actions) {
    auto next = state.clone();
    next->apply(a);
    best = std::max(best, -solve(*next));
  }
  return known[state.hash()] = best;
}

}  // namespace tz::test
