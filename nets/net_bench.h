#pragma once
// Network throughput measurements: bare forward passes (the ceiling) and the batched
// evaluator under concurrent requesters, for `taflzero bench net` and the search benchmark.
#include <memory>

#include "game/game.h"
#include "nets/net_evaluator.h"

namespace tz {

/// A throughput measured both against the wall clock and against the CPU time the whole
/// process used (the latter is steadier on a machine shared with other work).
struct Throughput {
  double perSecond = 0;     // positions per wall-clock second
  double perCpuSecond = 0;  // positions per second of process CPU time (all threads)
  double meanBatch = 0;     // mean forward batch size
};

/// Bare forward passes (`pass`, in its precision) on `batch` sample positions, timed over
/// at least `seconds` and three calls, after one warm-up call.
Throughput forwardThroughput(const ForwardPass& pass, const Game& game, int batch, double seconds);

/// A NetEvaluator with `options`, fed by `requesters` threads that each submit `perCall`
/// requests per evaluate() call, timed over at least `seconds` and three batches, after a
/// warm-up.
Throughput evaluatorThroughput(std::shared_ptr<const Network> net, const Game& game,
                               const NetEvaluatorOptions& options, int requesters, int perCall, double seconds);

}  // namespace tz
