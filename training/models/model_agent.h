#pragma once
// The "model" kind of agent: "model:NAME[,options]" plays the shipped model NAME
// (models/NAME/model.ckpt, found by ModelFolder::find) exactly as "net:" plays a checkpoint,
// with the same options; games record it by that spec, the same on every machine.
#include "mcts/players/agent_spec.h"

namespace tz {

/// The usage the kind lists in errors and help.
constexpr const char* kModelAgentUsage = "model:NAME[,sims=N,...] (a shipped model: taflzero models; net: options)";

/// Registers the "model" kind (and the "net" kind it plays through); later calls do nothing.
void registerModelAgentKind();

/// The "net" spec a "model" spec stands for: the same options, the model's checkpoint as
/// its source. Throws Error when the model is not found.
AgentSpec netSpecOfModel(const AgentSpec& model);

}  // namespace tz
