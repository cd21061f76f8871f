#pragma once
// The learner's end of a distributed run (rank 0): serves the run's store, gives actors the
// run's config and the published weights, and takes their games into the run's record
// store, acknowledging each once committed. No LibTorch here.
#include <atomic>
#include <string>

#include "nets/network.h"
#include "training/distributed/distributed_options.h"
#include "training/distributed/game_mailbox.h"
#include "training/distributed/run_store.h"
#include "training/run/run_monitor.h"

namespace tz {

/// The learner's store and inbox.
class LearnerHub {
 public:
  /// Serves the store at `options` and offers the resolved experiment in `configPath` to
  /// the actors.
  LearnerHub(const DistributedOptions& options, const std::string& configPath);

  /// Publishes `net`'s weights to the actors.
  void publish(const Network& net);
  /// Stores the actors' games through `sink` until `stop` is set or `monitor`'s budget is
  /// spent (games arriving after that are not acknowledged), keeping the store's `games`
  /// count up to date; every 10 s (and at the end) writes a `selfplay` metrics line of the
  /// games received meanwhile (source "actors": results, plies, stored positions, rates).
  void receive(const std::atomic<bool>& stop, RunMonitor& monitor, const LearnerInbox::Sink& sink);
  /// Tells the actors that the run is over and waits (a few seconds at most) for those
  /// still connected to leave, so that none finds the store gone.
  void finish();
  /// The run's store (for the learners' meeting).
  RunStore& store() { return store_; }
  /// Games received from the actors by this process.
  int received() const { return received_; }
  /// Seconds this process spent taking them (store, decoding, SQLite commit, replay buffer).
  double ingestSeconds() const { return ingestSeconds_; }

 private:
  RunStore store_;
  LearnerInbox inbox_;
  int received_ = 0;          // receiving thread only
  double ingestSeconds_ = 0;  // receiving thread only
};

/// The run's experiment as rank 0 offers it in `store` (its resolved config.yaml), for the
/// other learners and the actors.
ExperimentConfig offeredExperiment(RunStore& store);

}  // namespace tz
