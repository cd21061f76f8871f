// The joint Elo fit, the comparison tests and the SVG charts against known values.
#include <gtest/gtest.h>

#include <cmath>

#include "training/matches/hypothesis.h"
#include "training/matches/ratings.h"
#include "training/charts/svg_chart.h"

namespace tz::test {
namespace {

TEST(Ratings, TwoPlayersMatchTheLogisticFormula) {
  // 75% score: 400 * log10(3) = 190.85 Elo.
  auto r = fitRatings(2, {{1, 0, 75, 0, 25}}, 0, 0.0);
  EXPECT_NEAR(r[1].elo, 190.85, 0.01);
  EXPECT_EQ(r[0].elo, 0.0);
  // Draws count half: 50 wins, 50 draws, 0 losses is the same 75%.
  auto d = fitRatings(2, {{1, 0, 50, 50, 0}}, 0, 0.0);
  EXPECT_NEAR(d[1].elo, 190.85, 0.01);
  // Standard error: 400/ln10 / sqrt(n p (1-p)) = 173.72 / sqrt(18.75) = 40.12.
  EXPECT_NEAR(r[1].stderr, 40.12, 0.05);
}

TEST(Ratings, ChainsAreTransitiveAndFitUsesAllGames) {
  // A beats anchor at 75%, B beats A at 75%: B about 381.7 above the anchor.
  auto r = fitRatings(3, {{1, 0, 75, 0, 25}, {2, 1, 75, 0, 25}}, 0, 0.0);
  EXPECT_NEAR(r[1].elo, 190.85, 0.5);
  EXPECT_NEAR(r[2].elo, 381.7, 1.0);
  // A direct result between B and the anchor pulls B towards it.
  auto s = fitRatings(3, {{1, 0, 75, 0, 25}, {2, 1, 75, 0, 25}, {2, 0, 50, 0, 50}}, 0, 0.0);
  EXPECT_LT(s[2].elo, r[2].elo);
  EXPECT_GT(s[2].elo, 0);
}

TEST(Ratings, PerfectScoresStayFiniteWithThePriorAndUnlinkedPlayersAreNaN) {
  auto r = fitRatings(3, {{1, 0, 20, 0, 0}});
  EXPECT_TRUE(std::isfinite(r[1].elo));
  EXPECT_GT(r[1].elo, 200);
  EXPECT_TRUE(std::isnan(r[2].elo));
}

TEST(Hypothesis, ChiSquareKnownTable) {
  auto c = chiSquareTest({{10, 20}, {20, 10}});
  EXPECT_NEAR(c.statistic, 6.6667, 1e-3);
  EXPECT_EQ(c.dof, 1);
  EXPECT_NEAR(c.p, 0.009823, 1e-5);
  // Three outcomes: dof 2, survival exp(-x/2).
  auto t = chiSquareTest({{30, 20, 0}, {20, 30, 0}});  // empty column dropped
  EXPECT_EQ(t.dof, 1);
  auto u = chiSquareTest({{10, 10, 10}, {10, 10, 10}});
  EXPECT_NEAR(u.statistic, 0, 1e-12);
  EXPECT_NEAR(u.p, 1.0, 1e-12);
}

TEST(Hypothesis, FisherExactKnownTable) {
  // The classic example: {{1, 9}, {11, 3}} has two-sided p = 0.002759.
  EXPECT_NEAR(fisherExact(1, 9, 11, 3), 0.002759, 2e-6);
  EXPECT_NEAR(fisherExact(5, 5, 5, 5), 1.0, 1e-9);
}

TEST(Hypothesis, HolmAdjustment) {
  auto a = holmAdjust({0.01, 0.04, 0.03, 0.005});
  EXPECT_NEAR(a[0], 0.03, 1e-12);
  EXPECT_NEAR(a[1], 0.06, 1e-12);
  EXPECT_NEAR(a[2], 0.06, 1e-12);
  EXPECT_NEAR(a[3], 0.02, 1e-12);
}

TEST(SvgChart, DrawsSeriesErrorBarsAndLegend) {
  Chart c{"Balance", "variant", "attacker wins", {"a", "b"}, {}, true, 0, 1, {0.5}};
  Series s{"attackers", {}, {0.4, 0.6}, {0.3, 0.5}, {0.5, 0.7}, Series::kPoints};
  Series t{"defenders", {}, {0.6, 0.4}, {}, {}, Series::kBars};
  c.series = {s, t};
  const std::string svg = renderSvg(c);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_EQ(std::count(svg.begin(), svg.end(), '\n') > 10, true);
  EXPECT_NE(svg.find(">attackers<"), std::string::npos);
  EXPECT_NE(svg.find(">defenders<"), std::string::npos);
  EXPECT_NE(svg.find("<circle"), std::string::npos);
  EXPECT_NE(svg.find("stroke-dasharray"), std::string::npos);
}

}  // namespace
}  // namespace tz::test
