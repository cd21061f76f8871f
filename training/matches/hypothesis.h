#pragma once
// Tests for comparing result distributions between variants, and the correction for
// making many comparisons at once.
#include <vector>

namespace tz {

/// Result of Pearson's chi-squared test of independence.
struct ChiSquare {
  double statistic = 0;  // sum over cells of (observed - expected)^2 / expected
  int dof = 0;           // (rows - 1) * (columns - 1), after dropping empty rows/columns
  double p = 1;          // probability of a statistic at least this large under independence
};

/// Pearson's chi-squared test on a contingency table (rows x columns of counts), e.g.
/// variants x {attacker wins, defender wins, draws}. Empty rows and columns are dropped.
ChiSquare chiSquareTest(const std::vector<std::vector<double>>& table);

/// Two-sided p-value of Fisher's exact test on a 2x2 table {{a, b}, {c, d}}.
double fisherExact(long a, long b, long c, long d);

/// Holm-Bonferroni adjusted p-values (same order as `p`), controlling the family-wise
/// error rate over all comparisons.
std::vector<double> holmAdjust(const std::vector<double>& p);

}  // namespace tz
