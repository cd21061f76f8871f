#pragma once
// Whether one variant at one strength is balanced: the attacker score with draws as half a
// point, an exact test of score = 0.5, an equivalence test within a margin of 0.5 (two
// one-sided tests), and the verdict they give together.
#include <string>

#include "training/matches/stats.h"

namespace tz {

/// What a cell's games say about balance.
enum class Verdict {
  kBalanced,       // the score is within the margin of 0.5 (equivalence shown)
  kSide0Favoured,  // side 0 (attackers in tafl) scores above 0.5
  kSide1Favoured,  // side 1 (defenders in tafl) scores above 0.5
  kUndecided,      // not enough games to say either
};

/// "balanced", "SIDE0 favoured", "SIDE1 favoured" or "undecided", with the sides' names.
std::string verdictName(Verdict verdict, const std::string& side0, const std::string& side1);

/// The balance tests of one cell.
struct BalanceTest {
  Estimate score;            // side 0's score (win 1, draw 1/2), 95% interval
  double signP = 1;          // exact two-sided sign test of score = 0.5 (draws carry no sign)
  double equivalenceP = 1;   // two one-sided tests of |score - 0.5| < margin: the larger p
  double alpha = 0.05;       // the level both tests were read at
  Verdict verdict = Verdict::kUndecided;  // balanced if equivalent, else favoured if the sign test rejects
};

/// Two-sided p-value of the exact binomial test of p = 1/2 with `a` successes and `b`
/// failures (the sign test); 1 when there are none.
double signTestP(int a, int b);

/// The p-value of two one-sided tests that a score lies within (0.5 - margin, 0.5 + margin):
/// normal approximation with the per-game score variance (floored at 1/(4n) when every game
/// had the same result, so n alike games still carry n games' worth of doubt).
double equivalenceP(int wins, int draws, int losses, double margin);

/// The tests of side 0's `wins`, `draws` and `losses`, read at level `alpha`: balanced when
/// equivalence is shown, side 0 or side 1 favoured when the sign test rejects, else undecided.
BalanceTest balanceTest(int wins, int draws, int losses, double margin, double alpha = 0.05);

/// The level each look of a sequential study reads its tests at so that stopping at the first
/// settled verdict keeps the overall error rate at `alpha`: alpha / looks (Bonferroni over the
/// planned looks at min_games, min_games + batch, ..., max_games).
double perLookAlpha(double alpha, int minGames, int maxGames, int batch);

}  // namespace tz
