#pragma once
// Data-parallel training: learners that each compute gradients on their own share of a
// batch average them (Gloo all-reduce over the run's store) before the optimizer step, so
// that every learner takes the same step; rank 0 broadcasts what all must share (the
// batch). No LibTorch here (pimpl).
#include <chrono>
#include <memory>
#include <vector>

#include "nets/network.h"
#include "training/distributed/run_store.h"
#include "training/run/trainer.h"

namespace tz {

/// One learner's member of the learners' process group (c10d ProcessGroupGloo).
class GradientAverager : public GradientSync {
 public:
  /// Joins the group of `size` learners as `rank` (0-based), meeting the others under
  /// `prefix` in `store`; blocks until all have joined. Joining and every later call give
  /// up with Error after `timeout`, or at once when another learner's process is gone.
  GradientAverager(RunStore& store, const std::string& prefix, int rank, int size,
                   std::chrono::seconds timeout = std::chrono::seconds(60));
  ~GradientAverager();
  GradientAverager(const GradientAverager&) = delete;
  GradientAverager& operator=(const GradientAverager&) = delete;

  /// Replaces the gradients of `net`'s parameters with their mean over the learners (one
  /// all-reduce of all of them flattened), and its floating-point buffers (batch-norm
  /// running statistics, which each learner updated from its own share) with their mean.
  /// Every learner must call it with the same architecture.
  void average(Network& net) override;
  /// Replaces `values` with rank 0's `values` on every learner (all of the same size).
  void broadcast(std::vector<float>& values);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tz
