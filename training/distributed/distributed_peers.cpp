#include "training/distributed/distributed_peers.h"

#include <chrono>

#include "game/base/error.h"
#include "training/run/run_variants.h"

namespace tz {

DistributedPeers::DistributedPeers(const DistributedOptions& options) : options_(options) {}

DistributedPeers::~DistributedPeers() = default;

void DistributedPeers::check(const ExperimentConfig& config) const {
  checkBatchSplits(config.training.batchSize, options_.learners);
  if (RunVariants(config).size() > 1) {
    throw Error(config.file + ": key 'variants': a distributed run trains on one variant (rule-conditioned runs are not distributed)");
  }
}

std::string DistributedPeers::open(const std::string& runConfig) {
  hub_ = std::make_unique<LearnerHub>(options_, runConfig);
  if (options_.learners > 1) {
    lead_ = std::make_unique<LeadLearner>(hub_->store(), options_.learners, std::chrono::seconds(options_.timeoutSeconds));
  }
  return hub_->store().address();
}

void DistributedPeers::publish(const Network& net) { hub_->publish(net); }

void DistributedPeers::receive(const std::atomic<bool>& stop, RunMonitor& monitor, const GameSink& sink) {
  hub_->receive(stop, monitor, sink);
}

void DistributedPeers::openLearners(const Network& net) {
  if (lead_) lead_->open(net);
}

StepLosses DistributedPeers::step(Network& net, const Batch& batch, double learningRate, double valueWeight) {
  return lead_ ? lead_->step(net, batch, learningRate, valueWeight) : trainStep(net, batch, learningRate, valueWeight);
}

void DistributedPeers::keepAlive() {
  if (lead_) lead_->keepAlive();
}

void DistributedPeers::finishLearners() {
  if (lead_) lead_->finish();
}

void DistributedPeers::finish() { hub_->finish(); }

}  // namespace tz
