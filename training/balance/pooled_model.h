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

/// What changing one rule does to side 0's score within one level of another factor
/// (averaged over the levels of the factors left).
struct LevelEffect {
  std::string factor;   // the other factor held at one level, e.g. "king"
  std::string level;    // its level, e.g. "weak"
  Estimate effect;      // the change of the score there at the top Elo, 95% interval (within [-1, 1])
  double p = 1;         // two-sided test of no change
  std::string verdict;  // "within the margin" (90% interval inside +-margin), "raises" or "lowers" (95% excludes 0), else "undecided"
};

/// What changing one rule does to side 0's score.
struct RuleEffect {
  std::string factor;   // the factor changed
  std::string from;     // its reference level
  std::string to;       // the level changed to
  Estimate effect;      // mean change of the score over the other factors' levels at the top Elo, 95% interval (within [-1, 1])
  double p = 1;         // two-sided test of no change
  std::vector<LevelEffect> within;  // the change within each level of each other factor, the factors in order
  std::string differsWith;  // the other factor within whose levels the effect is to be read: the one whose levels change it
                            // most, when that change has p < 0.05, else one with a level that pins the score (every
                            // predicted score there within 0.02 of 0 or 1, where no rule can move it); else empty
  std::string differsWhy;   // why, in words: "its levels change the effect (p 0.001)" or "king=strong pins the score (...)"
  double differsP = 1;      // the smallest two-sided p of a within-level effect differing from the same factor's first level's
  std::string verdict;  // "within the margin", "raises", "lowers" or "undecided" (as LevelEffect's), or, when
                        // differsWith is set, "averaged over DIFFERS's levels: not judged" (an average of unlike effects,
                        // or of an effect and a level where the score cannot move)
  // Whether the effect changes with strength, from the model with a rule x Elo term (when the
  // pooled model's strengthMeasured):
  Estimate strengthChange;      // the effect at the top Elo less the effect at the lowest, 95% interval (within [-2, 2])
  double strengthP = 1;         // two-sided test of no change
  double strengthAdjusted = 1;  // strengthP Holm-adjusted over every rule's strength test
  std::string strengthVerdict;  // "within the margin"; "rises" or "falls" when the Holm-adjusted p is below 0.05 (and
                                // the 95% interval excludes 0); "suggests a rise" or "suggests a fall" when only the
                                // unadjusted p is; else "undecided"
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
  std::vector<RuleEffect> effects;   // per factor and non-reference level, read at topElo from effectsModel
  std::vector<Estimate> topScores;   // per variant (every combination of levels, first factor slowest): the predicted score at topElo
  std::string effectsModel = "main"; // the model the effects and predictions are read from: "rule x Elo" when it was
                                     // fitted (it nests the main model, whose one Elo slope it may reject), else "main"
  bool strengthMeasured = false;     // whether the effects' strengthChange was measured (else see strengthReason)
  std::string strengthReason;        // why not: one Elo value, too few cells, or why the model with rule x Elo terms did not fit
};

/// Fits the model to `cells` (cells without games are left out) with Firth's penalty (finite
/// estimates for near-separated cells): main effects, the Elo slope when the cells have two Elo
/// values or more, and every two-way interaction when at least three residual degrees of
/// freedom remain with them. Whether each rule's effect changes with strength is read from the
/// same model with a rule x Elo term per rule level added (when it too leaves three degrees of
/// freedom), Holm over the rules; effects, within-level effects and predictions are read at the
/// largest Elo from that model when it is fitted, else from the main one; verdicts against `margin`. Never throws: a model that cannot be fitted
/// says why (naming the separated cells or level, the term a singular design cannot tell
/// apart, or a fit that did not converge).
PooledModel fitPooledModel(const std::vector<PooledFactor>& factors, const std::vector<PooledCell>& cells,
                           double margin);

}  // namespace tz
