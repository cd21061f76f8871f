#pragma once
// RunPeers over LibTorch's c10d: the learner's hub (the run's store, the actors' games and
// the published weights) and, with more than one learner, the lead of the data-parallel
// learners. What `taflzero train` hands the run on rank 0 of a distributed run. No LibTorch
// here.
#include <memory>

#include "training/distributed/data_parallel.h"
#include "training/distributed/distributed_options.h"
#include "training/distributed/learner_hub.h"
#include "training/run/run_peers.h"

namespace tz {

/// Rank 0's peers in the distributed run described by its DistributedOptions.
class DistributedPeers : public RunPeers {
 public:
  /// The peers of rank 0 at `options`; nothing is served before open().
  explicit DistributedPeers(const DistributedOptions& options);
  ~DistributedPeers() override;

  /// One variant (rule-conditioned runs are not distributed) and a batch that splits over the learners.
  void check(const ExperimentConfig& config) const override;
  std::string open(const std::string& runConfig) override;
  bool portChosenBySystem() const override { return options_.masterPort == 0; }
  void publish(const Network& net) override;
  void receive(const std::atomic<bool>& stop, RunMonitor& monitor, const GameSink& sink) override;
  void openLearners(const Network& net) override;
  StepLosses step(Network& net, const Batch& batch, double learningRate, double valueWeight) override;
  void keepAlive() override;
  void finishLearners() override;
  void finish() override;
  int received() const override { return hub_ ? hub_->received() : 0; }
  double ingestSeconds() const override { return hub_ ? hub_->ingestSeconds() : 0.0; }

 private:
  DistributedOptions options_;
  std::unique_ptr<LearnerHub> hub_;    // from open()
  std::unique_ptr<LeadLearner> lead_;  // from open(), with more than one learner
};

}  // namespace tz
