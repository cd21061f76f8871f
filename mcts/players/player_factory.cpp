#include "mcts/players/player_factory.h"

#include "mcts/players/random_opening_player.h"
#include "mcts/players/timed_player.h"

namespace tz {

PlayerMaker agentMaker(const AgentSpec& spec, const Game& game, int64_t moveMs) {
  const AgentKind kind = agentKind(spec.kind, spec.kind);
  PlayerMaker make = kind.prepare(spec, game);
  if (moveMs > 0) {
    make = [make, timing = kind.timing(spec), moveMs](uint64_t seed) -> std::unique_ptr<Player> {
      return std::make_unique<TimedPlayer>(make(seed), timing, moveMs);
    };
  }
  if (spec.openingPlies == 0) return make;
  return [make, plies = spec.openingPlies, salt = spec.openingSalt](uint64_t seed) {
    return withRandomOpening(make(seed), plies, seed, salt);
  };
}

std::shared_ptr<Evaluator> agentEvaluator(const AgentSpec& spec, const Game& game) {
  const AgentKind kind = agentKind(spec.kind, spec.kind);
  return kind.evaluator ? kind.evaluator(spec, game) : nullptr;
}

void checkAgent(const AgentSpec& spec, const Game& game) {
  const AgentKind kind = agentKind(spec.kind, spec.kind);
  if (kind.check) {
    kind.check(spec, game);
  } else {
    kind.prepare(spec, game);
  }
}

}  // namespace tz
