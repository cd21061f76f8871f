#include <gtest/gtest.h>

#include <cmath>

#include "training/matches/stats.h"

namespace tz {
namespace {

TEST(Stats, NormalQuantile) {
  EXPECT_NEAR(normalQuantile(0.95), 1.959964, 1e-6);
  EXPECT_NEAR(normalQuantile(0.99), 2.575829, 1e-6);
}

TEST(Stats, WilsonIntervalKnownValues) {
  const Estimate e = wilsonInterval(7, 10);
  EXPECT_DOUBLE_EQ(e.value, 0.7);
  EXPECT_NEAR(e.low, 0.3968, 5e-5);
  EXPECT_NEAR(e.high, 0.8922, 5e-5);
  const Estimate all = wilsonInterval(10, 10);
  EXPECT_NEAR(all.low, 0.7225, 5e-5);
  EXPECT_DOUBLE_EQ(all.high, 1.0);
  const Estimate none = wilsonInterval(0, 20);
  EXPECT_DOUBLE_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.1611, 5e-5);
}

TEST(Stats, ScoreIntervalFromPerGameVariance) {
  // 6 wins, 2 draws, 2 losses: mean 0.7, per-game variance 0.16, se sqrt(0.016).
  const Estimate e = scoreInterval(6, 2, 2);
  EXPECT_DOUBLE_EQ(e.value, 0.7);
  EXPECT_NEAR(e.low, 0.7 - 1.959964 * std::sqrt(0.016), 1e-6);
  EXPECT_NEAR(e.high, 0.7 + 1.959964 * std::sqrt(0.016), 1e-6);
  // Clipped to [0, 1].
  EXPECT_DOUBLE_EQ(scoreInterval(9, 0, 1).high, 1.0);
  // Every game alike: the Wilson interval of the score.
  const Estimate all = scoreInterval(10, 0, 0);
  EXPECT_DOUBLE_EQ(all.value, 1.0);
  EXPECT_NEAR(all.low, 0.7225, 5e-5);
  const Estimate draws = scoreInterval(0, 4, 0);
  EXPECT_DOUBLE_EQ(draws.value, 0.5);
  EXPECT_LT(draws.low, 0.5);
  EXPECT_GT(draws.high, 0.5);
  const Estimate empty = scoreInterval(0, 0, 0);
  EXPECT_EQ(empty.value, 0.0);
}

TEST(Stats, EloScale) {
  EXPECT_NEAR(eloFromScore(0.75), 190.85, 0.005);
  EXPECT_NEAR(eloFromScore(0.25), -190.85, 0.005);
  EXPECT_DOUBLE_EQ(eloFromScore(0.5), 0.0);
  EXPECT_NEAR(scoreFromElo(400), 10.0 / 11.0, 1e-12);
  for (double s : {0.1, 0.37, 0.5, 0.9}) EXPECT_NEAR(scoreFromElo(eloFromScore(s)), s, 1e-12);
  EXPECT_TRUE(std::isinf(eloFromScore(1.0)) && eloFromScore(1.0) > 0);
  EXPECT_TRUE(std::isinf(eloFromScore(0.0)) && eloFromScore(0.0) < 0);
}

TEST(Stats, EloIntervalFollowsTheScoreInterval) {
  const Estimate elo = eloInterval(scoreInterval(6, 2, 2));
  EXPECT_NEAR(elo.value, eloFromScore(0.7), 1e-9);
  EXPECT_LT(elo.low, elo.value);
  EXPECT_GT(elo.high, elo.value);
  EXPECT_NEAR(elo.low, eloFromScore(0.7 - 1.959964 * std::sqrt(0.016)), 1e-3);
}

}  // namespace
}  // namespace tz
