#include "training/distributed/weights_channel.h"

#include "nets/checkpoint.h"
#include "nets/network_impl.h"

namespace tz {

namespace {
const char* kWeights = "weights";
const char* kVersion = "weights/version";
}  // namespace

std::string weightsMessage(const Network& net) {
  Network copy(net.meta(), "cpu");
  torch::NoGradGuard noGrad;
  const auto from = net.impl().net->named_parameters(), to = copy.impl().net->named_parameters();
  for (const auto& item : from) to[item.key()].copy_(item.value());
  const auto fromBuffers = net.impl().net->named_buffers(), toBuffers = copy.impl().net->named_buffers();
  for (const auto& item : fromBuffers) toBuffers[item.key()].copy_(item.value());
  copy.setStep(net.step());
  return checkpointBytes(copy);
}

void publishWeights(RunStore& store, const Network& net) {
  store.set(kWeights, weightsMessage(net));
  store.add(kVersion, 1);
}

bool WeightsFollower::update(PublishedWeights& weights) {
  if (version_ == 0) store_.get(kVersion);  // waits for the first publication
  const int64_t version = store_.add(kVersion, 0);
  if (version == version_) return false;
  const std::string bytes = store_.get(kWeights);
  weights.publish(*networkFromCheckpointBytes(bytes, "the learner's weights", device_));
  version_ = version;
  lastBytes_ = bytes.size();
  return true;
}

}  // namespace tz
