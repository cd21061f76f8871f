#include "training/matches/ratings.h"

#include <Eigen/Dense>

#include <cmath>
#include <limits>

#include "game/base/error.h"

namespace tz {

namespace {

constexpr double kEloPerNat = 400.0 / 2.302585092994046;  // 400 / ln(10)

// Players reachable from the anchor through games played.
std::vector<bool> connected(int players, const std::vector<PairResult>& results, int anchor) {
  std::vector<bool> seen(players, false);
  seen[anchor] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& r : results) {
      if (r.wins + r.draws + r.losses <= 0) continue;
      if (seen[r.a] != seen[r.b]) {
        seen[r.a] = seen[r.b] = true;
        grew = true;
      }
    }
  }
  return seen;
}

// Minorize-maximize fit (Hunter 2004) of natural-log strengths; the prior games are
// against strength 0, and the anchor and unlinked players stay at 0.
std::vector<double> fitStrengths(int players, const std::vector<PairResult>& results, int anchor,
                                 double priorGames, const std::vector<bool>& linked) {
  std::vector<double> score(players, 0.0);
  for (const auto& r : results) {
    score[r.a] += r.wins + 0.5 * r.draws;
    score[r.b] += r.losses + 0.5 * r.draws;
  }
  std::vector<double> theta(players, 0.0);
  for (int iter = 0; iter < 2000; ++iter) {
    double change = 0;
    for (int i = 0; i < players; ++i) {
      if (!linked[i] || i == anchor) continue;
      double denom = priorGames / (std::exp(theta[i]) + 1.0);
      for (const auto& r : results) {
        const double n = r.wins + r.draws + r.losses;
        if (r.a == i) denom += n / (std::exp(theta[i]) + std::exp(theta[r.b]));
        if (r.b == i) denom += n / (std::exp(theta[i]) + std::exp(theta[r.a]));
      }
      const double next = std::log((score[i] + 0.5 * priorGames) / denom);
      change = std::max(change, std::abs(next - theta[i]));
      theta[i] = next;
    }
    if (change < 1e-10) break;
  }
  return theta;
}

// The covariance (in natural-log units) of the players' strengths from the inverse observed
// information: 0 in the anchor's row and column, NaN in an unlinked player's.
Eigen::MatrixXd strengthCovariance(int players, const std::vector<PairResult>& results, int anchor,
                                   double priorGames, const std::vector<bool>& linked,
                                   const std::vector<double>& theta) {
  std::vector<int> free;
  for (int i = 0; i < players; ++i)
    if (linked[i] && i != anchor) free.push_back(i);
  std::vector<int> index(players, -1);
  for (size_t k = 0; k < free.size(); ++k) index[free[k]] = int(k);
  Eigen::MatrixXd info = Eigen::MatrixXd::Zero(free.size(), free.size());
  for (int i : free) {
    const double q = 1.0 / (1.0 + std::exp(-theta[i]));
    info(index[i], index[i]) += priorGames * q * (1 - q);
  }
  for (const auto& r : results) {
    const double n = r.wins + r.draws + r.losses;
    const double p = 1.0 / (1.0 + std::exp(theta[r.b] - theta[r.a]));
    const double w = n * p * (1 - p);
    const int ia = index[r.a], ib = index[r.b];
    if (ia >= 0) info(ia, ia) += w;
    if (ib >= 0) info(ib, ib) += w;
    if (ia >= 0 && ib >= 0) {
      info(ia, ib) -= w;
      info(ib, ia) -= w;
    }
  }
  const Eigen::MatrixXd inverse = free.empty() ? info : Eigen::MatrixXd(info.inverse());
  Eigen::MatrixXd cov = Eigen::MatrixXd::Zero(players, players);
  for (int i = 0; i < players; ++i) {
    for (int j = 0; j < players; ++j) {
      if (!linked[i] || !linked[j]) cov(i, j) = std::numeric_limits<double>::quiet_NaN();
      else if (index[i] >= 0 && index[j] >= 0) cov(i, j) = inverse(index[i], index[j]);
    }
  }
  return cov;
}

}  // namespace

std::vector<Rating> fitRatings(int players, const std::vector<PairResult>& results, int anchor,
                               double priorGames) {
  return fitRatingsWithCovariance(players, results, anchor, priorGames).ratings;
}

RatingFit fitRatingsWithCovariance(int players, const std::vector<PairResult>& results, int anchor,
                                   double priorGames) {
  if (anchor < 0 || anchor >= players) throw Error("rating anchor " + std::to_string(anchor) + " out of range");
  for (const auto& r : results) {
    if (r.a < 0 || r.b < 0 || r.a >= players || r.b >= players || r.a == r.b) {
      throw Error("rating result between players " + std::to_string(r.a) + " and " + std::to_string(r.b) +
                  " is out of range");
    }
  }
  const auto linked = connected(players, results, anchor);
  const auto theta = fitStrengths(players, results, anchor, priorGames, linked);
  const Eigen::MatrixXd cov = strengthCovariance(players, results, anchor, priorGames, linked, theta);
  RatingFit fit;
  fit.ratings.resize(size_t(players));
  fit.covariance.assign(size_t(players), std::vector<double>(size_t(players), 0.0));
  for (const auto& r : results) {
    const double n = r.wins + r.draws + r.losses;
    fit.ratings[r.a].games += n;
    fit.ratings[r.b].games += n;
  }
  for (int i = 0; i < players; ++i) {
    for (int j = 0; j < players; ++j) fit.covariance[i][j] = cov(i, j) * kEloPerNat * kEloPerNat;
    Rating& out = fit.ratings[i];
    if (!linked[i]) {
      out.elo = out.stderr = std::numeric_limits<double>::quiet_NaN();
    } else if (i != anchor) {
      out.elo = theta[i] * kEloPerNat;
      out.stderr = std::sqrt(cov(i, i)) * kEloPerNat;
    }
  }
  return fit;
}

}  // namespace tz
