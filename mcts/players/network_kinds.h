#pragma once
// The network kinds of agent, "net" (a checkpoint) and "model" (a shipped model), as every
// build reads them: their usage, source, options and timing. Their players need LibTorch:
// here they refuse, naming the LibTorch build, whose registerNetworkAgentKinds
// (training/models/model_agent.cpp) puts its own in at start-up.
#include <string>

#include "mcts/players/agent_kinds.h"

namespace tz {

/// The "net" kind's usage, source, options, timing and network file (its source), the same in
/// every build: its search (200 simulations and no first-play reduction by default,
/// self-play's 0.25 being weaker at play time: README.md gives the measurement), `mix` and
/// `tables`; "model" takes the same options. Its players are made only where LibTorch is,
/// which sets `prepare`.
AgentKind netAgentKindOptions();

/// The network kind `name` ("net" or "model") as the table of kinds lists it: its options,
/// and players that refuse, naming the LibTorch build.
AgentKind networkAgentKind(const std::string& name);

}  // namespace tz
