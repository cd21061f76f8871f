#pragma once
// A cell's score corrected for where it stopped. A cell that may stop at a look once its
// verdict is settled stops there when its games happen to run far from 0.5, so the score of
// a cell stopped early lies further from 0.5 than the truth (a truth of 0.38 stopped at 250
// of 400 games averages about 0.33), and the score of a cell that ran to max_games lies
// nearer. The adjusted score is a conditional bias-adjusted estimate (after Troendle & Yu
// 1999; Fan, DeMets & Lan 2004), conditioned on whether the cell stopped early: the true
// score p whose expected score among cells that stopped as it did (before max_games, or at
// it), E_p[score | stopped early] or E_p[score | ran to max_games], equals the observed one,
// the draw rate held at the observed share. The expectations are simulated through the real
// stopping rule (cell_simulation.h) with common random numbers on a grid of p, and inverted
// by linear interpolation between the grid points where enough simulated cells stopped so.
// (Conditioning on the very look leaves biases up to 0.02 at the first looks, where a cell's
// score there hardly moves with the truth; the two groups keep them within 0.01.)
#include <array>
#include <cstdint>
#include <vector>

#include "training/balance/balance_stats.h"

namespace tz {

/// Whether `rule` can stop a cell before max_games (it has more than one look).
bool canStopEarly(const StoppingRule& rule);

/// E_p[side 0's score | stopped early] and E_p[side 0's score | ran to max_games] over p, for
/// one rule and draw rate.
class StoppedScoreCurve {
 public:
  /// Simulates `paths` cells (seeded by `seed`) at each of `points` scores spread over
  /// [drawRate / 2, 1 - drawRate / 2].
  StoppedScoreCurve(const StoppingRule& rule, double drawRate, int paths = 1000, int points = 41,
                    uint64_t seed = 20261207);
  /// The truth whose expected score among cells stopping as this one did (`early`: before
  /// max_games) is `observed` (clamped to the grid points where at least kMinStops simulated
  /// cells stopped so); `observed` itself where no grid point has that many.
  double invert(bool early, double observed) const;
  /// The simulated cells a grid point needs stopping so for its conditional mean to be used.
  static constexpr int kMinStops = 25;

 private:
  // Stopped early [0] and ran to max_games [1]: the truths (ascending) where enough cells
  // stopped so, and their mean scores at the stop.
  std::vector<std::vector<double>> truth_, expected_;
};

/// The stopping-adjusted score of a cell that stopped with `counts` {side 0 wins, side 1
/// wins, draws} under `rule` (its family included), early when its games are fewer than
/// max_games; the raw
/// score when the rule cannot stop early or there are no games. Curves are remembered per
/// rule and draw rate (rounded to 0.01), thread-safe.
double stoppingAdjustedScore(const std::array<int, 3>& counts, const StoppingRule& rule);

}  // namespace tz
