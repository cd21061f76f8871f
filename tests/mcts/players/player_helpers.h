#pragma once
// Helpers for player tests: immediate wins and playing out games between players.
#include <memory>
#include <vector>

#include "game/game.h"
#include "mcts/player.h"
#include "training/matches/arena.h"

namespace tz::test {

/// Whether `action` wins the game at once for the side to move.
inline bool winsNow(const State& state, Action action) {
  auto next = state.clone();
  next->apply(action);
  return next->outcome().over && next->outcome().winner == state.toMove();
}

/// Whether the side to move has an action that wins at once.
inline bool hasWinNow(const State& state) {
  std::vector<Action> legal;
  state.legalActions(legal);
  for (Action a : legal)
    if (winsNow(state, a)) return true;
  return false;
}

/// Score of `a` (win 1, draw 1/2) over `games` games against `b`, alternating colours
/// (a plays side 0 in even games).
inline double matchScore(const Game& game, Player& a, Player& b, int games) {
  double score = 0;
  for (int g = 0; g < games; ++g) {
    const int sideA = g % 2;
    const GameRecord record = sideA == 0 ? playGame(game, a, b) : playGame(game, b, a);
    score += record.winner < 0 ? 0.5 : record.winner == sideA ? 1.0 : 0.0;
  }
  return score / games;
}

}  // namespace tz::test
