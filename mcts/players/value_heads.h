#pragma once
// The value head behind an agent spec: kinds whose players are guided by a network
// register how to build that network's evaluator (e.g. "net:CHECKPOINT" in the LibTorch
// build), so that code without LibTorch can ask an agent's network for raw values.
#include <functional>
#include <memory>
#include <string>

#include "game/game.h"
#include "mcts/evaluator.h"
#include "mcts/players/player_factory.h"

namespace tz {

/// Builds the evaluator of the network behind a player spec of one kind, for `game`.
using ValueHeadCreator = std::function<std::shared_ptr<Evaluator>(const PlayerSpec& spec, const Game& game)>;

/// Adds or replaces the value head of a player kind.
void registerValueHeadKind(const std::string& kind, ValueHeadCreator creator);

/// The evaluator of the network behind the agent `spec`, or null when its kind has no
/// network (baselines, search with rollouts). Throws Error as the kind's creator does.
std::shared_ptr<Evaluator> makeValueHead(const std::string& spec, const Game& game);

}  // namespace tz
