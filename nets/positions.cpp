#include "nets/positions.h"

#include <random>

namespace tz {

std::vector<std::unique_ptr<State>> randomPositions(const Game& game, int count, uint64_t seed) {
  std::vector<std::unique_ptr<State>> out;
  std::mt19937_64 rng(seed);
  std::vector<Action> legal;
  // A playout that ends the game is retried with another length; give up after many tries.
  for (int attempt = 0; int(out.size()) < count && attempt < 50 * count + 50; ++attempt) {
    auto state = game.newGame();
    const int plies = int(out.size()) * 3 + int(rng() % 3);
    for (int p = 0; p < plies && !state->outcome().over; ++p) {
      state->legalActions(legal);
      state->apply(legal[rng() % legal.size()]);
    }
    if (!state->outcome().over) out.push_back(std::move(state));
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
