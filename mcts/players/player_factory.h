#pragma once
// Every player is built here, from a typed agent (AgentSpec) by its kind (agent_kinds.h):
// what its games share (a network, tables) prepared once, each game's player made fresh from
// that game's seed, timed as its kind says when the front end gives a time per move, and
// opened with the agent's random plies. Every front end gets its players from agentMaker.
#include <cstdint>
#include <memory>

#include "game/game.h"
#include "mcts/evaluator.h"
#include "mcts/players/agent_kinds.h"
#include "mcts/players/agent_spec.h"

namespace tz {

/// The maker of `spec`'s players for `game` (which outlives it); with `moveMs` > 0 each
/// fits every move into `moveMs` as its kind times it (TimedPlayer), inside the same random
/// opening as the untimed spec's. Throws Error for a spec that cannot play `game` (a
/// checkpoint of other rules, tables of another game).
PlayerMaker agentMaker(const AgentSpec& spec, const Game& game, int64_t moveMs = 0);

/// The evaluator of the network behind `spec` for `game`, or null when its kind has none
/// (baselines, search with playouts).
std::shared_ptr<Evaluator> agentEvaluator(const AgentSpec& spec, const Game& game);

/// Throws Error as agentMaker would for a spec that cannot play `game`, but makes no player
/// and loads no network (AgentKind::check): a spec checked before its games start.
void checkAgent(const AgentSpec& spec, const Game& game);

}  // namespace tz
