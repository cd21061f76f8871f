#include "training/balance/elo_trend.h"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <set>

namespace tz {

namespace {

double logistic(double x) { return 1 / (1 + std::exp(-x)); }

// The share of the binomial variance a point's games show: s - d/4 - s^2 over s (1 - s) for
// a score s with draw rate d (1 without draws), at least 0.01.
double gameDispersion(const TrendPoint& p) {
  const double binomial = p.score * (1 - p.score);
  if (binomial <= 0) return 1;
  return std::clamp((p.score - p.drawRate / 4 - p.score * p.score) / binomial, 0.01, 1.0);
}

// The variance of a point's score under the current fit: its games' variance and the Elo
// error carried through the slope, d mu / d elo * stderr.
double scoreVariance(const TrendPoint& p, const Trend& t) {
  const double mu = logistic(t.intercept + t.slope * p.elo / 100), v = std::max(mu * (1 - mu), 1e-12);
  const double fromElo = t.slope * v * p.eloStderr / 100;
  return gameDispersion(p) * v / p.games + fromElo * fromElo;
}

// One IRLS step: solves the weighted least squares of the working response; false when
// the weighted design is singular.
bool irlsStep(const std::vector<TrendPoint>& points, Trend& t) {
  double a[2][2] = {}, b[2] = {};
  for (const TrendPoint& p : points) {
    const double x = p.elo / 100, eta = t.intercept + t.slope * x, mu = logistic(eta);
    const double v = std::max(mu * (1 - mu), 1e-12), w = v * v / scoreVariance(p, t);
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

// The two-sided quantile of `confidence` for a dispersion on `df` degrees of freedom:
// Student's t, or the normal when there are none.
double quantileOn(int df, double confidence) {
  if (df <= 0) return normalQuantile(confidence);
  return boost::math::quantile(boost::math::complement(boost::math::students_t(df), (1 - confidence) / 2));
}

// The quantile the trend's own intervals use.
double quantileOf(const Trend& t, double confidence) { return quantileOn(t.residualDf, confidence); }

// The line through `all` (those with games and a finite Elo) by IRLS, its covariance not yet
// scaled by any dispersion, and the points' Pearson X^2 about it; unfitted with fewer than two
// Elo values or a fit that diverges.
Trend fitLine(const std::vector<TrendPoint>& all) {
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
  t.residualDf = int(points.size()) - 2;
  if (t.residualDf > 0)
    for (const TrendPoint& p : points) {
      const double r = p.score - logistic(t.intercept + t.slope * p.elo / 100);
      t.pearson += r * r / scoreVariance(p, t);
    }
  return t;
}

}  // namespace

Trend fitTrend(const std::vector<TrendPoint>& points) {
  Trend t = fitLine(points);
  if (!t.fitted) return t;
  // Quasi-binomial: the points' scatter beyond their variances scales the covariance, and
  // the slope is read on a t distribution with the dispersion's degrees of freedom.
  if (t.residualDf > 0) t.dispersion = std::max(1.0, t.pearson / t.residualDf);
  for (auto& row : t.cov)
    for (double& c : row) c *= t.dispersion;
  const double se = std::sqrt(t.cov[1][1]), q = quantileOf(t, 0.95), z = std::abs(t.slope) / se;
  t.slopeInterval = {t.slope, t.slope - q * se, t.slope + q * se};
  t.slopeP = t.residualDf > 0 ? 2 * boost::math::cdf(boost::math::complement(boost::math::students_t(t.residualDf), z))
                              : 2 * boost::math::cdf(boost::math::complement(boost::math::normal(), z));
  return t;
}

Estimate trendScore(const Trend& t, double elo, double confidence) {
  const double x = elo / 100, eta = t.intercept + t.slope * x;
  const double var = t.cov[0][0] + 2 * x * t.cov[0][1] + x * x * t.cov[1][1];
  const double half = quantileOf(t, confidence) * std::sqrt(std::max(var, 0.0));
  return {logistic(eta), logistic(eta - half), logistic(eta + half)};
}

Dispersion pooledDispersion(const std::vector<Trend>& trends) {
  Dispersion d;
  double pearson = 0;
  for (const Trend& t : trends)
    if (t.fitted && t.residualDf > 0) {
      pearson += t.pearson;
      d.df += t.residualDf;
    }
  if (d.df > 0) d.value = std::max(1.0, pearson / d.df);
  return d;
}

Convergence convergence(const std::vector<TrendPoint>& all, double margin, const Dispersion& dispersion) {
  std::vector<TrendPoint> points;
  for (const TrendPoint& p : all)
    if (p.games > 0 && std::isfinite(p.elo)) points.push_back(p);
  std::sort(points.begin(), points.end(), [](const TrendPoint& a, const TrendPoint& b) { return a.elo > b.elo; });
  Convergence c;
  if (points.size() < 3) return c;
  points.resize(3);
  const Trend t = fitLine(points);
  if (!t.fitted) return c;
  c.measured = true;
  c.dispersion = dispersion;
  c.toElo = points.front().elo;
  c.fromElo = points.back().elo;
  const double x0 = c.fromElo / 100, x1 = c.toElo / 100;
  const double p0 = logistic(t.intercept + t.slope * x0), p1 = logistic(t.intercept + t.slope * x1);
  const double g0 = p1 * (1 - p1) - p0 * (1 - p0), g1 = p1 * (1 - p1) * x1 - p0 * (1 - p0) * x0;
  const double variance = g0 * g0 * t.cov[0][0] + 2 * g0 * g1 * t.cov[0][1] + g1 * g1 * t.cov[1][1];
  const double se = std::sqrt(std::max(0.0, variance * dispersion.value));
  const double change = p1 - p0, q95 = quantileOn(dispersion.df, 0.95), q90 = quantileOn(dispersion.df, 0.90);
  c.change = {change, std::max(-1.0, change - q95 * se), std::min(1.0, change + q95 * se)};  // a change of a score
  c.converged = change - q90 * se > -margin && change + q90 * se < margin;
  c.moving = c.change.low > 0 || c.change.high < 0;
  c.halfWidth90 = q90 * se;
  c.measurable = c.halfWidth90 <= margin;
  if (!c.measurable) {
    double games = 0;
    for (const TrendPoint& p : points) games += p.games / 3;
    c.gamesNeeded = games * (c.halfWidth90 / margin) * (c.halfWidth90 / margin);
  }
  return c;
}

NextBoundary nextBoundary(const Trend& t, double topElo, double margin) {
  NextBoundary n;
  if (!t.fitted) return n;
  n.measured = true;
  const double eta = t.intercept + t.slope * topElo / 100, score = logistic(eta);
  const double up = 0.5 + margin, down = 0.5 - margin;
  if (t.slope < 0 && score > down) n.boundary = score > up ? up : down;
  else if (t.slope > 0 && score < up) n.boundary = score < down ? down : up;
  else return n;
  n.reached = true;
  const double distance = std::log(n.boundary / (1 - n.boundary)) - eta;  // on the logit
  const double steepest = t.slope < 0 ? t.slopeInterval.low : t.slopeInterval.high;
  n.eloAbove = 100 * distance / t.slope;
  n.soonest = 100 * distance / steepest;
  n.mayNever = t.slope < 0 ? t.slopeInterval.high >= 0 : t.slopeInterval.low <= 0;
  return n;
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
    else if (outer.low > 0.5 + margin) v = Verdict::kSide0Favoured;
    else if (outer.high < 0.5 - margin) v = Verdict::kSide1Favoured;
    if (!ranges.empty() && ranges.back().verdict == v) ranges.back().to = elo;
    else ranges.push_back({elo, elo, v});
  }
  return ranges;
}

}  // namespace tz
