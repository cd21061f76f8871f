#pragma once
// The report's SVG charts of game statistics: result rates with 95% Wilson intervals,
// balance against agent strength, game-length distributions and end reasons.
#include <string>
#include <vector>

#include "training/balance/balance_results.h"
#include "training/balance/balance_stats.h"

namespace tz {

/// Groups of games with their labels, compared in one chart.
struct StatsGroups {
  std::vector<std::string> labels;       // e.g. variant ids
  std::vector<const CellStats*> stats;   // one per label
};

/// Win rates of both sides and the draw rate per group: bars with 95% Wilson intervals
/// and a dashed line at 0.5.
std::string resultChart(const std::string& title, const StatsGroups& groups, const std::string sideNames[2]);

/// Share of games per game-length bin (common bins of round width, at most ~20), a line per group.
std::string lengthChart(const std::string& title, const StatsGroups& groups);

/// Share of games per end reason, bars per group.
std::string reasonChart(const std::string& title, const StatsGroups& groups);

/// Side 0's win rate of each variant at each strength (strengths in study order) with
/// 95% Wilson intervals: how balance moves with the agents' strength.
std::string strengthChart(const BalanceResults& results);

}  // namespace tz
