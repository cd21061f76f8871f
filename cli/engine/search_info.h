#pragma once
// The one-line summaries of a player's search: the engine protocol's `info` lines (what it
// found; how fast and how long it searched), also printed by the Tablut Challenge client
// beside its moves.
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

/// "info simulations S ms T nps N", then " budget B used P%" for a search under a time
/// limit: its speed, and the share of the limit it spent searching.
inline std::string timeLine(const SearchReport& report) {
  char text[128];
  const double nps = report.ms > 0 ? 1000.0 * report.simulations / report.ms : 0.0;
  std::snprintf(text, sizeof text, "info simulations %d ms %.0f nps %.0f", report.simulations, report.ms, nps);
  std::string line = text;
  if (report.limitMs > 0) {
    std::snprintf(text, sizeof text, " budget %.0f used %.1f%%", report.limitMs, 100.0 * report.ms / report.limitMs);
    line += text;
  }
  return line;
}

}  // namespace tz::cli
