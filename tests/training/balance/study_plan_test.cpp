// The plan proved by simulation: a study planned with planStudy is played, with other random
// numbers, through the real stopping rule (playCell: stoppingDecision at each look) and read by
// the real verdict code (cellBalance at its family's level). At the planned games a fair cell
// is called balanced in at least the planned 80% of simulated cells, and a cell on the margin
// (0.5 + margin) in at most 5% (each plus three Monte-Carlo standard errors), draws 0 to 30%.
//   build/tests/balance_tests --gtest_filter='StudyPlan*'
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "game/base/error.h"
#include "training/balance/study_plan.h"

namespace tz {
namespace {

constexpr double kMargin = 0.05;

// The rule of docs/BALANCE.md 0's study as first designed (min 200, max 400, batch 50,
// precision 0.03, stop on verdict), its 32 cells one family.
StoppingRule linnaeusAsDesigned() { return {200, 400, 50, 0.03, kMargin, true, 32}; }

// A two-cell confirmatory family: looks every 100 games from 200, stopped only by a verdict
// or max_games (the precision out of reach).
StoppingRule confirmatory(int maxGames) { return {200, maxGames, 100, 0.001, kMargin, true, 2}; }

// One family of `cells` cells named "f" playing `rule`.
std::vector<PlanFamily> family(const StoppingRule& rule, int cells) {
  PlanFamily f{"f", {}, rule};
  for (int i = 0; i < cells; ++i) f.cells.push_back("cell" + std::to_string(i));
  return {f};
}

TEST(StudyPlan, TheLinnaeusStudyAsDesignedCouldNeverCallARuleSetFair) {
  PlanSettings settings;
  settings.paths = 400;
  for (const double draws : {0.0, 0.25}) {
    // Holm over 32 cells at 400 games: even a side at 0.60 is out of reach, so the summary
    // says that it finds only larger edges; with each strength's 8 cells one family (as the
    // study now declares) a side favoured is nearer, a fair rule set still out of reach.
    settings.drawRate = draws;
    const StudyPlan plan = planStudy(family(linnaeusAsDesigned(), 32), kMargin, settings);
    const FamilyPlan& f = plan.families.front();
    std::printf("draws %.2f: balanced power %.3f at 400, needs %d; favoured power %.3f at 400, needs %d\n", draws,
                f.balanced.powerAtMax, f.balanced.gamesNeeded, f.favoured.powerAtMax, f.favoured.gamesNeeded);
    EXPECT_FALSE(f.balanced.reachable) << draws;
    EXPECT_LT(f.balanced.powerAtMax, 0.5) << draws;
    EXPECT_GT(f.balanced.gamesNeeded, 400) << draws;
    EXPECT_FALSE(plan.balancedReachable());
    EXPECT_NE(plan.summary().find("never find a rule set fair"), std::string::npos) << plan.summary();
    EXPECT_FALSE(canCallBalanced(family(linnaeusAsDesigned(), 32), kMargin, settings));
    StoppingRule byStrength = linnaeusAsDesigned();
    byStrength.family = 8;
    const StudyPlan eight = planStudy(family(byStrength, 8), kMargin, settings);
    std::printf("  a family of 8: balanced power %.3f, favoured power %.3f at 400\n",
                eight.families.front().balanced.powerAtMax, eight.families.front().favoured.powerAtMax);
    EXPECT_FALSE(eight.balancedReachable());
    EXPECT_GT(eight.families.front().favoured.powerAtMax, f.favoured.powerAtMax);
  }
}

TEST(StudyPlan, AtThePlannedGamesAFairCellIsCalledBalancedAndACellOnTheMarginIsNot) {
  constexpr int kCheck = 1000;  // simulated cells checking the plan, with random numbers of their own
  const auto tolerance = [](double p) { return 3 * std::sqrt(p * (1 - p) / kCheck); };
  for (const double draws : {0.0, 0.15, 0.30}) {
    PlanSettings settings;
    settings.drawRate = draws;
    const StudyPlan plan = planStudy(family(confirmatory(3000), 2), kMargin, settings);
    const int planned = plan.families.front().balanced.gamesNeeded;
    ASSERT_GT(planned, 0) << draws;
    StoppingRule rule = confirmatory(planned);
    const double fair = verdictRate({0.5, draws}, rule, Verdict::kBalanced, kCheck, 777);
    const double edge = verdictRate({0.5 + kMargin, draws}, rule, Verdict::kBalanced, kCheck, 778);
    std::printf("draws %.2f: planned max_games %d; balanced at 0.50 in %.3f, at 0.55 in %.3f of %d cells\n", draws,
                planned, fair, edge, kCheck);
    EXPECT_GE(fair, settings.power - tolerance(settings.power)) << draws;
    EXPECT_LE(edge, kVerdictAlpha + tolerance(kVerdictAlpha)) << draws;
    // The plan is not generous: a max_games two batches short of it falls below the power.
    rule = confirmatory(std::max(200, planned - 200));
    EXPECT_LT(verdictRate({0.5, draws}, rule, Verdict::kBalanced, kCheck, 777), settings.power) << draws;
  }
}

TEST(StudyPlan, ImpossibleSettingsAreOneClearLine) {
  const auto message = [](double power, double draws, double margin) {
    PlanSettings s;
    s.power = power;
    s.drawRate = draws;
    s.paths = 100;
    try {
      planStudy(family(confirmatory(400), 2), margin, s);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(message(1.2, 0, kMargin), "plan: power 1.2 is outside [0.5, 0.99]");
  EXPECT_EQ(message(0.8, 0.95, kMargin), "plan: draw rate 0.95 is outside [0, 0.9]");
  EXPECT_EQ(message(0.8, 0, 0.3), "plan: balance margin 0.3 is outside [0.001, 0.2]");
  EXPECT_EQ(message(0.8, 0.9, 0.2),
            "plan: draw rate 0.9 leaves no room for the favoured score 0.5 + 2 x margin = 0.9 (at most 0.55)");
}

}  // namespace
}  // namespace tz
