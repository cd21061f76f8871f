#pragma once
// Network agents as players: "net:CHECKPOINT" searches with the checkpoint's network
// (options: sims=N simulations per move, batch=N leaves per evaluation).
#include <memory>
#include <string>

#include "game/game.h"
#include "mcts/player.h"
#include "mcts/search_options.h"

namespace tz {

/// An MCTS player guided by the network of a checkpoint (checked against `game`).
std::unique_ptr<Player> makeNetPlayer(const std::string& checkpoint, const Game& game, const SearchOptions& options);

/// Registers the "net" player kind with the player factory.
void registerNetPlayerKind();

}  // namespace tz
