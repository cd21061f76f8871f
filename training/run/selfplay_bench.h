#pragma once
// `taflzero bench selfplay`: leaf evaluations per second of batched self-play with a
// network, against the bare forward rate of the same network at the same batch size.
#include <string>

namespace tz {

/// Figures of one self-play benchmark.
struct SelfPlayBenchResult {
  int games = 0;                        // games played
  double positionsPerSecond = 0;        // moves played per second
  double evaluationsPerSecond = 0;      // leaves evaluated per second (wall clock)
  double evaluationsPerCpuSecond = 0;   // leaves evaluated per second of process CPU time
  double meanBatch = 0;                 // mean leaves per evaluate() call
  double forwardPerSecond = 0;          // bare forward passes at that batch size (wall clock)
  double forwardPerCpuSecond = 0;       // the same per CPU second
  /// Self-play's share of the forward ceiling, wall clock.
  double ratio() const { return forwardPerSecond > 0 ? evaluationsPerSecond / forwardPerSecond : 0; }
  /// The same in CPU time (steadier on a shared machine).
  double cpuRatio() const { return forwardPerCpuSecond > 0 ? evaluationsPerCpuSecond / forwardPerCpuSecond : 0; }
};

/// Plays `games` concurrent self-play games of `variant` on one worker with `simulations`
/// per move (a Gumbel root when `gumbel`), then measures the bare forward rate at the mean
/// batch size.
SelfPlayBenchResult benchSelfPlay(const std::string& variant, const std::string& network, int games, int simulations,
                                  bool gumbel = false);

}  // namespace tz
