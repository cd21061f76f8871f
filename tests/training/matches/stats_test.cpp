#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

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

TEST(Stats, ScoreIntervalIsTheScoreTestInterval) {
  // Without draws it is the Wilson interval.
  const Estimate seven = scoreInterval(7, 0, 3), wilson = wilsonInterval(7, 10);
  EXPECT_DOUBLE_EQ(seven.value, 0.7);
  EXPECT_NEAR(seven.low, wilson.low, 1e-9);
  EXPECT_NEAR(seven.high, wilson.high, 1e-9);
  const Estimate all = scoreInterval(10, 0, 0);
  EXPECT_DOUBLE_EQ(all.value, 1.0);
  EXPECT_NEAR(all.low, 0.7225, 5e-5);
  EXPECT_DOUBLE_EQ(all.high, 1.0);
  // 40 draws: at 0.5 +- d the best trinomial has variance d/2 - d^2, so the bound solves
  // 40 d / (1/2 - d) = z^2: d = z^2 / 2 / (40 + z^2) = 0.043812.
  const double z2 = 1.959964 * 1.959964, d = z2 / 2 / (40 + z2);
  const Estimate draws = scoreInterval(0, 40, 0);
  EXPECT_DOUBLE_EQ(draws.value, 0.5);
  EXPECT_NEAR(draws.low, 0.5 - d, 1e-6);
  EXPECT_NEAR(draws.high, 0.5 + d, 1e-6);
  // The score statistic at the estimate is 0, and the interval's bounds are where it is +-z.
  const Estimate mixed = scoreInterval(6, 2, 2);
  EXPECT_DOUBLE_EQ(scoreZ(6, 2, 2, 0.7), 0.0);
  EXPECT_NEAR(scoreZ(6, 2, 2, mixed.low), 1.959964, 1e-6);
  EXPECT_NEAR(scoreZ(6, 2, 2, mixed.high), -1.959964, 1e-6);
  const Estimate empty = scoreInterval(0, 0, 0);
  EXPECT_EQ(empty.value, 0.0);
}

TEST(Stats, ScoreIntervalIsMonotone) {
  // The old interval (Wald, Wilson only when all games were alike) gave 0/40 an upper bound of
  // 0.088 but 1/40 one of 0.073. Now every bound rises when a loss becomes a draw or a draw
  // becomes a win, over every result of 40 games.
  EXPECT_LT(scoreInterval(0, 0, 40).high, scoreInterval(1, 0, 39).high);
  EXPECT_NEAR(scoreInterval(1, 0, 39).high, wilsonInterval(1, 40).high, 1e-9);  // 0.1288
  constexpr int n = 40;
  for (int w = 0; w <= n; ++w) {
    for (int dr = 0; w + dr <= n; ++dr) {
      const int l = n - w - dr;
      const Estimate e = scoreInterval(w, dr, l);
      EXPECT_LE(e.low, e.value);
      EXPECT_GE(e.high, e.value);
      if (l > 0) {
        const Estimate up = scoreInterval(w, dr + 1, l - 1);  // a loss turned into a draw
        EXPECT_GE(up.low, e.low - 1e-12) << w << " " << dr << " " << l;
        EXPECT_GE(up.high, e.high - 1e-12) << w << " " << dr << " " << l;
      }
      if (dr > 0) {
        const Estimate up = scoreInterval(w + 1, dr - 1, l);  // a draw turned into a win
        EXPECT_GE(up.low, e.low - 1e-12) << w << " " << dr << " " << l;
        EXPECT_GE(up.high, e.high - 1e-12) << w << " " << dr << " " << l;
      }
    }
  }
}

// The exact coverage of the 95% score interval for n games from a trinomial with score s and
// draw rate d: the probability of every (wins, draws, losses) whose interval holds s.
double coverage(int n, double s, double d) {
  const double pw = s - d / 2, pl = 1 - s - d / 2;
  double covered = 0;
  for (int w = 0; w <= n; ++w) {
    for (int dr = 0; w + dr <= n; ++dr) {
      const int l = n - w - dr;
      const double logP = std::lgamma(n + 1.0) - std::lgamma(w + 1.0) - std::lgamma(dr + 1.0) - std::lgamma(l + 1.0) +
                          (w ? w * std::log(pw) : 0) + (dr ? dr * std::log(d) : 0) + (l ? l * std::log(pl) : 0);
      const Estimate e = scoreInterval(w, dr, l);
      if (e.low <= s && s <= e.high) covered += std::exp(logP);
    }
  }
  return covered;
}

TEST(Stats, ScoreIntervalCoversNearItsLevel) {
  // Exact coverage over scores 0.05..0.95 and draw rates 0, 30% and 60% at 20, 40 and 100
  // games: on average at least 0.945 and nowhere below 0.90 (the old Wald interval covers
  // 0.05 at 40 games without draws only 0.87 of the time).
  double sum = 0, lowest = 1;
  int cases = 0;
  for (const int n : {20, 40, 100}) {
    for (const double d : {0.0, 0.3, 0.6}) {
      for (double s = 0.05; s < 0.96; s += 0.05) {
        if (s - d / 2 <= 0 || 1 - s - d / 2 <= 0) continue;  // no such trinomial
        const double c = coverage(n, s, d);
        sum += c;
        lowest = std::min(lowest, c);
        ++cases;
      }
    }
  }
  std::printf("score interval coverage over %d cases: mean %.4f, lowest %.4f\n", cases, sum / cases, lowest);
  EXPECT_GE(sum / cases, 0.945);
  EXPECT_GE(lowest, 0.90);
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
  const Estimate score = scoreInterval(6, 2, 2), elo = eloInterval(score);
  EXPECT_NEAR(elo.value, eloFromScore(0.7), 1e-9);
  EXPECT_LT(elo.low, elo.value);
  EXPECT_GT(elo.high, elo.value);
  EXPECT_NEAR(elo.low, eloFromScore(score.low), 1e-9);
}

}  // namespace
}  // namespace tz
