#include "mcts/players/random_player.h"

#include "mcts/players/agent_kinds.h"

namespace tz::players {

Action RandomPlayer::chooseAction(const State& state) {
  state.legalActions(legal_);
  std::uniform_int_distribution<size_t> pick(0, legal_.size() - 1);
  return legal_[pick(rng_)];
}

}  // namespace tz::players

namespace tz {

AgentKind randomAgentKind() {
  AgentKind kind;
  kind.usage = "random";
  kind.prepare = [](const AgentSpec&, const Game&) -> PlayerMaker {
    return [](uint64_t seed) { return std::make_unique<players::RandomPlayer>(seed); };
  };
  return kind;
}

}  // namespace tz
