// The balance tests of one cell against values computed by hand: the draw-as-half score,
// the exact sign test, the two one-sided equivalence tests, every verdict, and the level of
// each look of a sequential study.
#include <gtest/gtest.h>

#include "training/balance/balance_verdict.h"

namespace tz {
namespace {

TEST(BalanceVerdict, DrawsCountAsHalfAPoint) {
  // 10 attacker wins, 20 draws, 10 defender wins: a win rate of 0.25 but a score of 0.5.
  const BalanceTest t = balanceTest(10, 20, 10, 0.05);
  EXPECT_DOUBLE_EQ(t.score.value, 0.5);
  EXPECT_DOUBLE_EQ(balanceTest(30, 0, 10, 0.05).score.value, 0.75);
  EXPECT_DOUBLE_EQ(balanceTest(10, 10, 0, 0.05).score.value, 0.75);
}

TEST(BalanceVerdict, SignTestIsTheExactBinomialTest) {
  // 9 of 10: 2 * (1 + 10) / 1024.
  EXPECT_DOUBLE_EQ(signTestP(9, 1), 22.0 / 1024);
  EXPECT_DOUBLE_EQ(signTestP(1, 9), 22.0 / 1024);
  // 10 of 40: 2 * P(X <= 10 | n = 40, p = 1/2) = 2 * 0.0010886 (binomial table).
  EXPECT_NEAR(signTestP(30, 10), 0.0022, 0.0001);
  EXPECT_DOUBLE_EQ(signTestP(5, 5), 1.0);
  EXPECT_DOUBLE_EQ(signTestP(0, 0), 1.0);
  // Draws carry no sign: they do not enter the test.
  EXPECT_DOUBLE_EQ(balanceTest(9, 100, 1, 0.05).signP, 22.0 / 1024);
}

TEST(BalanceVerdict, EquivalenceTestsBothSidesOfTheMargin) {
  // 50-50: score 0.5, per-game variance 0.25, standard error 0.05: z = 0.05 / 0.05 = 1.
  EXPECT_NEAR(equivalenceP(50, 0, 50, 0.05), 0.158655, 1e-6);
  // 200-200: standard error 0.025, z = 2.
  EXPECT_NEAR(equivalenceP(200, 0, 200, 0.05), 0.022750, 1e-6);
  // 100 wins, 200 draws, 100 losses: variance 0.125, standard error sqrt(0.125 / 400), z = 2.8284.
  EXPECT_NEAR(equivalenceP(100, 200, 100, 0.05), 0.0023389, 1e-6);
  // 0.6 with margin 0.05: the upper one-sided test fails, z = (0.6 - 0.55) / sqrt(0.24 / 400) = 2.041.
  EXPECT_NEAR(equivalenceP(240, 0, 160, 0.05), 1 - 0.020613, 1e-5);
  // Every game drawn: the variance floor 1/(4n) gives standard error 1/(2n) = 0.0125, z = 4.
  EXPECT_NEAR(equivalenceP(0, 40, 0, 0.05), 3.1671e-5, 1e-8);
  EXPECT_DOUBLE_EQ(equivalenceP(0, 0, 0, 0.05), 1.0);
}

TEST(BalanceVerdict, EveryVerdict) {
  EXPECT_EQ(balanceTest(200, 0, 200, 0.05).verdict, Verdict::kBalanced);
  EXPECT_EQ(balanceTest(30, 0, 10, 0.05).verdict, Verdict::kSide0Favoured);
  EXPECT_EQ(balanceTest(10, 0, 30, 0.05).verdict, Verdict::kSide1Favoured);
  EXPECT_EQ(balanceTest(12, 0, 8, 0.05).verdict, Verdict::kUndecided);
  // 50-50 is not yet balanced within 0.05 (p 0.159), but it is within 0.1 (z = 2).
  EXPECT_EQ(balanceTest(50, 0, 50, 0.05).verdict, Verdict::kUndecided);
  EXPECT_EQ(balanceTest(50, 0, 50, 0.10).verdict, Verdict::kBalanced);
  // A tiny but certain edge is still balanced when it lies within the margin: 0.52 over 4000 games.
  const BalanceTest tiny = balanceTest(2080, 0, 1920, 0.05);
  EXPECT_LT(tiny.signP, 0.05);
  EXPECT_EQ(tiny.verdict, Verdict::kBalanced);
  // A stricter level turns a settled verdict back to undecided: sign p 0.0022.
  EXPECT_EQ(balanceTest(30, 0, 10, 0.05, 0.001).verdict, Verdict::kUndecided);
  EXPECT_EQ(verdictName(Verdict::kSide1Favoured, "attackers", "defenders"), "defenders favoured");
}

TEST(BalanceVerdict, EachLookOfASequentialStudyIsReadAtAlphaOverTheLooks) {
  // Looks at 40, 80, ..., 400: 10 looks.
  EXPECT_DOUBLE_EQ(perLookAlpha(0.05, 40, 400, 40), 0.005);
  // Looks at 40, 80, 100 (capped at max_games): 3 looks.
  EXPECT_DOUBLE_EQ(perLookAlpha(0.05, 40, 100, 40), 0.05 / 3);
  EXPECT_DOUBLE_EQ(perLookAlpha(0.05, 40, 40, 40), 0.05);
}

}  // namespace
}  // namespace tz
