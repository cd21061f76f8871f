#include "training/matches/hypothesis.h"

#include <boost/math/distributions/chi_squared.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tz {

ChiSquare chiSquareTest(const std::vector<std::vector<double>>& table) {
  // Drop empty rows and columns: they carry no information and would make expected zero.
  std::vector<std::vector<double>> t;
  for (const auto& row : table)
    if (std::accumulate(row.begin(), row.end(), 0.0) > 0) t.push_back(row);
  ChiSquare out;
  if (t.empty()) return out;
  std::vector<size_t> cols;
  for (size_t j = 0; j < t[0].size(); ++j) {
    double sum = 0;
    for (const auto& row : t) sum += row[j];
    if (sum > 0) cols.push_back(j);
  }
  if (t.size() < 2 || cols.size() < 2) return out;
  std::vector<double> rowSum(t.size(), 0), colSum(cols.size(), 0);
  double total = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    for (size_t k = 0; k < cols.size(); ++k) {
      rowSum[i] += t[i][cols[k]];
      colSum[k] += t[i][cols[k]];
      total += t[i][cols[k]];
    }
  }
  for (size_t i = 0; i < t.size(); ++i) {
    for (size_t k = 0; k < cols.size(); ++k) {
      const double expected = rowSum[i] * colSum[k] / total;
      out.statistic += (t[i][cols[k]] - expected) * (t[i][cols[k]] - expected) / expected;
    }
  }
  out.dof = int((t.size() - 1) * (cols.size() - 1));
  out.p = boost::math::cdf(boost::math::complement(boost::math::chi_squared(out.dof), out.statistic));
  return out;
}

namespace {

double logChoose(long n, long k) { return std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0); }

}  // namespace

double fisherExact(long a, long b, long c, long d) {
  // Sum the probabilities of every table with the same margins that is no more likely
  // than the observed one (hypergeometric distribution of the top-left cell).
  const long row1 = a + b, col1 = a + c, n = a + b + c + d;
  auto logP = [&](long x) { return logChoose(col1, x) + logChoose(n - col1, row1 - x) - logChoose(n, row1); };
  const double observed = logP(a);
  double p = 0;
  for (long x = std::max(0L, row1 - (n - col1)); x <= std::min(row1, col1); ++x) {
    const double lp = logP(x);
    if (lp <= observed + 1e-7) p += std::exp(lp);
  }
  return std::min(1.0, p);
}

std::vector<double> holmAdjust(const std::vector<double>& p) {
  const size_t m = p.size();
  std::vector<size_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t x, size_t y) { return p[x] < p[y]; });
  std::vector<double> adjusted(m);
  double running = 0;
  for (size_t rank = 0; rank < m; ++rank) {
    running = std::max(running, std::min(1.0, double(m - rank) * p[order[rank]]));
    adjusted[order[rank]] = running;
  }
  return adjusted;
}

}  // namespace tz
