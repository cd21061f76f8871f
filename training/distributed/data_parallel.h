#pragma once
// Data-parallel learners of a distributed run (ranks 0 .. LEARNERS-1). Rank 0, the lead,
// samples every batch from its replay buffer and broadcasts it; each learner trains on its
// share (1/LEARNERS of the batch) and GradientAverager averages the gradients, so all take
// the same step and keep identical weights. The other learners start from rank 0's network
// (weights, optimizer state and step) and keep nothing on disk. Store keys:
//   learners/state   rank 0's network as a checkpoint with optimizer state
//   learners/open    rank 0's LEARNERS, set once learners/state is there: the others may join
//   learners/group/  the learners' Gloo process group (rendezvous)
// Before each step rank 0 broadcasts a command (LearnersCommand); while it waits for games
// it sends kWait now and then, so that the others' wait never reaches the group's timeout
// unless rank 0 hangs. No LibTorch here.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "nets/network.h"
#include "training/distributed/batch_share.h"
#include "training/distributed/gradient_averager.h"
#include "training/distributed/run_store.h"
#include "training/run/trainer.h"

namespace tz {

/// What rank 0 tells the other learners before each of their waits.
enum class LearnersCommand {
  kStop = 0,  // the run is over
  kStep = 1,  // a batch follows: take your share of the step
  kWait = 2,  // nothing yet (keep-alive)
};

/// The store keys and prefix of the learners' meeting.
struct LearnersKeys {
  static constexpr const char* kState = "learners/state";  // rank 0's network, optimizer state included
  static constexpr const char* kOpen = "learners/open";    // rank 0's LEARNERS, set once kState is there
  static constexpr const char* kGroup = "learners/group";  // prefix of the Gloo rendezvous
};

/// Throws Error (naming training.batch_size and LEARNERS) unless a batch of `batchSize`
/// splits evenly over `learners`.
void checkBatchSplits(int batchSize, int learners);

/// A hex digest of the bytes of `net`'s parameters and buffers: learners holding the same
/// weights have the same digest.
std::string weightsDigest(const Network& net);

/// Rank 0's side of the data-parallel learners.
class LeadLearner {
 public:
  /// The lead of `learners` learners meeting in `store`, giving up on them after `timeout`.
  LeadLearner(RunStore& store, int learners, std::chrono::seconds timeout);
  ~LeadLearner();

  /// Offers `net` (weights, buffers, optimizer state, step) to the other learners and
  /// waits until all have joined; Error naming LEARNERS when they do not within the timeout.
  void open(const Network& net);
  /// One data-parallel step of every learner on its share of `batch`; returns the losses
  /// of rank 0's share and increments `net`'s step. Error when a further learner is gone.
  StepLosses step(Network& net, const Batch& batch, double learningRate, double valueWeight);
  /// Tells the other learners to keep waiting, when they have heard nothing for a while
  /// (call it while no step is taken).
  void keepAlive();
  /// Ends the other learners' work.
  void finish();

 private:
  // Broadcasts `command` to the other learners.
  void send(LearnersCommand command);
  // Runs a collective call, turning its failure into Error saying that a further learner is gone.
  template <typename F>
  auto guarded(F f) -> decltype(f());

  RunStore& store_;
  int learners_;
  std::chrono::seconds timeout_;
  std::unique_ptr<GradientAverager> group_;
  std::chrono::steady_clock::time_point lastSent_;
};

}  // namespace tz
