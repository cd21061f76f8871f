#include "training/matches/stats.h"

#include <boost/math/distributions/normal.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tz {

double normalQuantile(double confidence) {
  return boost::math::quantile(boost::math::normal(), 0.5 + confidence / 2);
}

Estimate wilsonInterval(double successes, int trials, double confidence) {
  const double z = normalQuantile(confidence), n = trials, p = successes / n;
  const double denom = 1 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom;
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Estimate scoreInterval(int wins, int draws, int losses, double confidence) {
  const int n = wins + draws + losses;
  if (n == 0) return {};
  const double mean = (wins + 0.5 * draws) / n;
  const double variance =
      (wins * (1 - mean) * (1 - mean) + draws * (0.5 - mean) * (0.5 - mean) + losses * mean * mean) / n;
  if (variance == 0) return wilsonInterval(wins + 0.5 * draws, n, confidence);
  const double half = normalQuantile(confidence) * std::sqrt(variance / n);
  return {mean, std::max(0.0, mean - half), std::min(1.0, mean + half)};
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
