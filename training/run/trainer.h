#pragma once
// One optimisation step of the policy/value network on a batch: policy cross-entropy
// against the search policy over the legal actions, plus the weighted value mean-squared
// error, with the optimizer's weight decay. No LibTorch in this header.
#include "nets/network.h"
#include "training/run/replay_buffer.h"

namespace tz {

/// Losses of one step (means over the batch).
struct StepLosses {
  double policy = 0;  // cross-entropy of the network policy (over legal actions) against the target
  double value = 0;   // squared error of the value against the result
  double total = 0;   // policy + valueWeight * value
};

/// Trains `net` (which must have an optimizer) one step on `batch` at `learningRate`;
/// increments the network's step.
StepLosses trainStep(Network& net, const Batch& batch, double learningRate, double valueWeight);

}  // namespace tz
