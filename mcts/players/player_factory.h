#pragma once
// Every player is built here, from a typed agent (AgentSpec): what its games share (a
// network, tables) prepared once, each game's player made fresh from that game's seed and
// opened with the agent's random plies.
#include <cstdint>
#include <memory>
#include <string>

#include "game/game.h"
#include "mcts/evaluator.h"
#include "mcts/player.h"
#include "mcts/players/agent_kinds.h"
#include "mcts/players/agent_spec.h"

namespace tz {

/// The maker of `spec`'s players for `game` (which outlives it). Throws Error for a spec
/// that cannot play `game` (a checkpoint of other rules, tables of another game).
PlayerMaker agentMaker(const AgentSpec& spec, const Game& game);

/// agentMaker with the kind given rather than looked up by spec.kind: the program's own
/// agents of a kind it holds (a run's network, netAgentKind()), opened as the spec says.
PlayerMaker agentMaker(const AgentKind& kind, const AgentSpec& spec, const Game& game);

/// Throws Error as agentMaker would for a spec that cannot play `game`, but makes no player
/// and loads no network (AgentKind::check): a spec checked before its games start.
void checkAgent(const AgentSpec& spec, const Game& game);

/// One player of `spec` for `game` with `seed`: agentMaker(spec, game)(seed).
std::unique_ptr<Player> buildAgent(const AgentSpec& spec, const Game& game, uint64_t seed);

/// The player of a spec text: buildAgent(parseAgentSpec(text), game, seed).
std::unique_ptr<Player> makePlayer(const std::string& text, const Game& game, uint64_t seed);

/// The evaluator of the network behind the agent `text` for `game`, or null when its kind
/// has no network (baselines, search with playouts). Throws Error as parsing does.
std::shared_ptr<Evaluator> makeValueHead(const std::string& text, const Game& game);

}  // namespace tz
