#pragma once
// A balance study planned before it is played: for each family of cells (the cells whose
// verdicts are read together) and each verdict, the games a cell needs for that verdict to be
// reached where it is true, at a stated power and draw rate, under the study's own stopping
// rule (its looks, O'Brien-Fleming spending, stop on verdict, precision) and the family's
// multiplicity. Found by simulating cells through the real rule (cell_simulation.h), so that
// the plan and the play agree; says in words when a verdict is out of reach of max_games.
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "training/balance/balance_stats.h"
#include "training/balance/cell_simulation.h"

namespace tz {

/// What a plan assumes.
struct PlanSettings {
  double power = 0.8;      // the chance a cell must have of reaching a verdict where it is true
  double drawRate = 0;     // the expected share of drawn games
  int paths = 1000;        // simulated cells per candidate max_games
  uint64_t seed = 20261207;  // their random numbers (a plan is reproducible)
  /// Throws Error with one line (the setting, its value and what was expected) unless the
  /// power lies in [0.5, 0.99], the draw rate in [0, 0.9] and the paths in [100, 100000].
  void check() const;
};

/// The cells of a study whose verdicts are read together, and the rule they play to.
struct PlanFamily {
  std::string name;                // e.g. "sims800" or "study"
  std::vector<std::string> cells;  // the cells' names (variant@strength)
  StoppingRule rule;               // the study's rule with family = cells.size()
};

/// The games one verdict needs.
struct VerdictNeed {
  double truth = 0.5;       // the true score the verdict is planned at
  double powerAtMax = 0;    // the chance of reaching the verdict at the study's max_games
  bool reachable = false;   // powerAtMax, less its Monte-Carlo standard error, reaches the planned power
  int gamesNeeded = 0;      // the smallest max_games on the study's schedule reaching the power (so read); 0: none up to searchLimit
  int searchLimit = 0;      // the largest max_games tried (the schedule's 200 looks, or 100,000 games)
};

/// One family's plan.
struct FamilyPlan {
  PlanFamily family;     // the cells and their rule
  VerdictNeed balanced;  // at a true score of 0.5: called balanced
  VerdictNeed favoured;  // at 0.5 + 2 x margin: called favoured (the same by symmetry at 0.5 - 2 x margin)
};

/// A whole study's plan.
struct StudyPlan {
  PlanSettings settings;            // what it assumed
  double margin = 0.05;             // the study's balance margin
  std::vector<FamilyPlan> families;  // one per family
  /// Whether some family can call a cell balanced within its max_games.
  bool balancedReachable() const;
  /// One line on what the study can find: both verdicts; "a side favoured, never a rule set
  /// fair"; or, where even favoured at 0.5 +- 2 x margin is out of reach, that it finds only
  /// larger edges.
  std::string summary() const;
};

/// Plans `families` against `margin`. Throws Error (one line) for impossible settings: see
/// PlanSettings::check, and a draw rate leaving no room for a favoured score of 0.5 + 2 x margin.
StudyPlan planStudy(const std::vector<PlanFamily>& families, double margin, const PlanSettings& settings);

/// Whether some family of `families` can call a fair cell balanced at its max_games with the
/// planned power (the gate before a study plays; cheaper than planStudy: no search).
bool canCallBalanced(const std::vector<PlanFamily>& families, double margin, const PlanSettings& settings);

/// The plan as one JSON object: settings, and per family its cells and each verdict's needs.
nlohmann::json planToJson(const StudyPlan& plan);

/// The chance a cell of `rule` (its family size included) at `truth` reaches `verdict`.
double verdictPower(const CellTruth& truth, const StoppingRule& rule, Verdict verdict, const PlanSettings& settings);

}  // namespace tz
