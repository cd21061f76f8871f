#pragma once
// The "model" kind of agent: "model:NAME[,options]" plays the shipped model NAME
// (models/NAME/model.ckpt, found by ModelFolder::find) exactly as "net:" plays a checkpoint,
// with the same options, by default those its card was measured at (the card's `play`: a
// bare "model:brandubh" reads as "model:brandubh,sims=800"), which options typed after the
// name override; games record it by that spec, the same on every machine.
#include "mcts/players/agent_spec.h"

namespace tz {

/// Puts the LibTorch build's network players in the table of agent kinds: "net"
/// (registerNetAgentKind) and "model", which plays through it at its card's setting. Called
/// once at start-up by the program (cli/main.cpp) and by the tests that play network specs.
void registerNetworkAgentKinds();

/// The "net" spec a "model" spec stands for: the same options, the model's checkpoint as
/// its source. Throws Error when the model is not found.
AgentSpec netSpecOfModel(const AgentSpec& model);

/// The "net" spec of a "model" spec's options playing the checkpoint at `checkpoint`.
AgentSpec netSpecOfModel(const AgentSpec& model, const std::string& checkpoint);

}  // namespace tz
