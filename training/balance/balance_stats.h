#pragma once
// Balance statistics of a study's games: result rates with Wilson intervals, end reasons,
// game lengths, the precision-based stopping rule, and tests comparing groups of games
// (chi-squared over groups x results, pairwise Fisher exact with Holm's adjustment).
#include <array>
#include <map>
#include <string>
#include <vector>

#include "training/balance/balance_study.h"
#include "training/balance/balance_verdict.h"
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
};

/// The statistics of `games` (all zero intervals when there are none).
CellStats cellStats(const std::vector<GameRecord>& games);

/// The mean of the values; 0 when empty.
double mean(const std::vector<int>& values);

/// The q-quantile (0..1) of ascending values, interpolated linearly; 0 when empty.
double quantile(const std::vector<int>& ascending, double q);

/// Whether a cell goes on: the sequential stopping rule's decision.
enum class StopReason {
  kContinue,   // below min_games, or the interval is still wider than the precision
  kPrecision,  // the half-width of side 0's score interval reached the precision
  kVerdict,    // stop_on_verdict: the verdict is settled at the look's level
  kMaxGames,   // max_games played
};

/// "continue", "precision", "verdict" or "max_games".
std::string stopReasonName(StopReason reason);

/// The level a cell's verdict is read at: 0.05, or with stop_on_verdict the level of each
/// look (perLookAlpha), so that stopping at a settled verdict keeps the error rate at 0.05.
double verdictAlpha(const StoppingRule& rule);

/// The balance tests of counts {side 0 wins, side 1 wins, draws} under the rule's margin and level.
BalanceTest cellBalance(const std::array<int, 3>& counts, const StoppingRule& rule);

/// Half the width of the 95% interval of side 0's score (scoreInterval, draws as half) for
/// counts {side 0 wins, side 1 wins, draws}; 0 without games.
double scoreHalfWidth(const std::array<int, 3>& counts);

/// The decision after games with `counts` {side 0 wins, side 1 wins, draws}: stop at
/// max_games, or from min_games on once the score's half-width is at most the precision, or (with
/// stop_on_verdict) once the verdict is settled. The precision rule looks only at the
/// interval's width, never at a test result, so it does not bias the estimate; the verdict
/// rule does look at tests, and reads each look at alpha / looks to pay for it.
StopReason stoppingDecision(const std::array<int, 3>& counts, const StoppingRule& rule);

/// Where a cell stands: the games it must have (rounds 0..target-1) and the decision there.
struct CellProgress {
  int target = 0;                         // games the cell needs before the next look
  StopReason stop = StopReason::kContinue;  // kContinue until a look stops it
};

/// Replays the rule's looks (at min_games, then every batch, capped at max_games) over the
/// stored games (by round): the first look not yet reached, or the look that stopped.
CellProgress cellProgress(const std::vector<GameRecord>& games, const StoppingRule& rule);

/// A pairwise comparison of side 0's win rate between two groups.
struct PairTest {
  int a = 0, b = 0;       // group indices
  double p = 1;           // two-sided Fisher exact p-value on {side 0 wins, other results}
  double adjusted = 1;    // Holm-adjusted over every pair of the comparison
};

/// Groups of games compared: one omnibus test and every pair.
struct GroupComparison {
  ChiSquare chi;                // groups x {side 0 wins, side 1 wins, draws}
  std::vector<PairTest> pairs;  // (0,1), (0,2), ..., (n-2,n-1)
};

/// Compares groups given as {side 0 wins, side 1 wins, draws} counts.
GroupComparison compareGroups(const std::vector<std::array<int, 3>>& counts);

}  // namespace tz
