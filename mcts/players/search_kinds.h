#pragma once
// The MCTS kinds of agent without a network: "mcts" (random playouts value each leaf) and
// "uniform-mcts" (every leaf even), and the timing every search kind shares.
#include "mcts/players/agent_kinds.h"

namespace tz {

/// How a search agent's players fit a move into a time budget: searched by the clock, at
/// most the spec's `sims` when it gives them (else the clock alone decides).
PlayerTiming searchTiming(const AgentSpec& spec);

/// The "mcts" kind of agent, as the table of kinds (agent_kinds.cpp) lists it.
AgentKind mctsAgentKind();

/// The "uniform-mcts" kind of agent, as the table of kinds lists it.
AgentKind uniformMctsAgentKind();

}  // namespace tz
