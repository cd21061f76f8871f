#pragma once
// How balance moves with strength: a logistic regression of side 0's score (draws as half)
// on the agents' Elo, its slope with an interval, the fitted score with an interval at any
// Elo, and the Elo ranges over which each verdict holds. The errors allow for what games
// alone do not show: each Elo's own uncertainty, and the scatter of the points about the
// line beyond what their games explain (quasi-binomial dispersion).
#include <vector>

#include "training/balance/balance_verdict.h"
#include "training/matches/stats.h"

namespace tz {

/// Side 0's results at one strength.
struct TrendPoint {
  double elo = 0;        // the strength's Elo
  double score = 0;      // side 0's mean score there (0..1)
  double games = 0;      // games played there
  double eloStderr = 0;  // the standard error of the Elo (0: known exactly)
  double drawRate = 0;   // the share of its games drawn: a drawn game's half point varies less than a win or loss
};

/// logit(score) = intercept + slope * elo / 100, fitted by quasi-likelihood: each point's
/// score has the variance of its games (binomial, scaled down by its draws: the games' own
/// variance s - d/4 - s^2 over s (1 - s)) plus what its Elo's error adds through the slope
/// (first order), and the whole is scaled by the dispersion the points' scatter shows.
struct Trend {
  bool fitted = false;       // false with fewer than two Elo values with games, or a fit that diverged
  double intercept = 0;      // logit of the score at Elo 0
  double slope = 0;          // change of the logit per 100 Elo
  double cov[2][2] = {};     // covariance of (intercept, slope), dispersion included
  int residualDf = 0;        // points less two: the degrees of freedom of the dispersion (0: not estimable)
  double pearson = 0;        // the points' Pearson X^2 about the line (0 when residualDf is 0)
  double dispersion = 1;     // pearson / residualDf, at least 1 (1 when not estimable)
  Estimate slopeInterval;    // slope with its 95% interval (t on residualDf; normal when 0)
  double slopeP = 1;         // two-sided test of slope = 0 (t on residualDf; normal when 0)
};

/// Fits the trend through `points` (points without games are left out).
Trend fitTrend(const std::vector<TrendPoint>& points);

/// The points' scatter about their lines beyond what their games and Elo errors explain.
struct Dispersion {
  double value = 1;  // Pearson X^2 over its degrees of freedom, at least 1
  int df = 0;        // its degrees of freedom (0: not estimable; intervals then read on the normal)
};

/// One dispersion for several trends (a study's variants): their Pearson X^2 summed over their
/// residual degrees of freedom summed, so that a test on few points borrows the scatter all
/// the study's points show.
Dispersion pooledDispersion(const std::vector<Trend>& trends);

/// The fitted score at `elo` with its interval at `confidence` (delta method on the logit).
Estimate trendScore(const Trend& trend, double elo, double confidence = 0.95);

/// Whether side 0's score has stopped moving at the top of a ladder of strengths: the trend
/// over the three strongest rungs, and the score's change across their Elo span.
struct Convergence {
  bool measured = false;   // false with fewer than three rated rungs with games, or an unfitted trend
  double fromElo = 0;      // the lowest of the three rungs' Elo
  double toElo = 0;        // the highest
  Estimate change;         // fitted score at toElo less that at fromElo, 95% interval (dispersion and Elo errors included; within [-1, 1])
  bool converged = false;  // the change's 90% interval lies within +-margin: the score has stopped moving
  double halfWidth90 = 0;  // the half-width of the change's 90% interval
  bool moving = false;     // the change's 95% interval excludes 0: the score is shown still moving
  bool measurable = false; // halfWidth90 <= margin: these games could show convergence (else "not measurable with these games")
  double gamesNeeded = 0;  // when not measurable: about the games each of the three rungs would need for halfWidth90 to
                           // reach the margin (their games scaled by (halfWidth90 / margin)^2)
  Dispersion dispersion;   // the dispersion its interval used
};

/// The convergence of the trend through `points` (those with games and a finite Elo) over
/// its three highest Elo values, judged against `margin`. The three points leave one degree
/// of freedom for their own scatter (a t quantile of 12.7 at 95%), so the interval takes the
/// `dispersion` given: that of the variant's whole trend, or one pooled over a study's trends.
Convergence convergence(const std::vector<TrendPoint>& points, double margin, const Dispersion& dispersion);

/// How much stronger than the strongest agent players would need to be for side 0's score to
/// cross the next verdict boundary (0.5 - margin or 0.5 + margin) in the direction the fitted
/// trend moves it: read off the trend's line beyond the data (an extrapolation), so that a
/// next rung can be placed where the verdict could change.
struct NextBoundary {
  bool measured = false;  // false: the trend is not fitted
  bool reached = false;   // false: at the fitted slope the score moves away from both boundaries, or not at all
  double boundary = 0;    // the score the line reaches (0.5 - margin or 0.5 + margin)
  double eloAbove = 0;    // how many Elo above the top agent the fitted line reaches it
  double soonest = 0;     // the same along the slope's 95% limit steepest that way
  bool mayNever = true;   // the slope's 95% interval reaches 0: the score may never get there
};

/// Where the trend `t` carries side 0's score past the next boundary above `topElo`.
NextBoundary nextBoundary(const Trend& t, double topElo, double margin);

/// An Elo range over which the fitted trend gives one verdict.
struct VerdictRange {
  double from = 0, to = 0;                // Elo bounds
  Verdict verdict = Verdict::kUndecided;  // balanced: the 90% interval lies within 0.5 +- margin;
                                          // favoured: the 95% interval lies beyond 0.5 + margin
                                          // (or below 0.5 - margin), the cells' minimum-effect rule
};

/// The verdicts of the fitted score from `low` to `high` Elo (201 steps), merged into ranges.
std::vector<VerdictRange> verdictRanges(const Trend& trend, double low, double high, double margin);

}  // namespace tz
