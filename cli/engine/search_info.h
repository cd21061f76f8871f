#pragma once
// The one-line summary of a player's search: the engine protocol's `info` line, also
// printed by the Tablut Challenge client beside its moves.
#include <cstdio>
#include <string>

#include "game/game.h"
#include "mcts/player.h"

namespace tz::cli {

/// "info visits V value X pv m1 m2 ..." for a search from `root` (docs/ENGINE.md, section 4).
inline std::string infoLine(const State& root, const SearchReport& report) {
  char value[32];
  std::snprintf(value, sizeof value, "%.3f", double(report.value));
  std::string line = "info visits " + std::to_string(report.visits) + " value " + value + " pv";
  auto state = root.clone();
  for (const Action a : report.pv) {
    if (state->outcome().over) break;
    line += " " + state->actionName(a);
    state->apply(a);
  }
  return line;
}

}  // namespace tz::cli
