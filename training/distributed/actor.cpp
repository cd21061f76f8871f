#include "training/distributed/actor.h"

#include <chrono>
#include <filesystem>
#include <thread>

#include "game/base/error.h"
#include "game/base/splitmix.h"
#include "training/distributed/game_mailbox.h"
#include "training/distributed/learner_hub.h"
#include "training/distributed/run_store.h"
#include "training/distributed/weights_channel.h"
#include "training/run/run_variants.h"
#include "training/run/self_play_producer.h"

namespace tz {

namespace fs = std::filesystem;

namespace {

constexpr auto kPoll = std::chrono::milliseconds(100);  // between looks at the store

// The learner's experiment, read from the store, for actor `id`: no budget of its own, and
// a seed of its own (actors with the run's seed would play the same games).
ExperimentConfig learnersExperiment(RunStore& store, int id) {
  ExperimentConfig config = offeredExperiment(store);
  config.budget = BudgetConfig{};
  config.seed = splitMixHash(config.seed + uint64_t(id) * kSplitMixGamma);
  return config;
}

// One actor's parts, from connection to departure.
class Actor {
 public:
  Actor(const DistributedOptions& options, const std::string& runDir, bool progress)
      : options_(options),
        store_(options),
        outbox_(store_),
        config_(learnersExperiment(store_, outbox_.id())),
        variants_(config_),
        monitor_(metricsPath(runDir, options.rank), config_.budget, progress),
        weights_(variants_.network(), config_.device, selfPlayEvaluatorOptions(config_)),
        follower_(store_, config_.device),
        producer_(variants_, config_, weights_, monitor_,
                  [this](GameRecord&& r, std::vector<PositionRecord>&& p) { send(r, p); }) {
    setTorchThreads(config_.evaluator.torchThreads);
  }

  ActorSummary run();

 private:
  static std::string metricsPath(const std::string& runDir, int rank) {
    const fs::path dir = fs::path(runDir) / "actors";
    fs::create_directories(dir);
    return (dir / ("rank-" + std::to_string(rank) + ".jsonl")).string();
  }
  void send(const GameRecord& record, const std::vector<PositionRecord>& positions);
  // Takes the learner's newest weights, if they changed.
  void refreshWeights();
  // Follows the learner's weights and acknowledgements; true when the learner ends the
  // run, false when self-play stopped first.
  bool follow();

  DistributedOptions options_;
  RunStore store_;
  ActorOutbox outbox_;
  ExperimentConfig config_;
  RunVariants variants_;
  RunMonitor monitor_;
  PublishedWeights weights_;
  WeightsFollower follower_;
  SelfPlayProducer producer_;
  std::atomic<bool> stop_{false};
  std::string failure_;  // why the self-play thread stopped, if it failed
  int weightsReceived_ = 0;
  int acknowledged_ = 0;  // games acknowledged when last asked
};

void Actor::send(const GameRecord& record, const std::vector<PositionRecord>& positions) {
  if (stop_) return;  // the run is over or the learner gone: the game is dropped, never acknowledged
  outbox_.send(record, positions);
  monitor_.addGame();
}

void Actor::refreshWeights() {
  if (!follower_.update(weights_)) return;
  ++weightsReceived_;
  monitor_.setStep(weights_.step(), 0, 0);  // the newest step this actor knows of (weights_age)
}

bool Actor::follow() {
  while (!stop_) {
    if (store_.has("stop")) return true;
    refreshWeights();
    acknowledged_ = outbox_.acknowledged();
    monitor_.raiseGames(std::stoi(store_.get("games")));  // the bootstrap counts the run's games
    std::this_thread::sleep_for(kPoll);
  }
  return false;
}

ActorSummary Actor::run() {
  monitor_.start(std::stoi(store_.get("games")), 0);
  refreshWeights();
  std::thread selfPlay([this] {
    try {
      producer_.run(stop_);
    } catch (const std::exception& e) {
      failure_ = e.what();
    }
    stop_ = true;
  });
  bool ended = false;
  std::string gone;
  try {
    ended = follow();
    if (ended) {
      // Leave before the games in progress finish (the learner takes no more; it may not
      // wait for them): later games are dropped without a store call.
      stop_ = true;
      acknowledged_ = outbox_.acknowledged();
      store_.add("done", 1);
    }
  } catch (const Error& e) {
    gone = e.what();
  }
  stop_ = true;
  selfPlay.join();
  if (!ended && gone.empty()) gone = failure_;  // self-play failed before the run ended
  const ActorSummary summary{outbox_.id(), outbox_.sent(), acknowledged_, weightsReceived_, outbox_.bytesSent(),
                             int64_t(follower_.lastBytes())};
  if (!gone.empty()) {
    throw Error("actor " + std::to_string(summary.id) + " (rank " + std::to_string(options_.rank) +
                "): the learner at " + options_.address() + " is gone or failed (" + gone + "); " +
                std::to_string(summary.sent) + " games sent, " +
                std::to_string(summary.acknowledged) + " acknowledged");
  }
  return summary;
}

}  // namespace

ActorSummary runActor(const DistributedOptions& options, const std::string& runDir, bool progress) {
  Actor actor(options, runDir, progress);
  return actor.run();
}

}  // namespace tz
