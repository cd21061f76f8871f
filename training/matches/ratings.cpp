#include "training/matches/ratings.h"

#include <Eigen/Dense>

#include <cmath>
#include <limits>

#include "game/error.h"

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

// Standard errors (in natural-log units) of the free players' strengths from the observed
// information; 0 for the anchor and unlinked players.
std::vector<double> strengthErrors(int players, const std::vector<PairResult>& results, int anchor,
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
  Eigen::MatrixXd cov = free.empty() ? info : Eigen::MatrixXd(info.inverse());
  std::vector<double> errors(players, 0.0);
  for (int i : free) errors[i] = std::sqrt(cov(index[i], index[i]));
  return errors;
}

}  // namespace

std::vector<Rating> fitRatings(int players, const std::vector<PairResult>& results, int anchor,
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
  const auto errors = strengthErrors(players, results, anchor, priorGames, linked, theta);
  std::vector<Rating> out(players);
  for (const auto& r : results) {
    const double n = r.wins + r.draws + r.losses;
    out[r.a].games += n;
    out[r.b].games += n;
  }
  for (int i = 0; i < players; ++i) {
    if (!linked[i]) {
      out[i].elo = out[i].stderr = std::numeric_limits<double>::quiet_NaN();
    } else if (i != anchor) {
      out[i].elo = theta[i] * kEloPerNat;
      out[i].stderr = errors[i] * kEloPerNat;
    }
  }
  return out;
}

}  // namespace tz
