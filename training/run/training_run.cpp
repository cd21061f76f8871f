#include "training/run/training_run.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "training/matches/digest.h"
#include "game/base/error.h"
#include "mcts/players/agent_spec.h"
#include "nets/checkpoint.h"
#include "nets/model_meta.h"
#include "nets/network_config.h"
#include "training/charts/curves.h"
#include "training/run/endgame_teacher.h"
#include "training/run/replay_buffer.h"
#include "training/run/evaluation_worker.h"
#include "training/run/published_weights.h"
#include "training/run/run_monitor.h"
#include "training/run/run_peers.h"
#include "training/run/run_variants.h"
#include "training/run/self_play_producer.h"
#include "training/run/trainer.h"

namespace tz {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::shared_ptr<spdlog::logger> runLogger(const std::string& path) {
  auto log = std::make_shared<spdlog::logger>("train", std::make_shared<spdlog::sinks::basic_file_sink_mt>(path));
  log->flush_on(spdlog::level::info);
  return log;
}

// The config, checked (whether it came from a file or from code).
ExperimentConfig checked(ExperimentConfig config) {
  config.check();
  return config;
}

// The orchestrator: owns the run's parts, runs self-play in its own thread and the
// trainer loop in the calling one.
class Run {
 public:
  Run(const RunPaths& paths, ExperimentConfig config, bool progress, RunPeers* peers)
      : paths_(paths),
        config_(checked(std::move(config))),
        variants_(config_),
        store_(paths.records),
        buffer_(variants_.all(), config_.training.window, config_.seed ^ 0x5EEDULL, config_.training.searchValueMix),
        teacher_(openEndgameTeacher(variants_.network(), config_.training.endgame, config_.file, config_.seed ^ 0xE9DULL)),
        log_(runLogger(paths.log)),
        monitor_(paths.metrics, config_.budget, progress),
        weights_(variants_.network(), config_.device, selfPlayEvaluatorOptions(config_)),
        producer_(variants_, config_, weights_, monitor_,
                  [this](GameRecord&& r, std::vector<PositionRecord>&& p) { store(std::move(r), std::move(p)); }),
        evaluation_(variants_.network(), config_, store_, monitor_, paths_, log_),
        peers_(peers),
        firstStep_(readRunStart(paths).fromStep) {
    setTorchThreads(config_.evaluator.torchThreads);
    if (peers_) announceStore(peers_->open(paths.config));
  }

  RunSummary go();

 private:
  // Logs where the run's store listens at `address` (and says it on stderr when the port was left to the system).
  void announceStore(const std::string& address);
  void loadOrCreateNetwork();
  // Hands the network's weights to self-play (here, or the actors').
  void publish();
  // Whether the bootstrap games are all played.
  bool bootstrapDone() const;
  // Plays or (as a learner) receives the games until stopped.
  void produceGames();
  void store(GameRecord&& record, std::vector<PositionRecord>&& positions);
  void saveCheckpoint();
  void train();
  void trainMetric(double policySum, double valueSum, int steps, double seconds);

  RunPaths paths_;
  ExperimentConfig config_;
  RunVariants variants_;  // the games self-play plays; the network is built for the first
  RecordStore store_;
  ReplayBuffer buffer_;
  std::unique_ptr<EndgameTeacher> teacher_;  // endgame-table positions in every batch, when asked for
  std::shared_ptr<spdlog::logger> log_;
  RunMonitor monitor_;
  PublishedWeights weights_;
  SelfPlayProducer producer_;
  EvaluationWorker evaluation_;
  RunPeers* peers_;  // the actors and further learners of a distributed run (else null)
  std::unique_ptr<Network> net_;
  std::vector<CheckpointFile> checkpoints_;  // trainer thread only
  std::atomic<bool> stop_{false};
  std::atomic<bool> selfPlayDone_{false};
  std::string selfPlayError_;  // why self-play stopped early (set before selfPlayDone_); empty when it did not
  double waitSeconds_ = 0;  // trainer time spent waiting for self-play positions
  int64_t firstStep_ = 0;   // the step the run started at (that of the checkpoint it continues)
};

void Run::announceStore(const std::string& address) {
  log_->info("the run's store listens on {}", address);
  if (peers_->portChosenBySystem()) std::fprintf(stderr, "taflzero: the run's store listens on %s\n", address.c_str());
}

void Run::loadOrCreateNetwork() {
  checkpoints_ = listCheckpoints(paths_);
  // The newest checkpoint that loads; a damaged one (never written by us) is skipped.
  while (!checkpoints_.empty()) {
    try {
      net_ = loadCheckpoint(checkpoints_.back().path, variants_.network(), config_.device);
      break;
    } catch (const Error& e) {
      // Kept aside under another name: never overwritten by the checkpoint of that step.
      const std::string aside = checkpoints_.back().path + ".damaged";
      log_->warn("checkpoint {} does not load ({}); moved to {}", checkpoints_.back().path, e.what(), aside);
      fs::rename(checkpoints_.back().path, aside);
      checkpoints_.pop_back();
    }
  }
  if (!net_) net_ = std::make_unique<Network>(variants_.network(), loadNetworkConfig(config_.network), config_.device, config_.seed);
  if (!net_->optimizerConfig()) {
    OptimizerConfig o;
    o.kind = config_.training.optimizer;
    o.learningRate = config_.training.learningRate(net_->step());
    o.momentum = config_.training.momentum;
    o.weightDecay = config_.training.weightDecay;
    net_->createOptimizer(o);
  }
  net_->setTraining(false);
  for (const auto& c : checkpoints_) weights_.addPast(c);
}

void Run::publish() {
  weights_.publish(*net_);
  if (peers_) peers_->publish(*net_);
}

bool Run::bootstrapDone() const {
  return peers_ ? monitor_.games() >= config_.selfPlay.bootstrap.games : producer_.bootstrapDone();
}

void Run::produceGames() {
  if (!peers_) return producer_.run(stop_);
  peers_->receive(stop_, monitor_, [this](GameRecord&& r, std::vector<PositionRecord>&& p) {
    store(std::move(r), std::move(p));
    monitor_.show();
  });
}

void Run::store(GameRecord&& record, std::vector<PositionRecord>&& positions) {
  record.tag = kSelfPlayTag;
  record.round = monitor_.games();
  record.id = store_.addGame(record, positions);
  buffer_.add(buffer_.samplesOf(record, positions));
  monitor_.addGame();
}

void Run::saveCheckpoint() {
  const int64_t step = net_->step();
  const std::string path = checkpointPath(paths_, step);
  if (fs::exists(path)) throw Error("checkpoint " + path + " exists: a checkpoint file is never overwritten");
  tz::saveCheckpoint(*net_, path);
  if (checkpoints_.empty() || checkpoints_.back().step != step) checkpoints_.push_back({step, path});
  weights_.addPast(checkpoints_.back());
  log_->info("checkpoint {} saved", path);
  evaluation_.submit(checkpoints_);
}

void Run::trainMetric(double policySum, double valueSum, int steps, double seconds) {
  const TrainingConfig& tc = config_.training;
  monitor_.metric({{"kind", "train"}, {"step", net_->step()}, {"games", monitor_.games()}, {"positions", buffer_.added()},
                   {"policy_loss", policySum / steps}, {"value_loss", valueSum / steps},
                   {"learning_rate", tc.learningRate(net_->step() - 1)},
                   {"samples_per_second", steps * tc.batchSize / std::max(seconds, 1e-9)},
                   {"published_step", weights_.step()}, {"publications", weights_.publications()},
                   {"wait_seconds", waitSeconds_}});
}

void Run::train() {
  const TrainingConfig& tc = config_.training;
  double policySum = 0, valueSum = 0;
  int stepsSinceMetric = 0;
  auto sinceMetric = Clock::now();
  bool publishedAfterBootstrap = false;
  while (!stop_ && !monitor_.budgetSpent()) {
    if (bootstrapDone() && !publishedAfterBootstrap) {
      publish();  // the network phase starts on what the bootstrap taught
      publishedAfterBootstrap = true;
    }
    const int64_t step = net_->step();
    const bool starved = double(step + 1 - firstStep_) * tc.batchSize > tc.samplesPerPosition * double(buffer_.added());
    if (int(buffer_.size()) < tc.minPositions || starved) {
      if (selfPlayDone_) break;
      if (peers_) peers_->keepAlive();
      const auto t0 = Clock::now();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      waitSeconds_ += secondsSince(t0);
      monitor_.show();
      continue;
    }
    Batch batch = buffer_.sample(tc.batchSize);
    if (teacher_) teacher_->replaceRows(batch, int(tc.endgame.share * tc.batchSize + 0.5));
    const StepLosses l = peers_ ? peers_->step(*net_, batch, tc.learningRate(step), tc.valueWeight)
                                : trainStep(*net_, batch, tc.learningRate(step), tc.valueWeight);
    monitor_.setStep(net_->step(), l.policy, l.value);
    policySum += l.policy;
    valueSum += l.value;
    ++stepsSinceMetric;
    if (net_->step() % tc.publishEvery == 0) publish();
    if (net_->step() % tc.checkpointEvery == 0) {
      trainMetric(policySum, valueSum, stepsSinceMetric, secondsSince(sinceMetric));
      policySum = valueSum = 0;
      stepsSinceMetric = 0;
      saveCheckpoint();
      sinceMetric = Clock::now();
    }
    monitor_.show();
  }
}

RunSummary Run::go() {
  loadOrCreateNetwork();
  monitor_.start(store_.countResults(kSelfPlayTag).total(), net_->step());
  buffer_.rebuild(store_, kSelfPlayTag);
  log_->info("run {}: {} on {} ({}), {} games and {} positions so far, step {}", paths_.dir, config_.variant,
             config_.device, config_.network, monitor_.games(), buffer_.size(), net_->step());
  if (teacher_) {
    log_->info("endgame teaching: {} of each batch from the tables in {} ({} classes), {} of it on decisions that matter",
               config_.training.endgame.share, config_.training.endgame.tables, teacher_->classes().size(),
               config_.training.endgame.critical);
  }
  publish();
  if (checkpoints_.empty()) saveCheckpoint();  // step 0: the untrained network, the first point on the rating scale
  if (peers_) peers_->openLearners(*net_);
  std::thread selfPlay([this] {
    try {
      produceGames();
    } catch (const std::exception& e) {
      log_->error("self-play stopped: {}", e.what());
      selfPlayError_ = e.what();
      stop_ = true;
    }
    selfPlayDone_ = true;
  });
  const auto start = Clock::now();
  try {
    train();
  } catch (...) {
    stop_ = true;
    selfPlay.join();
    throw;
  }
  const double trainerSeconds = secondsSince(start);
  if (peers_) peers_->finishLearners();
  stop_ = true;
  selfPlay.join();
  if (peers_) peers_->finish();
  if (checkpoints_.empty() || checkpoints_.back().step != net_->step()) saveCheckpoint();
  const auto finalEvaluation = Clock::now();
  // A time budget covers the evaluation too: the one in progress stops after its game.
  if (monitor_.timeSpent()) {
    evaluation_.cancel();
  } else {
    evaluation_.finish();
  }
  monitor_.metric({{"kind", "run"}, {"trainer_seconds", trainerSeconds}, {"trainer_wait_seconds", waitSeconds_},
                   {"evaluation_seconds", evaluation_.seconds()},
                   {"final_evaluation_wait_seconds", secondsSince(finalEvaluation)},
                   {"publications", weights_.publications()}, {"published_step", weights_.step()},
                   {"actor_games", peers_ ? peers_->received() : 0},
                   {"ingest_seconds", peers_ ? peers_->ingestSeconds() : 0.0}});
  writeCurves(paths_.metrics, paths_.dir);
  monitor_.end();
  log_->info("run stopped: {} games, step {}, {} publications", monitor_.games(), net_->step(), weights_.publications());
  if (!selfPlayError_.empty()) {
    throw Error("self-play stopped before the budget was spent: " + selfPlayError_ + " (" +
                std::to_string(monitor_.games()) + " games and step " + std::to_string(net_->step()) +
                " kept; --resume continues the run)");
  }
  return {monitor_.games(), net_->step(), checkpoints_.back().path, weights_.publications()};
}

// Loads what a run needs before its folder is made: the variant, the network config, the
// device and the endgame tables it teaches from (a bad one throws Error naming it), and
// checks that the peers can share it.
void checkStartable(const ExperimentConfig& config, const RunPeers* peers) {
  if (peers) peers->check(config);
  const RunVariants variants(config);
  Network(variants.network(), loadNetworkConfig(config.network), config.device, config.seed);
  openEndgameTeacher(variants.network(), config.training.endgame, config.file, config.seed);
}

// The start of a run continuing the checkpoint `from.checkpoint`, refused (Error, nothing
// written) when the checkpoint is not of the experiment's variant (or, of other rules, of its
// board and encoding) and network.
RunStart checkedStart(const RunOrigin& from, const ExperimentConfig& config) {
  const std::string& checkpoint = from.checkpoint;
  const CheckpointInfo info = readCheckpointInfo(checkpoint);
  const RunVariants variants(config);
  if (from.otherRules) {
    checkSameEncoding(info.model, variants.network(), "--from checkpoint " + checkpoint);
  } else {
    checkModelMatches(info.model, variants.network(), "--from checkpoint " + checkpoint);
  }
  const std::string network = networkConfigYaml(loadNetworkConfig(config.network));
  if (networkConfigYaml(info.model.network) != network) {
    throw Error("--from checkpoint " + checkpoint + " has another network than the experiment's " + config.network + " (" +
                info.model.network.name + ": " + std::to_string(info.model.network.blocks) + " blocks x " +
                std::to_string(info.model.network.channels) + " channels)");
  }
  return {checkpoint, fileSha256Hex(checkpoint), info.step, from.otherRules};
}

// The experiment as a run continuing a checkpoint plays it: no bootstrap (the network knows the game).
ExperimentConfig continuing(ExperimentConfig config, const RunStart& start) {
  if (!start.from.empty()) config.selfPlay.bootstrap.games = 0;
  return config;
}

}  // namespace

RunSummary runTraining(const ExperimentSource& experiment, const std::string& dir, bool resume, bool progress,
                       RunPeers* peers, const RunOrigin& from) {
  const RunPaths paths = RunPaths::of(dir);
  const bool exists = fs::exists(paths.config);
  if (exists && !resume) {
    throw Error("run directory " + dir + " already holds a run: pass --resume to continue it, or choose another --run");
  }
  if (!exists && resume) throw Error("no run to resume in " + dir + " (no config.yaml)");
  if (resume && !from.checkpoint.empty()) throw Error("--from starts a new run; a resumed run continues from its own checkpoints");
  if (!exists) {
    // A study's folder (balance, StudyPaths) is no run's: its records would mix with the run's.
    if (fs::exists(fs::path(dir) / "study.yaml")) {
      throw Error("folder " + dir + " holds a balance study (study.yaml); choose another --run");
    }
    // The experiment is read once: checked (nothing is created for a run that cannot start),
    // then stored resolved in the run directory, and run.
    ExperimentConfig config = loadExperiment(experiment);
    checkStartable(config, peers);
    const RunStart start = from.checkpoint.empty() ? RunStart{} : checkedStart(from, config);
    createRunDirectory(experiment, config, paths, start);
    Run run(paths, continuing(std::move(config), start), progress, peers);
    return run.go();
  }
  checkResumable(experiment, paths);  // nothing is touched when the run is not the one it started as
  ExperimentConfig config = loadExperiment(paths.config);
  if (peers) peers->check(config);
  fs::create_directories(paths.checkpoints);
  Run run(paths, continuing(std::move(config), readRunStart(paths)), progress, peers);
  return run.go();
}

}  // namespace tz
