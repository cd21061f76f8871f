#include "mcts/players/random_opening_player.h"

namespace tz {

RandomOpeningPlayer::RandomOpeningPlayer(std::unique_ptr<Player> inner, int plies, uint64_t seed)
    : inner_(std::move(inner)), plies_(plies), rng_(seed) {}

void RandomOpeningPlayer::newGame() { inner_->newGame(); }

Action RandomOpeningPlayer::chooseAction(const State& state) {
  if (state.ply() >= plies_) return inner_->chooseAction(state);
  state.legalActions(legal_);
  return legal_[std::uniform_int_distribution<size_t>(0, legal_.size() - 1)(rng_)];
}

void RandomOpeningPlayer::observe(const State& before, Action action) { inner_->observe(before, action); }

std::unique_ptr<Player> withRandomOpening(std::unique_ptr<Player> inner, int plies, uint64_t seed, uint64_t salt) {
  if (plies == 0) return inner;
  return std::make_unique<RandomOpeningPlayer>(std::move(inner), plies, seed ^ salt);
}

}  // namespace tz
