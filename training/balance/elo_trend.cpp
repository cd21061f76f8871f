#include "training/balance/elo_trend.h"

#include <boost/math/distributions/normal.hpp>

#include <cmath>
#include <set>

namespace tz {

namespace {

double logistic(double x) { return 1 / (1 + std::exp(-x)); }

// One IRLS step: solves the weighted least squares of the working response; false when
// the weighted design is singular.
bool irlsStep(const std::vector<TrendPoint>& points, Trend& t) {
  double a[2][2] = {}, b[2] = {};
  for (const TrendPoint& p : points) {
    const double x = p.elo / 100, eta = t.intercept + t.slope * x, mu = logistic(eta);
    const double v = std::max(mu * (1 - mu), 1e-12), w = p.games * v;
    const double z = eta + (p.score - mu) / v;
    a[0][0] += w;
    a[0][1] += w * x;
    a[1][1] += w * x * x;
    b[0] += w * z;
    b[1] += w * x * z;
  }
  const double det = a[0][0] * a[1][1] - a[0][1] * a[0][1];
  if (!(std::abs(det) > 1e-12)) return false;
  t.cov[0][0] = a[1][1] / det;
  t.cov[1][1] = a[0][0] / det;
  t.cov[0][1] = t.cov[1][0] = -a[0][1] / det;
  t.intercept = t.cov[0][0] * b[0] + t.cov[0][1] * b[1];
  t.slope = t.cov[1][0] * b[0] + t.cov[1][1] * b[1];
  return true;
}

}  // namespace

Trend fitTrend(const std::vector<TrendPoint>& all) {
  std::vector<TrendPoint> points;
  std::set<double> elos;
  for (const TrendPoint& p : all) {
    if (p.games <= 0 || !std::isfinite(p.elo)) continue;
    points.push_back(p);
    elos.insert(p.elo);
  }
  Trend t;
  if (elos.size() < 2) return t;
  for (int i = 0; i < 100; ++i) {
    const double before[2] = {t.intercept, t.slope};
    // The covariance of the last step is taken at the previous estimate; at convergence they agree.
    if (!irlsStep(points, t) || std::abs(t.slope) > 50) return Trend{};
    if (std::abs(t.intercept - before[0]) < 1e-10 && std::abs(t.slope - before[1]) < 1e-10) {
      irlsStep(points, t);
      t.fitted = true;
      break;
    }
  }
  if (!t.fitted) return Trend{};
  const double se = std::sqrt(t.cov[1][1]), z = normalQuantile(0.95);
  t.slopeInterval = {t.slope, t.slope - z * se, t.slope + z * se};
  t.slopeP = 2 * boost::math::cdf(boost::math::complement(boost::math::normal(), std::abs(t.slope) / se));
  return t;
}

Estimate trendScore(const Trend& t, double elo, double confidence) {
  const double x = elo / 100, eta = t.intercept + t.slope * x;
  const double var = t.cov[0][0] + 2 * x * t.cov[0][1] + x * x * t.cov[1][1];
  const double half = normalQuantile(confidence) * std::sqrt(std::max(var, 0.0));
  return {logistic(eta), logistic(eta - half), logistic(eta + half)};
}

std::vector<VerdictRange> verdictRanges(const Trend& t, double low, double high, double margin) {
  std::vector<VerdictRange> ranges;
  if (!t.fitted) return ranges;
  constexpr int kSteps = 200;
  for (int i = 0; i <= kSteps; ++i) {
    const double elo = low + (high - low) * i / kSteps;
    const Estimate inner = trendScore(t, elo, 0.90), outer = trendScore(t, elo, 0.95);
    Verdict v = Verdict::kUndecided;
    if (inner.low > 0.5 - margin && inner.high < 0.5 + margin) v = Verdict::kBalanced;
    else if (outer.low > 0.5) v = Verdict::kSide0Favoured;
    else if (outer.high < 0.5) v = Verdict::kSide1Favoured;
    if (!ranges.empty() && ranges.back().verdict == v) ranges.back().to = elo;
    else ranges.push_back({elo, elo, v});
  }
  return ranges;
}

}  // namespace tz
