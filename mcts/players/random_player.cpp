#include "mcts/players/random_player.h"

namespace tz::players {

Action RandomPlayer::chooseAction(const State& state) {
  state.legalActions(legal_);
  std::uniform_int_distribution<size_t> pick(0, legal_.size() - 1);
  return legal_[pick(rng_)];
}

}  // namespace tz::players
