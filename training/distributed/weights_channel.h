#pragma once
// The learner's weights to the actors through the run's store: the learner sets `weights`
// (a checkpoint without optimizer state) and then counts up `weights/version`; actors poll
// the version and load the weights when it moves. No LibTorch here.
#include <cstdint>
#include <string>

#include "nets/network.h"
#include "training/distributed/run_store.h"
#include "training/run/published_weights.h"

namespace tz {

/// The bytes sent for `net`: its weights, buffers, step and metadata as a checkpoint
/// without the optimizer state.
std::string weightsMessage(const Network& net);

/// Publishes `net`'s weights to the actors.
void publishWeights(RunStore& store, const Network& net);

/// An actor's view of the learner's weights.
class WeightsFollower {
 public:
  /// Follows the weights in `store`, loading them onto `device`.
  WeightsFollower(RunStore& store, std::string device) : store_(store), device_(std::move(device)) {}
  /// Publishes the learner's newest weights to `weights` when they changed since the last
  /// call; returns whether they did. The first call waits for the learner's first weights.
  bool update(PublishedWeights& weights);
  /// Bytes of the last weights message loaded.
  size_t lastBytes() const { return lastBytes_; }

 private:
  RunStore& store_;
  std::string device_;
  int64_t version_ = 0;
  size_t lastBytes_ = 0;
};

}  // namespace tz
