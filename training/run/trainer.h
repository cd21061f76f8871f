#pragma once
// One optimisation step of the policy/value network on a batch: policy cross-entropy
// against the search policy over the legal actions, plus the weighted value mean-squared
// error, with the optimizer's weight decay. No LibTorch in this header.
#include "nets/network.h"
#include "training/run/replay_buffer.h"

namespace tz {

class GradientAverager;

/// Losses of one step (means over the batch).
struct StepLosses {
  double policy = 0;  // cross-entropy of the network policy (over legal actions) against the target
  double value = 0;   // squared error of the value against its target; a wdl head adds its cross-entropy against the result
  double total = 0;   // policy + valueWeight * value
};

/// Trains `net` (which must have an optimizer) one step on `batch` at `learningRate`;
/// increments the network's step. With `averager`, the gradients (and batch-norm running
/// statistics) are averaged over the learners before the update (data parallel: each
/// learner's `batch` is its share; its losses are its share's).
StepLosses trainStep(Network& net, const Batch& batch, double learningRate, double valueWeight,
                     GradientAverager* averager = nullptr);

}  // namespace tz
