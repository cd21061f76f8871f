#pragma once
// The other processes of a distributed run as its learner (rank 0) sees them: the actors
// that play its games and the further learners that share its training steps. The run owns
// this interface and training/distributed/ implements it (DistributedPeers), so that nothing
// in training/run/ includes training/distributed/. No LibTorch here.
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "nets/network.h"
#include "training/matches/records.h"
#include "training/run/experiment.h"
#include "training/run/run_monitor.h"
#include "training/run/trainer.h"

namespace tz {

/// A distributed run's actors and further learners.
class RunPeers {
 public:
  /// Where a received game goes (the run's record store and replay buffer).
  using GameSink = std::function<void(GameRecord&& record, std::vector<PositionRecord>&& positions)>;

  virtual ~RunPeers() = default;

  /// Throws Error naming the key unless the run of `config` can be shared with the peers
  /// (called before anything of the run is created or resumed).
  virtual void check(const ExperimentConfig& config) const = 0;
  /// Starts serving the run whose resolved experiment is the file `runConfig`; returns the
  /// address the actors and learners reach it at.
  virtual std::string open(const std::string& runConfig) = 0;
  /// Whether the user left the port to the system, so that only the run can tell them where it is.
  virtual bool portChosenBySystem() const = 0;
  /// Hands `net`'s weights to the actors.
  virtual void publish(const Network& net) = 0;
  /// Stores the actors' games through `sink` until `stop` is set or `monitor`'s budget is spent.
  virtual void receive(const std::atomic<bool>& stop, RunMonitor& monitor, const GameSink& sink) = 0;
  /// Offers `net` to the further learners and waits until all have joined (nothing without them).
  virtual void openLearners(const Network& net) = 0;
  /// One training step of `net` on `batch`, shared with the further learners when there are some.
  virtual StepLosses step(Network& net, const Batch& batch, double learningRate, double valueWeight) = 0;
  /// Tells the further learners to keep waiting while no step is taken.
  virtual void keepAlive() = 0;
  /// Ends the further learners' work (before the run stops receiving games).
  virtual void finishLearners() = 0;
  /// Tells the actors that the run is over and waits briefly for them to leave.
  virtual void finish() = 0;
  /// Games received from the actors.
  virtual int received() const = 0;
  /// Seconds spent taking them in.
  virtual double ingestSeconds() const = 0;
};

}  // namespace tz
