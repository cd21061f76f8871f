// The trend of balance over Elo against values computed by hand: a logistic regression
// through two points is exact, and its covariance is the inverse of the weighted design.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "training/balance/elo_trend.h"

namespace tz {
namespace {

const double kLogit1 = 1 / (1 + std::exp(-1.0));  // logistic(1) = 0.7310586

TEST(EloTrend, TwoPointsAreFittedExactly) {
  // Scores 0.5 at Elo 0 and logistic(1) at Elo 100, 100 games each: intercept 0, slope 1.
  const Trend t = fitTrend({{0, 0.5, 100}, {100, kLogit1, 100}});
  ASSERT_TRUE(t.fitted);
  EXPECT_NEAR(t.intercept, 0, 1e-9);
  EXPECT_NEAR(t.slope, 1, 1e-9);
  // Weights n mu (1 - mu): 25 and 19.66119; var(slope) = 1/w1 + 1/w2, var(intercept) = 1/w1.
  const double w2 = 100 * kLogit1 * (1 - kLogit1);
  EXPECT_NEAR(t.cov[1][1], 1 / 25.0 + 1 / w2, 1e-9);
  EXPECT_NEAR(t.cov[0][0], 1 / 25.0, 1e-9);
  const double se = std::sqrt(1 / 25.0 + 1 / w2);
  EXPECT_NEAR(t.slopeInterval.low, 1 - 1.959964 * se, 1e-6);
  EXPECT_NEAR(t.slopeInterval.high, 1 + 1.959964 * se, 1e-6);
  // Wald z = 1 / 0.30143 = 3.3175: p = 0.000908.
  EXPECT_NEAR(t.slopeP, 0.000908, 0.00001);
  // The fitted score at Elo 0: 0.5, interval logistic(+-1.96 * 0.2).
  const Estimate at0 = trendScore(t, 0);
  EXPECT_NEAR(at0.value, 0.5, 1e-9);
  EXPECT_NEAR(at0.low, 1 / (1 + std::exp(1.959964 * 0.2)), 1e-6);
}

TEST(EloTrend, FlatResultsGiveNoSlope) {
  const Trend t = fitTrend({{0, 0.5, 200}, {150, 0.5, 200}, {300, 0.5, 200}});
  ASSERT_TRUE(t.fitted);
  EXPECT_NEAR(t.slope, 0, 1e-9);
  EXPECT_NEAR(t.slopeP, 1, 1e-9);
}

TEST(EloTrend, TooLittleOrSeparatedDataIsNotFitted) {
  EXPECT_FALSE(fitTrend({}).fitted);
  EXPECT_FALSE(fitTrend({{0, 0.4, 50}, {0, 0.6, 50}}).fitted);         // one Elo value
  EXPECT_FALSE(fitTrend({{0, 0.4, 50}, {100, 0.6, 0}}).fitted);        // one with games
  EXPECT_FALSE(fitTrend({{0, 0.0, 50}, {100, 1.0, 50}}).fitted);       // perfect separation
}

TEST(EloTrend, TwoPointsCannotMeasureTheirScatter) {
  const Trend t = fitTrend({{0, 0.5, 100}, {100, kLogit1, 100}});
  EXPECT_EQ(t.residualDf, 0);
  EXPECT_DOUBLE_EQ(t.dispersion, 1);
}

TEST(EloTrend, ScatterBeyondTheGamesWidensTheSlopesInterval) {
  // The alpha-beta ladder of docs/BALANCE.md: scores that zig-zag with the depth's parity
  // (0.28, 0.79, 0.31, 0.85 over rising Elo, 400 games each). Binomial errors alone call
  // the slope certain (z about 8); the scatter about the line is 20-40 times what 400
  // games explain, and on t with 2 df the slope is not shown.
  const std::vector<TrendPoint> zigzag = {{0, 0.28, 400}, {150, 0.79, 400}, {177, 0.31, 400}, {320, 0.85, 400}};
  const Trend t = fitTrend(zigzag);
  ASSERT_TRUE(t.fitted);
  EXPECT_EQ(t.residualDf, 2);
  EXPECT_GT(t.dispersion, 10);
  EXPECT_GT(t.slope, 0);
  const double binomialZ = t.slope / std::sqrt(t.cov[1][1] / t.dispersion);
  EXPECT_GT(binomialZ, 3.5) << "the old Wald test would have called it p < 0.001";
  EXPECT_GT(t.slopeP, 0.05);
  EXPECT_LT(t.slopeInterval.low, 0);
  // Points on the line with binomial noise only: no dispersion beyond 1, the slope shown.
  const Trend clean = fitTrend({{0, 0.40, 400}, {100, 0.47, 400}, {200, 0.56, 400}, {300, 0.62, 400}});
  ASSERT_TRUE(clean.fitted);
  EXPECT_LT(clean.dispersion, 1.5);
  EXPECT_LT(clean.slopeP, 0.05);
}

TEST(EloTrend, AnElosStandardErrorWidensTheSlopesInterval) {
  const std::vector<TrendPoint> exact = {{0, 0.40, 400}, {100, 0.47, 400}, {200, 0.56, 400}, {300, 0.62, 400}};
  std::vector<TrendPoint> uncertain = exact;
  for (TrendPoint& p : uncertain) p.eloStderr = 40;
  const Trend a = fitTrend(exact), b = fitTrend(uncertain);
  ASSERT_TRUE(a.fitted && b.fitted);
  EXPECT_GT(b.slopeInterval.high - b.slopeInterval.low, a.slopeInterval.high - a.slopeInterval.low);
  EXPECT_NEAR(a.slope, b.slope, 0.05);
}

TEST(EloTrend, ConvergenceAsksWhetherTheTopThreeRungsStillMove) {
  // A score still rising over the top three rungs (0.40, 0.47, 0.55): not converged.
  const Convergence rising =
      convergence({{0, 0.30, 400}, {100, 0.40, 400}, {200, 0.47, 400}, {300, 0.55, 400}}, 0.05, {1, 2});
  ASSERT_TRUE(rising.measured);
  EXPECT_DOUBLE_EQ(rising.fromElo, 100);
  EXPECT_DOUBLE_EQ(rising.toElo, 300);
  EXPECT_NEAR(rising.change.value, 0.15, 0.01);
  EXPECT_FALSE(rising.converged);
  // With a study's scatter on 16 df, the rise is shown: the score is still moving.
  EXPECT_TRUE(convergence({{0, 0.30, 400}, {100, 0.40, 400}, {200, 0.47, 400}, {300, 0.55, 400}}, 0.05, {1, 16}).moving);
  // A flat top with many games: the change is shown within the margin.
  const Convergence flat =
      convergence({{0, 0.20, 4000}, {100, 0.52, 20000}, {200, 0.52, 20000}, {300, 0.52, 20000}}, 0.05, {1, 2});
  ASSERT_TRUE(flat.measured);
  EXPECT_NEAR(flat.change.value, 0, 1e-6);
  EXPECT_TRUE(flat.converged);
  // The same flat top from 400 games a rung: on 1 degree of freedom it is not shown.
  EXPECT_FALSE(convergence({{100, 0.52, 400}, {200, 0.52, 400}, {300, 0.52, 400}}, 0.05, {1, 1}).converged);
  // Fewer than three rungs cannot say.
  EXPECT_FALSE(convergence({{100, 0.52, 400}, {300, 0.52, 400}}, 0.05, {1, 1}).measured);
}

TEST(EloTrend, ThePooledDispersionIsTheTrendsScatterOverTheirDegreesOfFreedom) {
  // Two trends of four points (2 df each) and one of two (no df): X^2 summed over df summed.
  const Trend a = fitTrend({{0, 0.40, 400}, {100, 0.50, 400}, {200, 0.47, 400}, {300, 0.58, 400}});
  const Trend b = fitTrend({{0, 0.30, 100}, {100, 0.45, 100}, {200, 0.35, 100}, {300, 0.50, 100}});
  const Trend two = fitTrend({{0, 0.5, 100}, {100, 0.6, 100}});
  ASSERT_TRUE(a.fitted && b.fitted && two.fitted);
  EXPECT_GT(a.pearson, 0);
  EXPECT_DOUBLE_EQ(a.dispersion, std::max(1.0, a.pearson / 2));
  const Dispersion d = pooledDispersion({a, b, two, Trend{}});
  EXPECT_EQ(d.df, 4);
  EXPECT_DOUBLE_EQ(d.value, std::max(1.0, (a.pearson + b.pearson) / 4));
  // Points on their lines: floored at 1; no degrees of freedom: 1 on 0 df.
  const Dispersion exact = pooledDispersion({fitTrend({{0, 0.5, 100}, {100, kLogit1, 100}, {200, 0.8807970779778823, 100}})});
  EXPECT_EQ(exact.df, 1);
  EXPECT_DOUBLE_EQ(exact.value, 1);
  EXPECT_EQ(pooledDispersion({two}).df, 0);
  EXPECT_DOUBLE_EQ(pooledDispersion({two}).value, 1);
}

TEST(EloTrend, ConvergenceBorrowsTheDispersionOfTheWholeStudy) {
  // A flat top of 1000 games a rung. On its own single degree of freedom (t 6.31 at 90%) the
  // change's interval reaches past +-0.05; with the scatter of a study's 8 trends of four rungs
  // (16 df, t 1.75) it lies within: the score has stopped moving.
  const std::vector<TrendPoint> top{{100, 0.52, 1000}, {200, 0.52, 1000}, {300, 0.52, 1000}};
  const Convergence alone = convergence(top, 0.05, {1, 1});
  const Convergence pooled = convergence(top, 0.05, {1, 16});
  ASSERT_TRUE(alone.measured && pooled.measured);
  EXPECT_FALSE(alone.converged);
  EXPECT_TRUE(pooled.converged);
  EXPECT_EQ(pooled.dispersion.df, 16);
  // The half-widths stand as their t quantiles (12.706 and 2.120 at 95%) and scale with the
  // square root of the dispersion.
  const double halfAlone = alone.change.high - alone.change.value, halfPooled = pooled.change.high - pooled.change.value;
  EXPECT_NEAR(halfAlone / halfPooled, 12.7062047 / 2.1199053, 1e-6);
  const Convergence scattered = convergence(top, 0.05, {4, 16});
  EXPECT_NEAR((scattered.change.high - scattered.change.value) / halfPooled, 2, 1e-9);
  EXPECT_FALSE(scattered.converged);
}

TEST(EloTrend, ConvergenceTooWideForTheMarginIsNotMeasurableAndSaysTheGamesItNeeds) {
  // A flat top of 400 games a rung (the Linnaeus study's size), 16 df: the change's 90%
  // half-width exceeds the margin, so "converged" could not have come out whatever the truth.
  const std::vector<TrendPoint> top{{100, 0.45, 400}, {200, 0.45, 400}, {300, 0.45, 400}};
  const Convergence c = convergence(top, 0.05, {1, 16});
  ASSERT_TRUE(c.measured);
  EXPECT_FALSE(c.measurable);
  EXPECT_FALSE(c.moving);
  EXPECT_GT(c.halfWidth90, 0.05);
  // The games a rung would need scale as the squared ratio of half-width to margin; at those
  // games the same flat top is measurable and shown converged.
  EXPECT_NEAR(c.gamesNeeded, 400 * (c.halfWidth90 / 0.05) * (c.halfWidth90 / 0.05), 1e-6);
  const double needed = std::ceil(c.gamesNeeded * 1.1);
  const Convergence more = convergence({{100, 0.45, needed}, {200, 0.45, needed}, {300, 0.45, needed}}, 0.05, {1, 16});
  EXPECT_TRUE(more.measurable);
  EXPECT_TRUE(more.converged);
  // 20,000 games a rung: measurable, nothing needed.
  EXPECT_TRUE(convergence({{100, 0.45, 20000}, {200, 0.45, 20000}, {300, 0.45, 20000}}, 0.05, {1, 16}).measurable);
}

TEST(EloTrend, DrawsNarrowATrendsIntervalByTheirSmallerVariance) {
  // The same scores over the same games, with 60% draws: a drawn game's half point varies
  // less than a win or loss, so the slope's interval narrows (by about sqrt(1 - 0.6 / (4 s (1 - s))))).
  const std::vector<TrendPoint> decisive{{0, 0.45, 400}, {100, 0.50, 400}, {200, 0.56, 400}, {300, 0.60, 400}};
  std::vector<TrendPoint> drawn = decisive;
  for (TrendPoint& p : drawn) p.drawRate = 0.6;
  const Trend a = fitTrend(decisive), b = fitTrend(drawn);
  ASSERT_TRUE(a.fitted && b.fitted);
  EXPECT_NEAR(a.slope, b.slope, 1e-3);
  EXPECT_LT(std::sqrt(b.cov[1][1]), 0.75 * std::sqrt(a.cov[1][1]));
}

TEST(EloTrend, AConvergenceIntervalStaysWithinTheScoresRange) {
  // A zig-zag over the top three rungs with its own dispersion on 1 degree of freedom (t
  // quantile 12.7): the delta-method interval of the change would run past +-1.
  const std::vector<TrendPoint> zigzag{{100, 0.2, 40}, {200, 0.8, 40}, {300, 0.3, 40}};
  const Convergence c = convergence(zigzag, 0.05, pooledDispersion({fitTrend(zigzag)}));
  ASSERT_TRUE(c.measured);
  EXPECT_GE(c.change.low, -1);
  EXPECT_LE(c.change.high, 1);
  EXPECT_DOUBLE_EQ(c.change.low, -1);
  EXPECT_FALSE(c.converged);
}

TEST(EloTrend, TheNextBoundaryIsWhereTheFittedLineCrossesTheMargin) {
  // intercept 0, slope 1 per 100 Elo (the two exact points above): from 0.731 at Elo 100 the
  // score moves up, away from both boundaries of a 0.05 margin.
  const Trend rising = fitTrend({{0, 0.5, 100}, {100, kLogit1, 100}});
  const NextBoundary away = nextBoundary(rising, 100, 0.05);
  EXPECT_TRUE(away.measured);
  EXPECT_FALSE(away.reached);
  // From Elo -100 (score 0.269) the line reaches 0.45 at logit(0.45) = -0.2007, 79.93 Elo above.
  const NextBoundary below = nextBoundary(rising, -100, 0.05);
  ASSERT_TRUE(below.reached);
  EXPECT_DOUBLE_EQ(below.boundary, 0.45);
  EXPECT_NEAR(below.eloAbove, 100 * (std::log(0.45 / 0.55) + 1), 1e-6);
  // Along the slope's upper 95% limit it gets there sooner; the interval excludes 0.
  EXPECT_NEAR(below.soonest, 100 * (std::log(0.45 / 0.55) + 1) / rising.slopeInterval.high, 1e-6);
  EXPECT_LT(below.soonest, below.eloAbove);
  EXPECT_FALSE(below.mayNever);
  // From Elo 0 (0.5, inside the margin) the next boundary up is 0.55.
  const NextBoundary inside = nextBoundary(rising, 0, 0.05);
  ASSERT_TRUE(inside.reached);
  EXPECT_DOUBLE_EQ(inside.boundary, 0.55);
  EXPECT_NEAR(inside.eloAbove, 100 * std::log(0.55 / 0.45), 1e-6);
  // A slope whose interval holds 0 may never get there.
  const Trend weak = fitTrend({{0, 0.44, 20}, {100, 0.46, 20}, {200, 0.49, 20}});
  ASSERT_TRUE(weak.fitted);
  ASSERT_LT(weak.slopeInterval.low, 0);
  const NextBoundary maybe = nextBoundary(weak, 200, 0.05);
  ASSERT_TRUE(maybe.reached);
  EXPECT_DOUBLE_EQ(maybe.boundary, 0.55);
  EXPECT_TRUE(maybe.mayNever);
  EXPECT_FALSE(nextBoundary(Trend{}, 300, 0.05).measured);
}

TEST(EloTrend, VerdictRangesFollowTheFittedScore) {
  // Flat at 0.5 with many games: balanced over the whole range.
  const Trend flat = fitTrend({{0, 0.5, 4000}, {300, 0.5, 4000}});
  const auto one = verdictRanges(flat, 0, 300, 0.05);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].verdict, Verdict::kBalanced);
  EXPECT_DOUBLE_EQ(one[0].from, 0);
  EXPECT_DOUBLE_EQ(one[0].to, 300);
  // From defenders favoured (score 0.27 at Elo 0) to attackers favoured (0.73 at Elo 200).
  const Trend steep = fitTrend({{0, 1 - kLogit1, 400}, {200, kLogit1, 400}});
  const auto ranges = verdictRanges(steep, 0, 200, 0.05);
  ASSERT_GE(ranges.size(), 3u);
  EXPECT_EQ(ranges.front().verdict, Verdict::kSide1Favoured);
  EXPECT_EQ(ranges.back().verdict, Verdict::kSide0Favoured);
  for (size_t i = 1; i < ranges.size(); ++i) EXPECT_LT(ranges[i - 1].to, ranges[i].from);
  EXPECT_TRUE(verdictRanges(Trend{}, 0, 100, 0.05).empty());
}

TEST(EloTrend, AVerdictRangeCallsASideFavouredByTheCellsMarginRule) {
  // Flat at 0.56 over 800 games: the 95% interval excludes 0.5 but not 0.55, so the side is
  // not shown to score beyond the margin (the cells' minimum-effect rule), nor is the score
  // shown within it: undecided everywhere, not favoured.
  const Trend t = fitTrend({{0, 0.56, 400}, {300, 0.56, 400}});
  ASSERT_TRUE(t.fitted);
  const Estimate mid = trendScore(t, 150);
  ASSERT_GT(mid.low, 0.5);
  ASSERT_LT(mid.low, 0.55);
  const auto ranges = verdictRanges(t, 0, 300, 0.05);
  ASSERT_EQ(ranges.size(), 1u);
  EXPECT_EQ(ranges[0].verdict, Verdict::kUndecided);
  // Far past the margin with the same games: favoured.
  const auto far = verdictRanges(fitTrend({{0, 0.7, 400}, {300, 0.7, 400}}), 0, 300, 0.05);
  ASSERT_EQ(far.size(), 1u);
  EXPECT_EQ(far[0].verdict, Verdict::kSide0Favoured);
}

}  // namespace
}  // namespace tz
