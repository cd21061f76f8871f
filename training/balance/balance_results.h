#pragma once
// A study's results read back from its record store: the statistics of every (variant,
// strength) cell, its verdict and stopping state, the comparisons between variants at each
// strength and between strengths for each variant, the strengths' Elo and balance's trend over it.
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "training/balance/balance_stats.h"
#include "training/balance/elo_trend.h"
#include "training/balance/pooled_model.h"
#include "training/balance/shared_openings.h"
#include "training/matches/colour_ratings.h"
#include "training/balance/balance_study.h"
#include "training/matches/records.h"

namespace tz {

/// One variant at one strength.
struct CellResult {
  int variant = 0;         // index into the study's variants
  int strength = 0;        // index into the study's strengths
  std::string tag;         // record-store tag of its games
  CellStats stats;         // counts, rates, reasons, lengths
  CellProgress progress;   // stopping state (kContinue: not finished)
  BalanceTest balance;     // side 0's score, the equivalence and minimum-effect tests, the cell's verdict
  StudyVerdict study;      // the verdict once its family's cells are read together (Holm)
  std::string family;      // the name of its family (study_families.h)
  double adjustedScore = 0;  // side 0's score corrected for where the cell stopped (stopping_adjustment.h); the models use it
  ExactBound exact;        // a near-separated cell's exact bound
};

/// The strengths on one Elo scale, from games between them on the reference variant, and
/// their ratings by colour from those games and the variant's cells.
struct EloAxis {
  int variant = 0;                  // index of the reference variant
  std::vector<PairResult> pairs;    // results of strength a against strength b (a < b), a's view
  std::vector<Rating> ratings;      // per strength; the first strength is 0
  std::vector<ColourResult> byColour;  // the Elo games per colour, then each strength against itself (distinct games)
  ColourRatings colours;            // per strength its side-0 and side-1 Elo; the first strength is 0 on each side
  /// Whether every strength has a finite rating.
  bool rated() const;
};

/// A comparison of groups of cells (variants at one strength, or strengths of one variant).
struct Comparison {
  std::string title;                // e.g. "variants at strength ab2"
  std::vector<std::string> labels;  // the groups (variant ids or strength names)
  std::vector<Trinomial> groups;    // per group: side 0's results, counted once per distinct game
  GroupComparison test;             // chi-squared and pairwise score tests
  double chiAdjusted = 1;           // the chi-squared p-value Holm-adjusted over every omnibus test
};

/// Everything the study's games say.
struct BalanceResults {
  StudyConfig study;                // the study as stored
  std::string sideNames[2];         // e.g. attackers, defenders
  std::vector<CellResult> cells;    // variant-major: (v0,s0), (v0,s1), ..., (v1,s0), ...
  std::vector<Comparison> comparisons;  // variants at each strength, then strengths of each variant
  EloAxis elo;                      // the strengths' ratings (none without an Elo plan)
  std::vector<Trend> trends;        // per variant: side 0's score over Elo (unfitted without ratings)
  std::vector<Convergence> limits;  // per variant: whether the score has stopped moving over the top three rungs
  std::vector<NextBoundary> nextRungs;  // per variant: how much stronger than the top its trend would need to cross a verdict boundary
  PooledModel pooled;               // the rule factors' effects over every cell (the top strength's only without ratings)
  SharedOpenings openings;          // how the cells of one strength share their openings
  std::vector<std::string> trendCaveats;  // per variant: why its trend and convergence are not read as findings, or empty
  /// The cell of a variant at a strength.
  const CellResult& cell(int variant, int strength) const {
    return cells[size_t(variant) * study.strengths.size() + size_t(strength)];
  }
  /// The strongest agent: the highest rated strength, or the last listed without ratings.
  int topStrength() const;
  /// The rated strengths' Elo from the lowest to the highest (0 without ratings).
  double eloSpan() const;
};

/// The results of `study` from `store` (cells without games have zero counts).
BalanceResults balanceResults(const StudyConfig& study, const RecordStore& store);

/// The results as one JSON object (rates with intervals, reasons, lengths, tests).
nlohmann::json resultsToJson(const BalanceResults& results);

/// The meta key under which a study's description is stored in its record store.
constexpr const char* kStudyMetaKey = "balance_study";

}  // namespace tz
