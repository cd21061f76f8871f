#include "training/matches/stats.h"

#include <boost/math/distributions/normal.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tz {

double normalQuantile(double confidence) {
  return boost::math::quantile(boost::math::normal(), 0.5 + confidence / 2);
}

double normalUpperTail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

Estimate wilsonInterval(double successes, int trials, double confidence) {
  const double z = normalQuantile(confidence), n = trials, p = successes / n;
  const double denom = 1 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom;
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double scoreZ(double wins, double draws, double losses, double p0) {
  const double n = wins + draws + losses;
  if (n <= 0) return 0;
  const double mean = (wins + 0.5 * draws) / n, q0 = 1 - p0;
  if (p0 <= 0 || q0 <= 0) return mean == p0 ? 0 : (mean > p0 ? 1 : -1) * std::numeric_limits<double>::infinity();
  // The draw rate d maximising W log(p0 - d/2) + D log d + L log(q0 - d/2) solves
  // n/2 d^2 - (D + W q0 + L p0) d + 2 D p0 q0 = 0; its smaller root lies in [0, 2 min(p0, q0)].
  const double b = draws + wins * q0 + losses * p0;
  const double d0 = (b - std::sqrt(std::max(0.0, b * b - 4 * n * draws * p0 * q0))) / n;
  const double variance = std::max(p0 * q0 - d0 / 4, 0.0);
  if (variance == 0) return mean == p0 ? 0 : (mean > p0 ? 1 : -1) * std::numeric_limits<double>::infinity();
  return (mean - p0) / std::sqrt(variance / n);
}

Estimate scoreInterval(double wins, double draws, double losses, double confidence) {
  const double n = wins + draws + losses;
  if (n <= 0) return {};
  const double mean = (wins + 0.5 * draws) / n, z = normalQuantile(confidence);
  // |scoreZ| rises as p0 moves away from the mean on either side: bisect for where it reaches z.
  auto bound = [&](double inside, double outside) {
    if (std::abs(scoreZ(wins, draws, losses, outside)) < z) return outside;
    for (int i = 0; i < 60; ++i) {
      const double mid = (inside + outside) / 2;
      (std::abs(scoreZ(wins, draws, losses, mid)) < z ? inside : outside) = mid;
    }
    return (inside + outside) / 2;
  };
  return {mean, bound(mean, 0.0), bound(mean, 1.0)};
}

double scoreFromElo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

double eloFromScore(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return 400 * std::log10(score / (1 - score));
}

Estimate eloInterval(const Estimate& score) {
  return {eloFromScore(score.value), eloFromScore(score.low), eloFromScore(score.high)};
}

}  // namespace tz
