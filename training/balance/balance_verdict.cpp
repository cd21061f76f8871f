#include "training/balance/balance_verdict.h"

#include <algorithm>
#include <cmath>

namespace tz {

namespace {

Verdict verdictAt(double zBelow, double zAbove, double boundary) {
  if (zBelow >= boundary && zAbove <= -boundary) return Verdict::kBalanced;
  if (zAbove >= boundary) return Verdict::kSide0Favoured;
  if (zBelow <= -boundary) return Verdict::kSide1Favoured;
  return Verdict::kUndecided;
}

}  // namespace

std::string verdictName(Verdict verdict, const std::string& side0, const std::string& side1) {
  switch (verdict) {
    case Verdict::kBalanced: return "balanced";
    case Verdict::kSide0Favoured: return side0 + " favoured";
    case Verdict::kSide1Favoured: return side1 + " favoured";
    case Verdict::kUndecided: return "undecided";
  }
  return "undecided";
}

Trinomial effectiveCounts(int wins, int draws, int losses, int repeated) {
  const int games = wins + draws + losses;
  if (games == 0) return {};
  const double scale = double(games - std::clamp(repeated, 0, games - 1)) / games;
  return {wins * scale, draws * scale, losses * scale};
}

BalanceTest balanceTest(const Trinomial& games, double margin, double boundary) {
  BalanceTest t;
  t.score = scoreInterval(games.wins, games.draws, games.losses);
  t.effectiveGames = games.games();
  t.boundary = boundary;
  t.alpha = normalUpperTail(boundary);
  if (t.effectiveGames <= 0) return t;
  t.zBelow = scoreZ(games.wins, games.draws, games.losses, 0.5 - margin);
  t.zAbove = scoreZ(games.wins, games.draws, games.losses, 0.5 + margin);
  t.equivalenceP = std::max(normalUpperTail(t.zBelow), normalUpperTail(-t.zAbove));
  t.favouredP = std::min(normalUpperTail(t.zAbove), normalUpperTail(-t.zBelow));
  t.verdict = verdictAt(t.zBelow, t.zAbove, boundary);
  return t;
}

bool verdictWithinReach(const BalanceTest& test, double factor, double boundary) {
  const double grow = std::sqrt(std::max(factor, 1.0));
  return verdictAt(test.zBelow * grow, test.zAbove * grow, boundary) != Verdict::kUndecided;
}

}  // namespace tz
