#include "mcts/players/tree_walker.h"

#include "game/state_walker.h"

namespace tz::players {

std::unique_ptr<TreeWalker> newTreeWalker(const Game& game, const State& state, bool stateOnly) {
  const GameExpertise* expertise = game.expertise();
  if (expertise && !stateOnly) {
    if (auto walker = expertise->newTreeWalker(state)) return walker;
  }
  return std::make_unique<StateWalker>(state, game.numActions());
}

}  // namespace tz::players
