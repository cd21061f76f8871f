#pragma once
// `taflzero bench selfplay`: leaf evaluations per second of batched self-play with a
// network, against the bare forward rate of the same network at the same batch size.
#include <string>

#include "nets/forward_pass.h"

namespace tz {

/// What one self-play benchmark plays.
struct SelfPlayBenchOptions {
  std::string variant = "brandubh";  // preset name or file
  std::string network = "small";     // network preset or file
  int games = 32;                    // concurrent games of each worker (its batch of leaves)
  int simulations = 64;              // simulations per move
  int workers = 2;                   // self-play threads sharing the one network thread, as the CPU
                                     // training configs: one searches while the other's batch runs
  bool gumbel = false;               // a Gumbel root (as the CPU training configs) instead of PUCT
  int maxWaitUs = 300;               // how long the network thread waits to merge workers' leaves
                                     // into one batch (the CPU training configs' max_wait_us)
  Precision precision = Precision::fp32;  // the network's arithmetic, in self-play and in the bare pass
  /// Throws Error naming the first option out of range.
  void check() const;
};

/// Figures of one self-play benchmark.
struct SelfPlayBenchResult {
  int games = 0;                        // games played
  double positionsPerSecond = 0;        // moves played per second
  double evaluationsPerSecond = 0;      // leaves evaluated per second (wall clock)
  double evaluationsPerCpuSecond = 0;   // leaves evaluated per second of process CPU time
  double meanBatch = 0;                 // mean forward batch of the network thread
  double forwardPerSecond = 0;          // bare forward passes at that batch size (wall clock)
  double forwardPerCpuSecond = 0;       // the same per CPU second
  /// Self-play's share of the forward ceiling, wall clock.
  double ratio() const { return forwardPerSecond > 0 ? evaluationsPerSecond / forwardPerSecond : 0; }
  /// The same in CPU time (steadier on a shared machine).
  double cpuRatio() const { return forwardPerCpuSecond > 0 ? evaluationsPerCpuSecond / forwardPerCpuSecond : 0; }
};

/// Plays `options.games` concurrent self-play games on each worker, their leaves evaluated by
/// one network thread, then measures that network's bare forward rate (one thread, the same
/// precision) at the network thread's mean forward batch (workers' leaves merged into one
/// batch count as one).
SelfPlayBenchResult benchSelfPlay(const SelfPlayBenchOptions& options);

}  // namespace tz
