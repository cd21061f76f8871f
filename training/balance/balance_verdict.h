#pragma once
// Whether one variant at one strength is balanced: side 0's score with draws as half a point,
// counted over effective games (a repeated game adds no information), and two kinds of
// one-sided score test against the balance margin, read at one look's boundary of the
// sequential design (sequential_design.h): equivalence (the score within 0.5 +- margin:
// balanced) and minimum effect (the score beyond 0.5 + margin or below 0.5 - margin: that
// side favoured).
#include <string>

#include "training/matches/stats.h"

namespace tz {

/// What a cell's games say about balance.
enum class Verdict {
  kBalanced,       // the score is shown within the margin of 0.5 (equivalence)
  kSide0Favoured,  // side 0 (attackers in tafl) is shown to score above 0.5 + margin
  kSide1Favoured,  // side 1 (defenders in tafl) is shown to score above 0.5 + margin
  kUndecided,      // not enough games to say either
};

/// "balanced", "SIDE0 favoured", "SIDE1 favoured" or "undecided", with the sides' names.
std::string verdictName(Verdict verdict, const std::string& side0, const std::string& side1);

/// A cell's games as its tests weigh them: side 0's wins, draws and losses, each scaled by
/// distinct games / games, so that a game repeating an earlier one adds no information.
struct Trinomial {
  double wins = 0;    // side 0's wins
  double draws = 0;   // draws
  double losses = 0;  // side 0's losses (side 1's wins)
  /// The (effective) number of games.
  double games() const { return wins + draws + losses; }
};

/// The effective counts of `wins`, `draws` and `losses` of which `repeated` games repeat an
/// earlier game (the score is unchanged; the sample size is the number of distinct games).
Trinomial effectiveCounts(int wins, int draws, int losses, int repeated);

/// The balance tests of one cell at one look.
struct BalanceTest {
  Estimate score;             // side 0's score (win 1, draw 1/2), 95% score interval over the effective games
  double effectiveGames = 0;  // games counted once per distinct game
  double zBelow = 0;          // scoreZ at 0.5 - margin: >= boundary for balanced, <= -boundary for side 1 favoured
  double zAbove = 0;          // scoreZ at 0.5 + margin: <= -boundary for balanced, >= boundary for side 0 favoured
  double equivalenceP = 1;    // two one-sided tests of |score - 0.5| >= margin: the larger p
  double favouredP = 1;       // minimum effect on the estimate's side: p of the score lying within the margin or beyond it on the other side
  double boundary = 0;        // the look's critical value of z
  double alpha = 0.05;        // the look's nominal one-sided level, P(Z >= boundary)
  Verdict verdict = Verdict::kUndecided;  // balanced, a side favoured, or undecided
};

/// The tests of `games` against `margin`, read at the critical value `boundary`: balanced
/// when both one-sided equivalence tests reach it, a side favoured when its minimum-effect
/// test reaches it, else undecided (the two cannot both hold).
BalanceTest balanceTest(const Trinomial& games, double margin, double boundary);

/// Whether `test` would settle a verdict at critical value `boundary` after `factor` (>= 1)
/// times its games if the proportions stayed as they are (z grows with sqrt(games)).
bool verdictWithinReach(const BalanceTest& test, double factor, double boundary);

}  // namespace tz
