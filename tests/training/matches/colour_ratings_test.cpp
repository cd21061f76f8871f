// The fit of ratings by colour against simulated games of known skills, against the single
// rating fit when colour makes no difference, and its "not rated" cases.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "game/base/error.h"
#include "training/matches/colour_ratings.h"

namespace tz::test {
namespace {

constexpr double kEloPerNat = 400.0 / 2.302585092994046;

double logistic(double x) { return 1 / (1 + std::exp(-x)); }

// `games` simulated games for every ordered pair (i on side 0, j on side 1), self-play
// included, with side 0's expected score logistic(a[i] - d[j]) (natural-log units): a fifth
// of the games drawn, the rest won or lost.
std::vector<ColourResult> simulate(const std::vector<double>& a, const std::vector<double>& d, int games,
                                   unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<ColourResult> out;
  for (int i = 0; i < int(a.size()); ++i) {
    for (int j = 0; j < int(d.size()); ++j) {
      const double p = logistic(a[size_t(i)] - d[size_t(j)]);  // needs 0.1 <= p <= 0.9
      ColourResult r{i, j, 0, 0, 0};
      for (int g = 0; g < games; ++g) {
        const double x = u(rng);
        if (x < p - 0.1) r.wins += 1;
        else if (x < p + 0.1) r.draws += 1;
        else r.losses += 1;
      }
      out.push_back(r);
    }
  }
  return out;
}

TEST(ColourRatings, RecoversKnownSkillsFromSimulatedGames) {
  const std::vector<double> a{0.4, 0.9, -0.3}, d{0.0, 0.6, -0.5};
  const ColourRatings fit = fitColourRatings(3, simulate(a, d, 400, 7));
  ASSERT_EQ(fit.players.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(fit.players[size_t(i)].rated()) << i;
    const Rating& side0 = fit.players[size_t(i)].side[0];
    const Rating& side1 = fit.players[size_t(i)].side[1];
    const double trueSide0 = (a[size_t(i)] - a[0]) * kEloPerNat, trueSide1 = (d[size_t(i)] - d[0]) * kEloPerNat;
    if (i == 0) {
      EXPECT_EQ(side0.elo, 0.0);
      EXPECT_EQ(side1.elo, 0.0);
      continue;
    }
    EXPECT_GT(side0.stderr, 5);
    EXPECT_LT(side0.stderr, 40);
    EXPECT_NEAR(side0.elo, trueSide0, 3 * side0.stderr) << i;
    EXPECT_NEAR(side1.elo, trueSide1, 3 * side1.stderr) << i;
    EXPECT_EQ(side0.games, 1200);
    EXPECT_EQ(side1.games, 1200);
  }
  // The colour difference is found: player 1's side-0 and side-1 ratings are far apart.
  EXPECT_GT(fit.players[1].side[0].elo - fit.players[2].side[0].elo, 150);
  const double advantage = (a[0] - d[0]) * kEloPerNat;
  EXPECT_NEAR(fit.anchorAdvantage.elo, advantage, 3 * fit.anchorAdvantage.stderr);
  EXPECT_LT(fit.anchorScore.low, logistic(a[0] - d[0]));
  EXPECT_GT(fit.anchorScore.high, logistic(a[0] - d[0]));
  EXPECT_GT(fit.anchorScore.low, 0.5);  // side 0 is favoured and the games show it
}

TEST(ColourRatings, WithoutAColourDifferenceMatchTheSingleRatingFit) {
  // Exact expected results (no noise): both fits recover the generating skills, so each
  // colour's rating equals the single rating and the colour advantage is nil.
  const std::vector<double> skill{0.0, 0.7, -0.4};
  std::vector<ColourResult> byColour;
  std::vector<PairResult> pairs;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const double p = logistic(skill[size_t(i)] - skill[size_t(j)]);
      byColour.push_back({i, j, 100 * p, 0, 100 * (1 - p)});
      if (i != j) pairs.push_back({i, j, 100 * p, 0, 100 * (1 - p)});
    }
  }
  const ColourRatings colour = fitColourRatings(3, byColour, 0, 0.0);
  const std::vector<Rating> single = fitRatings(3, pairs, 0, 0.0);
  for (int i = 1; i < 3; ++i) {
    EXPECT_NEAR(single[size_t(i)].elo, skill[size_t(i)] * kEloPerNat, 1e-3);
    EXPECT_NEAR(colour.players[size_t(i)].side[0].elo, single[size_t(i)].elo, 1e-3) << i;
    EXPECT_NEAR(colour.players[size_t(i)].side[1].elo, single[size_t(i)].elo, 1e-3) << i;
    // Each colour is fitted from half the games: its error is wider than the single one's.
    EXPECT_GT(colour.players[size_t(i)].side[0].stderr, single[size_t(i)].stderr);
  }
  EXPECT_NEAR(colour.anchorAdvantage.elo, 0, 1e-3);
  EXPECT_NEAR(colour.anchorScore.value, 0.5, 1e-6);
  // With noise, the fit finds no colour advantage where there is none.
  const ColourRatings noisy = fitColourRatings(3, simulate(skill, skill, 400, 11));
  EXPECT_LT(noisy.anchorScore.low, 0.5);
  EXPECT_GT(noisy.anchorScore.high, 0.5);
  for (int i = 1; i < 3; ++i) {
    const ColourRating& c = noisy.players[size_t(i)];
    EXPECT_NEAR(c.side[0].elo, c.side[1].elo, 3 * std::hypot(c.side[0].stderr, c.side[1].stderr)) << i;
  }
}

TEST(ColourRatings, ErrorsOfAChainAddUpAlongItsLinks) {
  // Three links, each its own logit: a0 - d0 = l00, a0 - d1 = l01, a1 - d1 = l11. So player 1's
  // side-0 rating a1 - a0 = l11 - l01, its side-1 rating d1 - d0 = l00 - l01, the anchor's
  // advantage l00; each variance is the sum of its links' 1 / (n p (1 - p)).
  const double p00 = 0.6, p01 = 0.7, p11 = 0.4, n = 200;
  const ColourRatings fit = fitColourRatings(
      2, {{0, 0, n * p00, 0, n * (1 - p00)}, {0, 1, n * p01, 0, n * (1 - p01)}, {1, 1, n * p11, 0, n * (1 - p11)}}, 0, 0.0);
  const auto logit = [](double p) { return std::log(p / (1 - p)); };
  const auto variance = [&](double p) { return 1 / (n * p * (1 - p)); };
  EXPECT_NEAR(fit.players[1].side[0].elo, (logit(p11) - logit(p01)) * kEloPerNat, 1e-3);
  EXPECT_NEAR(fit.players[1].side[0].stderr, std::sqrt(variance(p11) + variance(p01)) * kEloPerNat, 1e-3);
  EXPECT_NEAR(fit.players[1].side[1].elo, (logit(p00) - logit(p01)) * kEloPerNat, 1e-3);
  EXPECT_NEAR(fit.players[1].side[1].stderr, std::sqrt(variance(p00) + variance(p01)) * kEloPerNat, 1e-3);
  EXPECT_NEAR(fit.anchorAdvantage.elo, logit(p00) * kEloPerNat, 1e-3);
  EXPECT_NEAR(fit.anchorAdvantage.stderr, std::sqrt(variance(p00)) * kEloPerNat, 1e-3);
  EXPECT_NEAR(fit.anchorScore.value, p00, 1e-6);
  const double half = 1.959964 * std::sqrt(variance(p00));
  EXPECT_NEAR(fit.anchorScore.low, logistic(logit(p00) - half), 1e-5);
  EXPECT_NEAR(fit.anchorScore.high, logistic(logit(p00) + half), 1e-5);
}

TEST(ColourRatings, PlayersNotConnectedToTheAnchorAreNotRated) {
  // Two players, each once on each side against the other and never against itself: the games
  // link player 1's side 0 with the anchor's side 1, but not the anchor's side 0, so nothing
  // is measured against the anchor's colours.
  const std::vector<ColourResult> cross{{0, 1, 30, 10, 20}, {1, 0, 25, 10, 25}};
  const ColourRatings apart = fitColourRatings(3, cross);
  for (const ColourRating& c : apart.players) EXPECT_FALSE(c.rated());
  EXPECT_TRUE(std::isnan(apart.anchorAdvantage.elo));
  EXPECT_TRUE(std::isnan(apart.anchorScore.value));
  EXPECT_TRUE(std::isnan(apart.players[1].side[0].stderr));
  // The anchor's games against itself pin its colour advantage and connect player 1; player 2
  // has no games and stays unrated.
  std::vector<ColourResult> linked = cross;
  linked.push_back({0, 0, 40, 10, 10});
  const ColourRatings joined = fitColourRatings(3, linked);
  EXPECT_TRUE(joined.players[0].rated());
  EXPECT_TRUE(joined.players[1].rated());
  EXPECT_FALSE(joined.players[2].rated());
  EXPECT_TRUE(std::isnan(joined.players[2].side[0].elo));
  EXPECT_GT(joined.anchorScore.value, 0.5);
  EXPECT_TRUE(std::isfinite(joined.anchorAdvantage.stderr));
}

TEST(ColourRatings, PerfectScoresStayFiniteAndBadIndicesThrow) {
  const ColourRatings fit = fitColourRatings(2, {{0, 0, 20, 0, 0}, {0, 1, 20, 0, 0}, {1, 0, 0, 0, 20}, {1, 1, 20, 0, 0}});
  for (const ColourRating& c : fit.players) EXPECT_TRUE(c.rated());
  EXPECT_TRUE(std::isfinite(fit.anchorAdvantage.elo));
  EXPECT_GT(fit.anchorScore.value, 0.8);
  EXPECT_THROW(fitColourRatings(2, {{0, 2, 1, 0, 0}}), Error);
  EXPECT_THROW(fitColourRatings(2, {}, 2), Error);
}

}  // namespace
}  // namespace tz::test
