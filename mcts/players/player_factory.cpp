#include "mcts/players/player_factory.h"

#include "mcts/players/random_opening_player.h"

namespace tz {

PlayerMaker agentMaker(const AgentSpec& spec, const Game& game) {
  return agentMaker(agentKind(spec.kind, spec.kind), spec, game);
}

PlayerMaker agentMaker(const AgentKind& kind, const AgentSpec& spec, const Game& game) {
  PlayerMaker make = kind.prepare(spec, game);
  if (spec.openingPlies == 0) return make;
  return [make, plies = spec.openingPlies, salt = spec.openingSalt](uint64_t seed) {
    return withRandomOpening(make(seed), plies, seed, salt);
  };
}

void checkAgent(const AgentSpec& spec, const Game& game) {
  const AgentKind kind = agentKind(spec.kind, spec.kind);
  if (kind.check) {
    kind.check(spec, game);
  } else {
    kind.prepare(spec, game);
  }
}

std::unique_ptr<Player> buildAgent(const AgentSpec& spec, const Game& game, uint64_t seed) {
  return agentMaker(spec, game)(seed);
}

std::unique_ptr<Player> makePlayer(const std::string& text, const Game& game, uint64_t seed) {
  return buildAgent(parseAgentSpec(text), game, seed);
}

std::shared_ptr<Evaluator> makeValueHead(const std::string& text, const Game& game) {
  const AgentSpec spec = parseAgentSpec(text);
  const AgentKind kind = agentKind(spec.kind, text);
  return kind.valueHead ? kind.valueHead(spec, game) : nullptr;
}

}  // namespace tz
