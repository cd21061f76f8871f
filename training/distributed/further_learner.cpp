#include "training/distributed/further_learner.h"

#include <chrono>
#include <thread>

#include "game/base/error.h"
#include "game/registry.h"
#include "nets/checkpoint.h"
#include "training/distributed/data_parallel.h"
#include "training/distributed/learner_hub.h"

namespace tz {

namespace {

constexpr auto kPoll = std::chrono::milliseconds(100);  // between looks for rank 0's network

// One further learner, from joining to rank 0's stop.
class FurtherLearner {
 public:
  explicit FurtherLearner(const DistributedOptions& options) : options_(options), store_(options) {}

  FurtherLearnerSummary run() {
    config_ = offeredExperiment(store_);  // (Error naming the store when it does not answer)
    const int leadLearners = withRankZero([&] { return meet(); });
    if (leadLearners != options_.learners) {
      throw Error("learner rank " + std::to_string(options_.rank) + ": LEARNERS=" + std::to_string(options_.learners) +
                  " here, but rank 0 at " + options_.address() + " runs with LEARNERS=" + std::to_string(leadLearners));
    }
    // Local failures (the device, the variant) are this process's own, not rank 0's.
    setTorchThreads(config_.evaluator.torchThreads);
    game_ = loadGame(config_.variant, config_.sets);
    const std::string state = withRankZero([&] { return store_.get(LearnersKeys::kState); });
    net_ = networkFromCheckpointBytes(state, "rank 0's network", config_.device);
    withRankZero([&] {
      group_ = std::make_unique<GradientAverager>(store_, LearnersKeys::kGroup, options_.rank, options_.learners,
                                                  std::chrono::seconds(options_.timeoutSeconds));
      learn();
    });
    return {steps_, net_->step(), weightsDigest(*net_)};
  }

 private:
  // Runs `f`, whose failures mean that rank 0 is gone or failed: Error saying so, with the cause.
  template <typename F>
  auto withRankZero(F f) -> decltype(f()) {
    try {
      return f();
    } catch (const Error& e) {
      throw Error("learner rank " + std::to_string(options_.rank) + ": rank 0 at " + options_.address() +
                  " is gone or failed (" + e.what() + "); " + std::to_string(steps_) + " steps taken");
    }
  }

  // Waits until rank 0 offers its network; returns rank 0's LEARNERS.
  int meet() {
    while (!store_.has(LearnersKeys::kOpen)) std::this_thread::sleep_for(kPoll);
    return std::stoi(store_.get(LearnersKeys::kOpen));
  }

  // Follows rank 0's commands: a share of each step, until the stop.
  void learn() {
    const TrainingConfig& tc = config_.training;
    const BatchLayout layout{tc.batchSize, game_->inputShape().size(), game_->numActions()};
    std::vector<float> command(1), batch(layout.flatSize());
    for (;;) {
      group_->broadcast(command);
      const auto c = LearnersCommand(int(command[0]));
      if (c == LearnersCommand::kStop) return;
      if (c != LearnersCommand::kStep) continue;
      group_->broadcast(batch);
      const Batch share = batchShare(unflattenBatch(batch, layout), options_.rank, options_.learners);
      trainStep(*net_, share, tc.learningRate(net_->step()), tc.valueWeight, group_.get());
      ++steps_;
    }
  }

  DistributedOptions options_;
  RunStore store_;
  ExperimentConfig config_;
  std::unique_ptr<Game> game_;
  std::unique_ptr<Network> net_;
  std::unique_ptr<GradientAverager> group_;
  int64_t steps_ = 0;
};

}  // namespace

FurtherLearnerSummary runFurtherLearner(const DistributedOptions& options) {
  FurtherLearner learner(options);
  return learner.run();
}

}  // namespace tz
