#pragma once
// One optimisation step of the policy/value network on a batch: policy cross-entropy
// against the search policy over the legal actions, plus the weighted value mean-squared
// error, with the optimizer's weight decay. No LibTorch in this header.
#include "nets/network.h"
#include "training/run/replay_buffer.h"

namespace tz {

/// What averages the learners' gradients in a data-parallel step (GradientAverager in
/// training/distributed/ implements it, so the trainer needs nothing of that room).
class GradientSync {
 public:
  virtual ~GradientSync() = default;
  /// Replaces the gradients of `net`'s parameters (and its floating-point buffers) with
  /// their mean over the learners.
  virtual void average(Network& net) = 0;
};

/// Losses of one step (means over the batch).
struct StepLosses {
  double policy = 0;  // cross-entropy of the network policy (over legal actions) against the target
  double value = 0;   // squared error of the value against its target; a wdl head adds its cross-entropy against the result
  double total = 0;   // policy + valueWeight * value
};

/// Trains `net` (which must have an optimizer) one step on `batch` at `learningRate`;
/// increments the network's step. With `sync`, the gradients (and batch-norm running
/// statistics) are averaged over the learners before the update (data parallel: each
/// learner's `batch` is its share; its losses are its share's).
StepLosses trainStep(Network& net, const Batch& batch, double learningRate, double valueWeight,
                     GradientSync* sync = nullptr);

}  // namespace tz
