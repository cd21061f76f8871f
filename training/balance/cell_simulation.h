#pragma once
// Simulated balance cells: independent games drawn from a known win/draw/loss distribution,
// played through the real stopping rule (stoppingDecision at each look of lookSchedule) and
// read by the real verdict code (cellBalance). The plan, the stopping-adjusted score and the
// design's simulation tests all ask the same question of it: what would a cell whose truth is
// this score and draw rate do under this rule?
#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "training/balance/balance_stats.h"

namespace tz {

/// A cell's true result distribution: side 0's expected score (draws as half) and draw rate.
struct CellTruth {
  double score = 0.5;    // side 0's expected score per game
  double drawRate = 0;   // the share of games drawn
  /// Whether a win/draw/loss distribution has this score and draw rate (drawRate / 2 <= score <= 1 - drawRate / 2).
  bool possible() const;
};

/// Where a simulated cell stopped.
struct SimulatedStop {
  std::array<int, 3> counts{0, 0, 0};     // {side 0 wins, side 1 wins, draws} at the stop
  int games = 0;                          // games played
  StopReason stop = StopReason::kMaxGames;  // the rule's decision there
  /// Side 0's score at the stop (draws as half).
  double score() const { return games > 0 ? (counts[0] + 0.5 * counts[2]) / games : 0; }
};

/// The seed of path `index` of a set of paths seeded by `seed`: each path draws its games'
/// random numbers from its own generator, so that the same path replays alike at several truths
/// and under several rules (common random numbers: smooth curves in the truth).
uint64_t pathSeed(uint64_t seed, int index);

/// Plays the path seeded by `path` at `truth` through `rule`'s looks and stopping decisions,
/// games being independent (no repeats): game i draws u uniform in [0, 1) and is a draw when
/// u < drawRate, a side-0 win when u < drawRate + score - drawRate / 2, else a side-0 loss.
SimulatedStop playCell(const CellTruth& truth, const StoppingRule& rule, uint64_t path);

/// The share of `paths` paths (pathSeed(seed, 0..paths-1), played at `truth` through `rule`)
/// whose verdict at the stop, read with the error spent at kVerdictAlpha / rule.family
/// (Bonferroni over the cell's family, which Holm's procedure always keeps), is `verdict`;
/// side 0 and side 1 favoured count together when `verdict` is either.
double verdictRate(const CellTruth& truth, const StoppingRule& rule, Verdict verdict, int paths, uint64_t seed);

}  // namespace tz
