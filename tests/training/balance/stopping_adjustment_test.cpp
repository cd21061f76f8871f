// The stopping-adjusted score proved by simulation: cells at known true scores are played
// through the real stopping rule of docs/BALANCE.md 0's study (min 200, max 400, batch 50,
// precision 0.03, stop on verdict, a family of 8), with random numbers other than those of the
// adjustment's own curves, and grouped by how they stopped: before max_games (early) or at
// it. Over the groups where at least 100 of 2,000 cells stop so (the stopping range), the
// adjusted score's mean bias is at most 0.01 on average and 0.02 in every group, while the raw
// score's is above 0.015 on average and 0.05 in some group (cells stopped early lie further
// from 0.5, cells run to max_games nearer). Each look's figures are printed.
//   build/tests/balance_tests --gtest_filter='StoppingAdjustment*'
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>

#include "training/balance/cell_simulation.h"
#include "training/balance/stopping_adjustment.h"

namespace tz {
namespace {

const StoppingRule kLinnaeus{200, 400, 50, 0.03, 0.05, true, 8};

// Sums of the scores of the cells that stopped one way.
struct AtLook {
  int cells = 0;
  double raw = 0, adjusted = 0;
};

TEST(StoppingAdjustment, TheAdjustedScoreIsUnbiasedForCellsStoppedEarlyAndRunToTheEnd) {
  constexpr int kCells = 2000, kEnough = 100;
  double rawSum = 0, adjustedSum = 0, rawWorst = 0, adjustedWorst = 0;
  int groups = 0;
  for (const double truth : {0.30, 0.35, 0.38, 0.42, 0.45, 0.58, 0.62}) {
    std::map<int, AtLook> looks;  // 0: stopped early, 1: ran to max_games, 1000 + games: one look
    for (int i = 0; i < kCells; ++i) {
      const SimulatedStop s = playCell({truth, 0}, kLinnaeus, pathSeed(4242, i));
      const double adjusted = stoppingAdjustedScore(s.counts, kLinnaeus);
      for (const int key : {s.games < kLinnaeus.maxGames ? 0 : 1, 1000 + s.games}) {
        AtLook& at = looks[key];
        ++at.cells;
        at.raw += s.score();
        at.adjusted += adjusted;
      }
    }
    for (const auto& [key, at] : looks) {
      if (at.cells < kEnough) continue;
      const double raw = at.raw / at.cells - truth, adjusted = at.adjusted / at.cells - truth;
      if (key >= 1000) {
        std::printf("  truth %.2f, stopped at %d games (%d cells): raw bias %+.4f, adjusted %+.4f\n", truth, key - 1000,
                    at.cells, raw, adjusted);
        continue;
      }
      std::printf("truth %.2f, stopped %s (%d cells): raw bias %+.4f, adjusted %+.4f\n", truth,
                  key == 0 ? "before max_games" : "at max_games", at.cells, raw, adjusted);
      EXPECT_LE(std::abs(adjusted), 0.02) << truth << (key == 0 ? " early" : " at max_games");
      rawSum += std::abs(raw);
      adjustedSum += std::abs(adjusted);
      rawWorst = std::max(rawWorst, std::abs(raw));
      adjustedWorst = std::max(adjustedWorst, std::abs(adjusted));
      ++groups;
    }
  }
  std::printf("over %d groups: mean absolute bias raw %.4f, adjusted %.4f; worst raw %.4f, adjusted %.4f\n", groups,
              rawSum / groups, adjustedSum / groups, rawWorst, adjustedWorst);
  EXPECT_LE(adjustedSum / groups, 0.01);
  EXPECT_GT(rawSum / groups, 0.015) << "the raw score's bias at its stop: what the adjustment is for";
  EXPECT_GT(rawWorst, 0.05);
}

TEST(StoppingAdjustment, ARuleThatCannotStopEarlyLeavesTheScore) {
  const StoppingRule fixed{400, 400, 50, 0.03, 0.05, true, 8};
  EXPECT_FALSE(canStopEarly(fixed));
  EXPECT_DOUBLE_EQ(stoppingAdjustedScore({150, 230, 20}, fixed), (150 + 10) / 400.0);
  EXPECT_TRUE(canStopEarly(kLinnaeus));
}

}  // namespace
}  // namespace tz
