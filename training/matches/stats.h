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

/// P(Z >= z) for a standard normal Z (accurate far into the tail).
double normalUpperTail(double z);

/// Wilson score interval of a proportion: `successes` out of `trials` (> 0).
Estimate wilsonInterval(double successes, int trials, double confidence = 0.95);

/// The score test statistic of a mean score p0 (win 1, draw 1/2, loss 0) from `wins`, `draws`
/// and `losses` (counts may be fractional, e.g. effective counts): (mean - p0) / sqrt(v / n),
/// with v the per-game score variance p0 (1 - p0) - d0 / 4 of the trinomial that fits the games
/// best among those whose mean score is p0 (restricted maximum likelihood, draw rate d0 in
/// closed form). Without draws it is the Wilson statistic. 0 when there are no games.
double scoreZ(double wins, double draws, double losses, double p0);

/// Mean score (win 1, draw 1/2, loss 0) with the interval of every p0 that the two-sided
/// score test (scoreZ) does not reject at `confidence`: the Wilson interval without draws,
/// never empty, within [0, 1], and each bound rises when a loss turns into a draw or a draw
/// into a win. All zero when there are no games.
Estimate scoreInterval(double wins, double draws, double losses, double confidence = 0.95);

/// Expected score of a player rated `elo` points above the opponent (logistic, 400 scale).
double scoreFromElo(double elo);

/// Elo difference that gives expected score `score`; +/-infinity at 1 and 0.
double eloFromScore(double score);

/// Elo difference with its interval, mapped from a score estimate (bounds may be infinite).
Estimate eloInterval(const Estimate& score);

}  // namespace tz
