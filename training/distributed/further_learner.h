#pragma once
// A further learner of a distributed run (0 < rank < LEARNERS): takes its share of every
// training step of rank 0 (data parallel, data_parallel.h) on its own device, with the
// run's config from the store, and writes nothing to the run directory. No LibTorch here.
#include <cstdint>
#include <string>

#include "training/distributed/distributed_options.h"

namespace tz {

/// What a further learner did.
struct FurtherLearnerSummary {
  int64_t steps = 0;      // steps taken by this process
  int64_t step = 0;       // the network's step at the end (rank 0's too)
  std::string digest;     // weightsDigest of its network at the end (rank 0's too)
};

/// Learns beside rank 0 of the run at `options` until rank 0 ends the run. Throws Error,
/// naming rank 0's address and the steps taken, when rank 0 is gone or fails.
FurtherLearnerSummary runFurtherLearner(const DistributedOptions& options);

}  // namespace tz
