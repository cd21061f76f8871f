#include "training/balance/balance_verdict.h"

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>

#include <algorithm>
#include <cmath>

namespace tz {

std::string verdictName(Verdict verdict, const std::string& side0, const std::string& side1) {
  switch (verdict) {
    case Verdict::kBalanced: return "balanced";
    case Verdict::kSide0Favoured: return side0 + " favoured";
    case Verdict::kSide1Favoured: return side1 + " favoured";
    case Verdict::kUndecided: return "undecided";
  }
  return "undecided";
}

double signTestP(int a, int b) {
  const int n = a + b;
  if (n == 0) return 1;
  const boost::math::binomial_distribution<double> binomial(n, 0.5);
  return std::min(1.0, 2 * boost::math::cdf(binomial, double(std::min(a, b))));
}

double equivalenceP(int wins, int draws, int losses, double margin) {
  const int n = wins + draws + losses;
  if (n == 0) return 1;
  const double mean = (wins + 0.5 * draws) / n;
  const double variance =
      (wins * (1 - mean) * (1 - mean) + draws * (0.5 - mean) * (0.5 - mean) + losses * mean * mean) / n;
  const double se = std::sqrt(std::max(variance, 1.0 / (4 * n)) / n);
  const boost::math::normal normal;
  const double pAbove = boost::math::cdf(boost::math::complement(normal, (mean - (0.5 - margin)) / se));
  const double pBelow = boost::math::cdf(normal, (mean - (0.5 + margin)) / se);
  return std::max(pAbove, pBelow);
}

BalanceTest balanceTest(int wins, int draws, int losses, double margin, double alpha) {
  BalanceTest t;
  t.score = scoreInterval(wins, draws, losses);
  t.signP = signTestP(wins, losses);
  t.equivalenceP = equivalenceP(wins, draws, losses, margin);
  t.alpha = alpha;
  if (t.equivalenceP < alpha) t.verdict = Verdict::kBalanced;
  else if (t.signP < alpha) t.verdict = wins > losses ? Verdict::kSide0Favoured : Verdict::kSide1Favoured;
  return t;
}

double perLookAlpha(double alpha, int minGames, int maxGames, int batch) {
  const int looks = 1 + (std::max(0, maxGames - minGames) + batch - 1) / batch;
  return alpha / looks;
}

}  // namespace tz
