#pragma once
// One model for a whole balance study: side 0's score (draws as half) as a logistic function
// of the rule factors, their two-way interactions where the cells leave room for them, and
// the agents' Elo as a covariate with its own error, fitted by quasi-likelihood over the
// cells. A game scores 1, 1/2 or 0, so its variance is below the binomial mu (1 - mu) when
// games are drawn: the games' own dispersion (their Pearson residuals about the fit, which
// falls below 1 with draws) scales each cell's variance, and the cells' scatter beyond that
// (at least 1) widens the intervals when the model misses. It answers a rule designer's questions
// per rule: how much does changing this rule move the score, with an interval, is the change
// within the balance margin, and does it change as the players get stronger (a rule x Elo term)?
#include <string>
#include <vector>

#include "training/matches/stats.h"

namespace tz {

/// A factor of the study: its name and its levels, the first being the reference.
struct PooledFactor {
  std::string name;                 // e.g. "king"
  std::vector<std::string> levels;  // e.g. {"weak", "strong"}
};

/// One (variant, strength) cell.
struct PooledCell {
  std::vector<int> levels;  // the level index of each factor
  double elo = 0;           // the strength's Elo (0 for every cell without an Elo axis)
  double eloStderr = 0;     // its standard error
  double games = 0;         // games counted once per distinct game
  double score = 0;         // side 0's mean score, draws as half
  double drawRate = 0;      // the share of its games drawn
};

/// What changing one rule does to side 0's score.
struct RuleEffect {
  std::string factor;   // the factor changed
  std::string from;     // its reference level
  std::string to;       // the level changed to
  Estimate effect;      // mean change of the score over the other factors' levels at the top Elo, 95% interval (within [-1, 1])
  double p = 1;         // two-sided test of no change
  std::string verdict;  // "within the margin" (90% interval inside +-margin), "raises" or "lowers" (95% excludes 0), else "undecided"
  // Whether the effect changes with strength, from the model with a rule x Elo term (when the
  // pooled model's strengthMeasured):
  Estimate strengthChange;      // the effect at the top Elo less the effect at the lowest, 95% interval (within [-2, 2])
  double strengthP = 1;         // two-sided test of no change
  std::string strengthVerdict;  // "within the margin", "rises" or "falls" (95% excludes 0), else "undecided"
};

/// The study's pooled model.
struct PooledModel {
  bool fitted = false;           // false: see reason
  std::string reason;            // why it was not fitted (a singular design, a separated cell, too few cells)
  std::vector<std::string> terms;  // the model's columns: "intercept", "king=strong", "king=strong x repetition=rep-draws", "elo/100"
  bool interactions = false;     // whether two-way interactions are in the model
  int residualDf = 0;            // cells less parameters
  double gameDispersion = 1;     // the games' Pearson X^2 about the fit / (games - parameters): 1 without draws, less with them
  double dispersion = 1;         // the cells' Pearson X^2 / residualDf beyond the games', at least 1
  double topElo = 0;             // the Elo the effects and predictions are read at (the strongest agent's)
  double lowElo = 0;             // the weakest agent's Elo
  bool hasEloSlope = false;      // whether the cells had two Elo values or more
  Estimate eloSlope;             // change of the logit of the score per 100 Elo, 95% interval (when hasEloSlope)
  std::vector<RuleEffect> effects;   // per factor and non-reference level
  std::vector<Estimate> topScores;   // per variant (every combination of levels, first factor slowest): the predicted score at topElo
  bool strengthMeasured = false;     // whether the effects' strengthChange was measured (else see strengthReason)
  std::string strengthReason;        // why not: one Elo value, too few cells, or why the model with rule x Elo terms did not fit
};

/// Fits the model to `cells` (cells without games are left out): main effects, the Elo slope
/// when the cells have two Elo values or more, and every two-way interaction when at least
/// three residual degrees of freedom remain with them. Whether each rule's effect changes with
/// strength is read from the same model with a rule x Elo term per rule level added (when it
/// too leaves three degrees of freedom). Effects and predictions are read at
/// the largest Elo; verdicts against `margin`. Never throws: a model that cannot be fitted
/// says why (naming the separated cells or level, the term a singular design cannot tell
/// apart, or a fit that did not converge).
PooledModel fitPooledModel(const std::vector<PooledFactor>& factors, const std::vector<PooledCell>& cells,
                           double margin);

}  // namespace tz
