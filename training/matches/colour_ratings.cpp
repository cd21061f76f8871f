#include "training/matches/colour_ratings.h"

#include <algorithm>
#include <cmath>

#include "game/base/error.h"

namespace tz {

bool ColourRating::rated() const { return std::isfinite(side[0].elo) && std::isfinite(side[1].elo); }

namespace {

// Side 0's expected score at a colour advantage of `elo`.
double expectedScore(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

}  // namespace

ColourRatings fitColourRatings(int players, const std::vector<ColourResult>& results, int anchor,
                               double priorGames) {
  if (anchor < 0 || anchor >= players) throw Error("colour rating anchor " + std::to_string(anchor) + " out of range");
  // Colour-player i is player i on side 0, colour-player players + j is player j on side 1.
  std::vector<PairResult> pairs;
  for (const ColourResult& r : results) {
    if (r.side0 < 0 || r.side1 < 0 || r.side0 >= players || r.side1 >= players) {
      throw Error("colour rating result between players " + std::to_string(r.side0) + " and " +
                  std::to_string(r.side1) + " is out of range");
    }
    pairs.push_back({r.side0, players + r.side1, r.wins, r.draws, r.losses});
  }
  const int defender = players + anchor;
  const RatingFit fit = fitRatingsWithCovariance(2 * players, pairs, defender, priorGames);
  const auto& elo = fit.ratings;
  const auto& cov = fit.covariance;
  ColourRatings out;
  out.players.resize(size_t(players));
  for (int i = 0; i < players; ++i) {
    Rating& attack = out.players[size_t(i)].side[0];
    attack.elo = elo[size_t(i)].elo - elo[size_t(anchor)].elo;
    attack.stderr = std::sqrt(std::max(0.0, cov[i][i] + cov[anchor][anchor] - 2 * cov[i][anchor]));
    if (std::isnan(attack.elo)) attack.stderr = attack.elo;
    attack.games = elo[size_t(i)].games;
    out.players[size_t(i)].side[1] = elo[size_t(players + i)];
  }
  out.anchorAdvantage = elo[size_t(anchor)];
  const double z = normalQuantile(0.95), a = out.anchorAdvantage.elo, se = out.anchorAdvantage.stderr;
  out.anchorScore = {expectedScore(a), expectedScore(a - z * se), expectedScore(a + z * se)};
  return out;
}

}  // namespace tz
