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
  // Score and games per player (real games only).
  std::vector<double> score(players, 0.0), games(players, 0.0);
  for (const auto& r : results) {
    const double n = r.wins + r.draws + r.losses;
    score[r.a] += r.wins + 0.5 * r.draws;
    score[r.b] += r.losses + 0.5 * r.draws;
    games[r.a] += n;
    games[r.b] += n;
  }
  std::vector<double> theta(players, 0.0);  // natural-log strengths
  for (int iter = 0; iter < 2000; ++iter) {
    // Minorize-maximize update (Hunter 2004); the prior games are against strength 0.
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
  // Standard errors from the observed information of the free players.
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
  std::vector<Rating> out(players);
  for (int i = 0; i < players; ++i) {
    out[i].games = games[i];
    if (!linked[i]) {
      out[i].elo = out[i].stderr = std::numeric_limits<double>::quiet_NaN();
    } else if (i != anchor) {
      out[i].elo = theta[i] * kEloPerNat;
      out[i].stderr = std::sqrt(cov(index[i], index[i])) * kEloPerNat;
    }
  }
  return out;
}

}  // namespace tz
