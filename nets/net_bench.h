#pragma once
// Network throughput measurements: bare forward passes (the ceiling) and the batched
// evaluator under concurrent requesters, for `taflzero bench net` and the search benchmark.
#include <memory>

#include "game/game.h"
#include "nets/net_evaluator.h"
#include "nets/network.h"

namespace tz {

/// Positions per second of bare Network::predict calls on `batch` sample positions,
/// timed over at least `seconds` and three calls, after one warm-up call.
double forwardThroughput(const Network& net, const Game& game, int batch, double seconds);

/// What a NetEvaluator achieved under load.
struct EvaluatorThroughput {
  double positionsPerSecond = 0;  // positions answered per second
  double meanBatch = 0;           // mean forward batch size in the timed window
};

/// Positions per second through a NetEvaluator with `options`, fed by `requesters` threads
/// that each submit `perCall` requests per evaluate() call, timed over `seconds` after a
/// short warm-up.
EvaluatorThroughput evaluatorThroughput(std::shared_ptr<const Network> net, const Game& game,
                                        const NetEvaluatorOptions& options, int requesters, int perCall,
                                        double seconds);

}  // namespace tz
