#pragma once
// How the baseline players walk a game tree: with the game's own walker and evaluation
// where it offers one (GameExpertise::newTreeWalker), else through the State interface
// with mobility as the only evaluation.
#include <memory>

#include "game/expertise.h"

namespace tz::players {

/// A walker starting at `state` of `game`; `stateOnly` skips the game's own walker (tests
/// compare the two).
std::unique_ptr<TreeWalker> newTreeWalker(const Game& game, const State& state, bool stateOnly = false);

}  // namespace tz::players
