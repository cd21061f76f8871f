#include "nets/positions.h"

#include <random>

namespace tz {

std::vector<std::unique_ptr<State>> randomPositions(const Game& game, int count, uint64_t seed) {
  std::vector<std::unique_ptr<State>> out;
  std::mt19937_64 rng(seed);
  std::vector<Action> legal;
  while (int(out.size()) < count) {
    auto state = game.newGame();
    const int plies = int(out.size()) * 3 + int(rng() % 3);
    // A playout stops before a move that would end the game (short games, tic-tac-toe).
    for (int p = 0; p < plies; ++p) {
      state->legalActions(legal);
      auto next = state->clone();
      next->apply(legal[rng() % legal.size()]);
      if (next->outcome().over) break;
      state = std::move(next);
    }
    out.push_back(std::move(state));
  }
  return out;
}

std::vector<float> encodePositions(const Game& game, const std::vector<std::unique_ptr<State>>& positions) {
  const size_t size = size_t(game.inputShape().size());
  std::vector<float> out(positions.size() * size);
  for (size_t i = 0; i < positions.size(); ++i) positions[i]->encode(&out[i * size]);
  return out;
}

}  // namespace tz
