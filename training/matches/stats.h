#pragma once
// Match statistics: intervals for proportions and scores, and the logistic Elo scale.
namespace tz {

/// A point estimate with a two-sided confidence interval.
struct Estimate {
  double value = 0;  // the estimate
  double low = 0;    // lower bound of the interval
  double high = 0;   // upper bound of the interval
};

/// Two-sided standard normal quantile for `confidence` (0.95 -> 1.95996).
double normalQuantile(double confidence);

/// Wilson score interval of a proportion: `successes` out of `trials` (> 0).
Estimate wilsonInterval(double successes, int trials, double confidence = 0.95);

/// Mean score (win 1, draw 1/2, loss 0) with a normal interval from the per-game score
/// variance, clipped to [0, 1]; when every game had the same result (no variance) the
/// Wilson interval of the score instead. All zero when there are no games.
Estimate scoreInterval(int wins, int draws, int losses, double confidence = 0.95);

/// Expected score of a player rated `elo` points above the opponent (logistic, 400 scale).
double scoreFromElo(double elo);

/// Elo difference that gives expected score `score`; +/-infinity at 1 and 0.
double eloFromScore(double score);

/// Elo difference with its interval, mapped from a score estimate (bounds may be infinite).
Estimate eloInterval(const Estimate& score);

}  // namespace tz
