#pragma once
// A turn in notation as the actions that make it: a front end telling players about a
// person's (or another engine's) moves, so that their search trees follow the game.
#include <string>
#include <vector>

#include "game/game.h"

namespace tz {

/// The actions by the side to move that play the turn `notation` from `state` (one for a
/// tafl move; a morris mill's move and its removal). Throws RuleError for an illegal turn.
std::vector<Action> turnActions(const State& state, const std::string& notation);

}  // namespace tz
