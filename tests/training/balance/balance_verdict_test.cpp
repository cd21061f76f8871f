// The balance tests of one cell against values computed by hand: the draw-as-half score, the
// trinomial score statistic at the margins, the equivalence and minimum-effect verdicts,
// effective counts of repeated games, and whether a verdict is within reach.
#include <gtest/gtest.h>

#include <cmath>

#include "training/balance/balance_verdict.h"

namespace tz {
namespace {

constexpr double kZ95 = 1.6448536;  // the one-sided 5% critical value of a single look

TEST(BalanceVerdict, DrawsCountAsHalfAPoint) {
  // 10 attacker wins, 20 draws, 10 defender wins: a win rate of 0.25 but a score of 0.5.
  EXPECT_DOUBLE_EQ(balanceTest({10, 20, 10}, 0.05, kZ95).score.value, 0.5);
  EXPECT_DOUBLE_EQ(balanceTest({30, 0, 10}, 0.05, kZ95).score.value, 0.75);
  EXPECT_DOUBLE_EQ(balanceTest({10, 10, 0}, 0.05, kZ95).score.value, 0.75);
  EXPECT_EQ(balanceTest({10, 20, 10}, 0.05, kZ95).verdict, Verdict::kUndecided);
}

TEST(BalanceVerdict, ScoreStatisticsAtTheMargins) {
  // No draws: the Wilson statistic, 0.05 / sqrt(0.45 * 0.55 / 400) = 2.010076.
  const BalanceTest even = balanceTest({200, 0, 200}, 0.05, kZ95);
  EXPECT_NEAR(even.zBelow, 2.010076, 1e-6);
  EXPECT_NEAR(even.zAbove, -2.010076, 1e-6);
  EXPECT_NEAR(even.equivalenceP, 0.0222116, 1e-6);
  EXPECT_EQ(even.verdict, Verdict::kBalanced);
  // 40 draws: at 0.45 the best-fitting trinomial draws 90% of games, variance
  // 0.2475 - 0.9 / 4 = 0.0225, z = 0.05 / sqrt(0.0225 / 40) = 2.108185.
  EXPECT_NEAR(balanceTest({0, 40, 0}, 0.05, kZ95).zBelow, 2.108185, 1e-6);
  EXPECT_EQ(balanceTest({0, 40, 0}, 0.05, kZ95).verdict, Verdict::kBalanced);
  // The look's level is the normal tail beyond its boundary.
  EXPECT_NEAR(even.alpha, 0.05, 1e-7);
  EXPECT_EQ(balanceTest({200, 0, 200}, 0.05, 2.1).verdict, Verdict::kUndecided);
  EXPECT_EQ(balanceTest({0, 0, 0}, 0.05, kZ95).verdict, Verdict::kUndecided);
}

TEST(BalanceVerdict, FavouredNeedsTheScoreBeyondTheMargin) {
  // 240-160: z at 0.55 is 0.05 / sqrt(0.55 * 0.45 / 400) = 2.010076, beyond 1.645.
  const BalanceTest ahead = balanceTest({240, 0, 160}, 0.05, kZ95);
  EXPECT_EQ(ahead.verdict, Verdict::kSide0Favoured);
  EXPECT_NEAR(ahead.favouredP, 0.0222116, 1e-6);
  EXPECT_EQ(balanceTest({160, 0, 240}, 0.05, kZ95).verdict, Verdict::kSide1Favoured);
  // 116-84 scores 0.58: the sign test rejects 0.5 (p 0.028), so the old design called it
  // favoured; the score is not shown beyond 0.55 (z 0.853), so it is undecided.
  const BalanceTest edge = balanceTest({116, 0, 84}, 0.05, kZ95);
  EXPECT_EQ(edge.verdict, Verdict::kUndecided);
  EXPECT_NEAR(edge.zAbove, 0.03 / std::sqrt(0.55 * 0.45 / 200), 1e-9);
  // 0.52 over 4,000 games: real but inside the margin, so balanced, never favoured.
  const BalanceTest tiny = balanceTest({2080, 0, 1920}, 0.05, kZ95);
  EXPECT_EQ(tiny.verdict, Verdict::kBalanced);
  EXPECT_GT(tiny.favouredP, 0.99);
}

TEST(BalanceVerdict, RepeatedGamesCountOnce) {
  // 20 games of which 10 repeat: the score stays 0.5, the sample is 10 games.
  const Trinomial t = effectiveCounts(10, 0, 10, 10);
  EXPECT_DOUBLE_EQ(t.wins, 5);
  EXPECT_DOUBLE_EQ(t.losses, 5);
  EXPECT_DOUBLE_EQ(t.games(), 10);
  // At least one game always counts; no games stay none.
  EXPECT_DOUBLE_EQ(effectiveCounts(4, 0, 0, 9).games(), 1);
  EXPECT_DOUBLE_EQ(effectiveCounts(0, 0, 0, 0).games(), 0);
  // Fewer effective games, less evidence: 200-200 with half repeated is no longer balanced.
  EXPECT_EQ(balanceTest(effectiveCounts(200, 0, 200, 200), 0.05, kZ95).verdict, Verdict::kUndecided);
  EXPECT_DOUBLE_EQ(balanceTest(effectiveCounts(200, 0, 200, 200), 0.05, kZ95).effectiveGames, 200);
}

TEST(BalanceVerdict, AVerdictIsWithinReachWhenTheScoreWouldSettleItByTheLastGame) {
  // 160-160: z 1.798 at 0.45; 1.25 times the games make it 2.010, past 1.9 but not 2.1.
  const BalanceTest t = balanceTest({160, 0, 160}, 0.05, 1.9);
  EXPECT_EQ(t.verdict, Verdict::kUndecided);
  EXPECT_TRUE(verdictWithinReach(t, 1.25, 1.9));
  EXPECT_FALSE(verdictWithinReach(t, 1.25, 2.1));
  // A score on the margin is never within reach: its z at the margin stays 0.
  EXPECT_FALSE(verdictWithinReach(balanceTest({220, 0, 180}, 0.05, 1.9), 100, 1.9));
}

}  // namespace
}  // namespace tz
