#pragma once
// Balance statistics of a study's games: result rates with Wilson intervals, end reasons,
// game lengths, the sequential stopping rule, the cells' verdicts read together (Holm), and
// tests comparing groups of games (chi-squared over groups x results, pairwise score tests
// with Holm's adjustment).
#include <array>
#include <map>
#include <string>
#include <vector>

#include "training/balance/balance_study.h"
#include "training/balance/balance_verdict.h"
#include "training/balance/sequential_design.h"
#include "training/matches/hypothesis.h"
#include "training/matches/records.h"
#include "training/matches/stats.h"

namespace tz {

/// Counts and rates of a set of games (side 0 = attackers in tafl).
struct CellStats {
  int games = 0;                       // number of games
  int wins[2] = {0, 0};                // games won by side 0 and side 1
  int draws = 0;                       // drawn games
  Estimate winRate[2];                 // 95% Wilson intervals of each side's win rate
  Estimate drawRate;                   // 95% Wilson interval of the draw rate
  std::map<std::string, int> reasons;  // games by end reason (escape, king_captured, ...)
  std::vector<int> plies;              // game lengths in plies, ascending
  int repeated = 0;                    // games whose start and moves repeat an earlier game's
  /// {side 0 wins, side 1 wins, draws}.
  std::array<int, 3> counts() const { return {wins[0], wins[1], draws}; }
  /// Side 0's results counted once per distinct game (effectiveCounts).
  Trinomial effective() const { return effectiveCounts(wins[0], draws, wins[1], repeated); }
};

/// A cell is near-separated when one side's non-losses (wins and draws) are fewer than this
/// and fewer than kNearSeparatedShare of its games (almost no wins for one side): its score is
/// bounded exactly, and no trend is read from it as a finding.
constexpr int kNearSeparated = 5;
/// The share of a cell's games below which kNearSeparated non-losses make it near-separated.
constexpr double kNearSeparatedShare = 0.05;

/// The exact bound of a near-separated cell.
struct ExactBound {
  bool applies = false;  // one side has fewer than kNearSeparated non-losses (wins + draws), and fewer than 5% of the games
  int side = 0;          // that side
  int nonLosses = 0;     // its wins + draws
  double bound = 1;      // its score is at most this: the Clopper-Pearson 97.5% upper bound of its non-loss rate
};

/// The exact bound of the cell `s` (not applying without games).
ExactBound exactBound(const CellStats& s);

/// The statistics of `games` (all zero intervals when there are none).
CellStats cellStats(const std::vector<GameRecord>& games);

/// The mean of the values; 0 when empty.
double mean(const std::vector<int>& values);

/// The q-quantile (0..1) of ascending values, interpolated linearly; 0 when empty.
double quantile(const std::vector<int>& ascending, double q);

/// Whether a cell goes on: the sequential stopping rule's decision.
enum class StopReason {
  kContinue,   // below min_games, or neither the precision nor (with stop_on_verdict) a verdict reached
  kPrecision,  // the score's half-width reached the precision, and no verdict is within reach
  kVerdict,    // stop_on_verdict: the verdict is settled at the look's boundary
  kMaxGames,   // max_games played
};

/// "continue", "precision", "verdict" or "max_games".
std::string stopReasonName(StopReason reason);

/// The error rate each kind of verdict (balanced, favoured) is held at: per cell over its
/// looks, and over a study's cells by studyVerdicts.
constexpr double kVerdictAlpha = 0.05;

/// The nominal one-sided level the rule's last look reads its tests at (the largest of its
/// looks' levels; earlier looks read at smaller ones, sequential_design.h).
double verdictAlpha(const StoppingRule& rule);

/// The balance tests of counts {side 0 wins, side 1 wins, draws} of which `repeated` repeat
/// an earlier game, read at the boundary of the last look the games reached, with `alpha`
/// spent over the rule's looks.
BalanceTest cellBalance(const std::array<int, 3>& counts, int repeated, const StoppingRule& rule,
                        double alpha = kVerdictAlpha);

/// Half the width of the 95% score interval of side 0 (scoreInterval over the effective
/// counts) for counts {side 0 wins, side 1 wins, draws}; 0 without games.
double scoreHalfWidth(const std::array<int, 3>& counts, int repeated);

/// The decision at a look after games with `counts` {side 0 wins, side 1 wins, draws} and
/// `repeated` repeats: stop at max_games; from min_games on, with stop_on_verdict, once the
/// verdict is settled; once the score's half-width is at most the precision, unless no
/// verdict is settled but one is within reach (verdictWithinReach by max_games at the last
/// look's boundary), which plays on. "Settled" and "within reach" are read with the error
/// spent at kVerdictAlpha / family (Bonferroni over the study's cells), so that Holm keeps
/// the verdict a cell stopped on; every verdict is read at its look's boundary, so none of
/// these stops raises a verdict's error rate.
StopReason stoppingDecision(const std::array<int, 3>& counts, int repeated, const StoppingRule& rule);

/// Where a cell stands: the games it must have (rounds 0..target-1) and the decision there.
struct CellProgress {
  int target = 0;                         // games the cell needs before the next look
  StopReason stop = StopReason::kContinue;  // kContinue until a look stops it
};

/// Plays the rule's looks (lookSchedule) over games taken one at a time: `next(counts,
/// repeated)` adds the next game's result to counts {side 0 wins, side 1 wins, draws} (and 1
/// to `repeated` when it repeats an earlier game) and returns false when there is none. At
/// each look reached, stoppingDecision; returns the first look not reached (kContinue) or the
/// look that stopped, the counts and repeats there left in `counts` and `repeated`.
template <class Next>
CellProgress playLooks(const StoppingRule& rule, Next next, std::array<int, 3>& counts, int& repeated) {
  int have = 0;
  for (const int target : lookSchedule(rule.minGames, rule.maxGames, rule.batch)) {
    for (; have < target; ++have)
      if (!next(counts, repeated)) return {target, StopReason::kContinue};
    const StopReason stop = stoppingDecision(counts, repeated, rule);
    if (stop != StopReason::kContinue) return {target, stop};
  }
  return {rule.maxGames, StopReason::kMaxGames};  // not reached: the last look is at max_games
}

/// Replays the rule's looks over the stored games (by round, repeats counted as in
/// cellStats): the first look not yet reached, or the look that stopped.
CellProgress cellProgress(const std::vector<GameRecord>& games, const StoppingRule& rule);

/// A cell's verdict once a study's cells are read together.
struct StudyVerdict {
  Verdict verdict = Verdict::kUndecided;  // the cell's own verdict where Holm keeps it, else undecided
  double level = 1;     // the smallest of alpha/m, ..., alpha/2, alpha at which the cell's verdict holds; 1: none
  double adjusted = 1;  // Holm-adjusted level over the m cells' claims of the same kind
};

/// Holm's step-down over a study's m cells, one family per kind of claim (balanced;
/// favoured): a cell's verdict holds at level alpha/k when it is reached with the error spent
/// at alpha/k, and Holm keeps it when that level is small enough for its rank, so that the
/// chance of any wrong claim of a kind over the whole study stays at kVerdictAlpha.
std::vector<StudyVerdict> studyVerdicts(const std::vector<std::array<int, 3>>& counts,
                                        const std::vector<int>& repeated, const StoppingRule& rule);

/// A pairwise comparison of side 0's score between two groups.
struct PairTest {
  int a = 0, b = 0;       // group indices
  double p = 1;           // two-sided p of equal scores (linear-by-linear test, scores 0, 1/2, 1)
  double adjusted = 1;    // Holm-adjusted over every pair of the comparison
};

/// Groups of games compared: one omnibus test and every pair.
struct GroupComparison {
  ChiSquare chi;                // groups x {side 0 wins, side 1 wins, draws}, effective counts
  std::vector<PairTest> pairs;  // (0,1), (0,2), ..., (n-2,n-1)
};

/// The two-sided p-value of equal mean scores in two groups: Mantel's linear-by-linear
/// association test on the 2 x {loss, draw, win} table with scores 0, 1/2, 1,
/// z^2 = (N - 1) r^2 (the permutation variance of the score difference); 1 without variance.
double scoreDifferenceP(const Trinomial& a, const Trinomial& b);

/// Compares groups given as effective counts of side 0's results.
GroupComparison compareGroups(const std::vector<Trinomial>& groups);

}  // namespace tz
