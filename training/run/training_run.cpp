#include "training/training_run.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <thread>

#include "game/config.h"
#include "game/error.h"
#include "game/registry.h"
#include "mcts/evaluators.h"
#include "mcts/self_play.h"
#include "nets/checkpoint.h"
#include "nets/net_evaluator.h"
#include "nets/network_config.h"
#include "training/curves.h"
#include "training/evaluation.h"
#include "training/replay_buffer.h"
#include "training/side_split_evaluator.h"
#include "training/stats.h"
#include "training/swappable_evaluator.h"
#include "training/trainer.h"

namespace tz {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

RunPaths RunPaths::of(const std::string& dir) {
  RunPaths p;
  p.dir = dir;
  p.config = (fs::path(dir) / "config.yaml").string();
  p.records = (fs::path(dir) / "records.sqlite").string();
  p.checkpoints = (fs::path(dir) / "checkpoints").string();
  p.metrics = (fs::path(dir) / "metrics.jsonl").string();
  p.log = (fs::path(dir) / "train.log").string();
  return p;
}

namespace {

const char* kSelfPlayTag = "selfplay";
const char* kBootstrapPlayer = "bootstrap:pure-mcts";  // the player of bootstrap games
constexpr int kGamesPerSlot = 4;                          // games each self-play slot plays per batch

std::string checkpointId(int64_t step) { return "step-" + std::to_string(step); }

std::string checkpointPath(const RunPaths& paths, int64_t step) {
  char name[64];
  std::snprintf(name, sizeof(name), "step-%08lld.ckpt", static_cast<long long>(step));
  return (fs::path(paths.checkpoints) / name).string();
}

// (step, path) of every checkpoint in the run, ascending.
std::vector<std::pair<int64_t, std::string>> listCheckpoints(const RunPaths& paths) {
  std::vector<std::pair<int64_t, std::string>> out;
  if (!fs::is_directory(paths.checkpoints)) return out;
  for (const auto& e : fs::directory_iterator(paths.checkpoints)) {
    const std::string name = e.path().filename().string();
    long long step = 0;
    if (e.path().extension() == ".ckpt" && std::sscanf(name.c_str(), "step-%lld.ckpt", &step) == 1) {
      out.emplace_back(step, e.path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string formatDuration(double seconds) {
  if (!(seconds >= 0) || seconds > 1e7) return "--:--";
  const int s = int(seconds);
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  return buf;
}

class Run {
 public:
  Run(const RunPaths& paths, bool progress)
      : paths_(paths),
        config_(loadExperiment(paths.config)),
        game_(loadGame(config_.variant, config_.sets)),
        store_(paths.records),
        buffer_(*game_, config_.training.window, config_.seed ^ 0x5EEDULL, config_.training.searchValueMix),
        progress_(progress),
        start_(Clock::now()) {
    auto sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(paths.log);
    log_ = std::make_shared<spdlog::logger>("train", sink);
    log_->flush_on(spdlog::level::info);
    for (const auto& m : readMetrics(paths.metrics)) {
      if (m.contains("seconds") && m["seconds"].is_number()) {
        secondsBefore_ = std::max(secondsBefore_, m["seconds"].get<double>());
      }
    }
    metrics_.open(paths.metrics, std::ios::app);
    setTorchThreads(config_.evaluator.torchThreads);
  }

  RunSummary go();

 private:
  void loadOrCreateNetwork();
  /// How the self-play workers' evaluators batch.
  NetEvaluatorOptions selfPlayEvaluatorOptions() const;
  void publish();
  void saveCheckpoint();
  void evaluateLatest();
  // How one batch of self-play games is searched.
  struct ChunkPlan {
    bool bootstrap = false;                // pure MCTS games (selfplay.bootstrap)
    std::shared_ptr<Evaluator> evaluator;  // what scores the leaves
    std::array<int, 2> fullSimulations{};  // full search budget of each side's moves
    int cheapSimulations = 0;              // cheap search budget
    double fullFraction = 1;               // share of moves searched fully
    std::string pastId;                    // the past checkpoint on one side, if any
    int pastSide = -1;                     // its side (-1: none)
  };
  // The plan of the next batch of games; may lower options.games (the bootstrap's end).
  ChunkPlan planChunk(std::mt19937_64& rng, SelfPlayOptions& options);
  void selfPlayLoop();
  void storeGame(const SelfPlayGame& g, std::vector<PositionRecord> positions, const std::string& player,
                 const std::string& pastId, int pastSide);
  std::shared_ptr<Evaluator> pastOpponent(std::mt19937_64& rng, std::string& id, int& side);
  bool budgetSpent() const;
  void metric(nlohmann::json j);
  void showProgress(bool force);
  // Seconds of this process.
  double processSeconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  // Seconds of the run, earlier processes included (as far as their last metric line).
  double elapsed() const { return secondsBefore_ + processSeconds(); }

  RunPaths paths_;
  ExperimentConfig config_;
  std::unique_ptr<Game> game_;
  RecordStore store_;
  ReplayBuffer buffer_;
  bool progress_;
  Clock::time_point start_;
  double secondsBefore_ = 0;  // run time of the processes before a resume
  std::shared_ptr<spdlog::logger> log_;
  std::mutex metricsMutex_;
  std::ofstream metrics_;

  std::unique_ptr<Network> net_;
  std::shared_ptr<SwappableEvaluator> evaluator_;
  std::vector<std::pair<int64_t, std::string>> checkpoints_;  // trainer thread only
  std::mutex pastMutex_;
  std::vector<std::pair<int64_t, std::string>> past_;  // checkpoints self-play may play against
  std::atomic<bool> stop_{false};
  std::atomic<bool> selfPlayDone_{false};
  std::atomic<int> games_{0};
  int gamesAtStart_ = 0;
  int64_t stepsAtStart_ = 0;
  std::atomic<int64_t> step_{0};            // training steps, readable from any thread
  std::atomic<int64_t> publishedStep_{0};   // step of the weights self-play uses
  std::atomic<double> positionsPerSecond_{0};
  std::mutex progressMutex_;                // guards the fields below
  double lastPolicyLoss_ = 0, lastValueLoss_ = 0;
  std::string latestRating_ = "-";
  Clock::time_point lastProgress_{};
};

void Run::metric(nlohmann::json j) {
  j["seconds"] = elapsed();
  std::lock_guard<std::mutex> lock(metricsMutex_);
  metrics_ << j.dump() << "\n";
  metrics_.flush();
}

void Run::loadOrCreateNetwork() {
  checkpoints_ = listCheckpoints(paths_);
  // The newest checkpoint that loads; a damaged one (never written by us) is skipped.
  while (!checkpoints_.empty()) {
    try {
      net_ = loadCheckpoint(checkpoints_.back().second, *game_, config_.device);
      break;
    } catch (const Error& e) {
      log_->warn("skipping checkpoint {}: {}", checkpoints_.back().second, e.what());
      checkpoints_.pop_back();
    }
  }
  if (!net_) net_ = std::make_unique<Network>(*game_, loadNetworkConfig(config_.network), config_.device, config_.seed);
  if (!net_->optimizerConfig()) {
    OptimizerConfig o;
    o.kind = config_.training.optimizer;
    o.learningRate = config_.training.learningRate(net_->step());
    o.momentum = config_.training.momentum;
    o.weightDecay = config_.training.weightDecay;
    net_->createOptimizer(o);
  }
  net_->setTraining(false);
}

NetEvaluatorOptions Run::selfPlayEvaluatorOptions() const {
  NetEvaluatorOptions o;
  o.maxBatch = config_.evaluator.maxBatch;
  o.maxWaitUs = config_.evaluator.maxWaitUs;
  o.clients = config_.selfPlay.workers;  // the self-play workers are its only callers
  return o;
}

void Run::publish() {
  std::shared_ptr<const Network> inference = net_->clone(config_.device);
  auto next = std::make_shared<NetEvaluator>(inference, selfPlayEvaluatorOptions());
  publishedStep_ = net_->step();
  if (evaluator_) evaluator_->swap(next);
  else evaluator_ = std::make_shared<SwappableEvaluator>(next);
}

void Run::saveCheckpoint() {
  const int64_t step = net_->step();
  const std::string path = checkpointPath(paths_, step);
  tz::saveCheckpoint(*net_, path);
  if (checkpoints_.empty() || checkpoints_.back().first != step) checkpoints_.emplace_back(step, path);
  {
    std::lock_guard<std::mutex> lock(pastMutex_);
    past_ = checkpoints_;
  }
  log_->info("checkpoint {} saved", path);
  publish();
}

void Run::evaluateLatest() {
  if (config_.evaluation.every == 0 || checkpoints_.empty()) return;
  const auto [step, path] = checkpoints_.back();
  if ((checkpoints_.size() - 1) % size_t(config_.evaluation.every) != 0) return;
  std::vector<std::pair<std::string, std::string>> previous;
  for (size_t k = 1; k <= size_t(config_.evaluation.previous) && k < checkpoints_.size(); ++k) {
    const auto& [s, p] = checkpoints_[checkpoints_.size() - 1 - k];
    previous.emplace_back(checkpointId(s), p);
  }
  CheckpointEvaluation eval(*game_, store_, config_.evaluation, config_.seed);
  const auto results = eval.evaluate(checkpointId(step), path, previous, [&](const GameRecord&) { showProgress(false); });
  for (const auto& r : results) {
    const Tally all = r.tally.overall();
    const Estimate score = scoreInterval(all.wins, all.draws, all.losses);
    nlohmann::json bySide = nlohmann::json::array();
    for (const Tally& t : r.tally.bySide) bySide.push_back(scoreInterval(t.wins, t.draws, t.losses).value);
    metric({{"kind", "eval"}, {"step", step}, {"a", r.a}, {"b", r.b}, {"games", all.games()}, {"wins", all.wins},
            {"draws", all.draws}, {"losses", all.losses}, {"score", score.value}, {"low", score.low},
            {"high", score.high}, {"score_by_side", bySide},
            {"sides", {game_->sideName(0), game_->sideName(1)}}});
    log_->info("{} vs {}: {}-{}-{} (score {:.3f}, as {} {:.3f}, as {} {:.3f})", r.a, r.b, all.wins, all.draws,
               all.losses, score.value, game_->sideName(0), bySide[0].get<double>(), game_->sideName(1),
               bySide[1].get<double>());
  }
  nlohmann::json ratings = nlohmann::json::array();
  for (const auto& p : eval.ratings()) {
    ratings.push_back({{"id", p.id}, {"elo", std::isfinite(p.rating.elo) ? p.rating.elo : 0.0},
                       {"stderr", std::isfinite(p.rating.stderr) ? p.rating.stderr : 0.0}, {"games", p.rating.games}});
    if (p.id == checkpointId(step)) {
      char buf[64];
      std::snprintf(buf, sizeof(buf), "%+.0f±%.0f", p.rating.elo, 1.96 * p.rating.stderr);
      std::lock_guard<std::mutex> lock(progressMutex_);
      latestRating_ = buf;
    }
  }
  metric({{"kind", "ratings"}, {"step", step}, {"anchor", ratings.empty() ? "" : ratings[0]["id"]}, {"ratings", ratings}});
  writeCurves(paths_.metrics, paths_.dir);
}

void Run::storeGame(const SelfPlayGame& g, std::vector<PositionRecord> positions, const std::string& player,
                    const std::string& pastId, int pastSide) {
  GameRecord rec;
  rec.tag = kSelfPlayTag;
  rec.round = games_.load();
  rec.variant = game_->name();
  rec.rules = game_->rulesYaml();
  rec.players[0] = rec.players[1] = player;
  if (pastSide >= 0) rec.players[pastSide] = "past:" + pastId;
  rec.winner = g.outcome.winner;
  rec.reason = reasonName(g.outcome.reason);
  rec.plies = int(g.actions.size());
  rec.actions = g.actions;
  auto state = game_->newGame();
  rec.startPosition = state->record();
  rec.startSide = state->toMove();
  for (Action a : g.actions) {
    rec.moves += (rec.moves.empty() ? "" : " ") + state->actionName(a);
    state->apply(a);
  }
  rec.id = store_.addGame(rec, positions);
  buffer_.add(buffer_.samplesOf(rec, positions));
  ++games_;
}

std::shared_ptr<Evaluator> Run::pastOpponent(std::mt19937_64& rng, std::string& id, int& side) {
  std::pair<int64_t, std::string> pick;
  {
    std::lock_guard<std::mutex> lock(pastMutex_);
    if (past_.size() < 2) return nullptr;
    pick = past_[rng() % (past_.size() - 1)];  // any but the newest
  }
  std::shared_ptr<const Network> net = loadCheckpoint(pick.second, *game_, config_.device);
  id = checkpointId(pick.first);
  side = int(rng() % 2);
  return std::make_shared<SideSplitEvaluator>(evaluator_, std::make_shared<NetEvaluator>(net, selfPlayEvaluatorOptions()),
                                              side);
}

Run::ChunkPlan Run::planChunk(std::mt19937_64& rng, SelfPlayOptions& options) {
  const SelfPlayConfig& sp = config_.selfPlay;
  ChunkPlan plan;
  plan.bootstrap = games_.load() < sp.bootstrap.games;
  if (plan.bootstrap) {
    options.games = std::min(options.games, sp.bootstrap.games - games_.load());
    options.search.fpuReduction = RolloutEvaluator::kFpuReduction;
    plan.evaluator = std::make_shared<RolloutEvaluator>(1, options.search.seed);
    plan.fullSimulations = sp.bootstrap.simulations;
    plan.cheapSimulations = sp.bootstrap.cheapSimulations;
    plan.fullFraction = sp.bootstrap.fullFraction;
    return plan;
  }
  plan.evaluator = evaluator_;
  plan.fullSimulations.fill(sp.simulations);
  plan.cheapSimulations = sp.cheapSimulations;
  plan.fullFraction = sp.fullFraction;
  // Some batches of games put a past checkpoint on one side; its moves are no targets.
  if (std::uniform_real_distribution<double>(0, 1)(rng) < sp.pastFraction) {
    if (auto split = pastOpponent(rng, plan.pastId, plan.pastSide)) plan.evaluator = split;
  }
  if (sp.rolloutMix > 0) {
    plan.evaluator = std::make_shared<RolloutMixEvaluator>(plan.evaluator, float(sp.rolloutMix), options.search.seed);
  }
  return plan;
}

void Run::selfPlayLoop() {
  std::mt19937_64 rng(config_.seed * 7919 + uint64_t(games_.load()));
  int chunk = 0;
  while (!stop_ && !budgetSpent()) {
    SelfPlayOptions o;
    o.search = config_.selfPlay.search;
    o.search.simulations = config_.selfPlay.simulations;
    o.search.seed = config_.seed + uint64_t(games_.load()) * 1000003ULL + uint64_t(chunk++);
    o.workers = config_.selfPlay.workers;
    o.gamesPerWorker = config_.selfPlay.gamesPerWorker;
    // Each slot plays several games in a row, so that the slots emptying at the batch's end
    // (its longest games) leave the evaluator's batches short less often.
    o.games = o.workers * o.gamesPerWorker * kGamesPerSlot;
    if (config_.budget.games > 0) o.games = std::min(o.games, config_.budget.games - games_.load());
    if (o.games <= 0) break;
    std::uniform_real_distribution<double> coin(0, 1);
    const ChunkPlan plan = planChunk(rng, o);
    const std::string& pastId = plan.pastId;
    const int pastSide = plan.pastSide;
    BatchedSelfPlay sp(*game_, plan.evaluator, o);
    std::map<int, std::vector<PositionRecord>> pending;
    sp.setBudget([&](int, const State& state) {
      const bool full = coin(rng) < plan.fullFraction;
      return MoveBudget{full ? plan.fullSimulations[size_t(state.toMove())] : plan.cheapSimulations, full};
    });
    sp.onMove([&](const SelfPlayMove& m) {
      if (!m.full) return;  // cheap searches are no policy targets (playout cap randomization)
      if (m.state->toMove() == pastSide) return;  // the past checkpoint's moves teach nothing new
      PositionRecord p;
      p.ply = m.state->ply();
      p.toMove = m.state->toMove();
      double total = 0;
      for (int v : m.search.visits) total += v;
      for (size_t i = 0; i < m.search.actions.size(); ++i) {
        if (m.search.visits[i] > 0) p.policy.emplace_back(m.search.actions[i], float(m.search.visits[i] / total));
      }
      // A root proven at once has no visits to learn from: the move played is the target.
      if (p.policy.empty()) p.policy.emplace_back(m.action, 1.f);
      p.value = m.search.value;
      p.flags = kTrainingTarget;
      pending[m.game].push_back(std::move(p));
    });
    int wins[2] = {0, 0}, draws = 0, plies = 0, finished = 0;
    sp.onGame([&](const SelfPlayGame& g) {
      const std::string player =
          plan.bootstrap ? std::string(kBootstrapPlayer) : "selfplay:" + checkpointId(publishedStep_.load());
      storeGame(g, std::move(pending[g.game]), player, pastId, pastSide);
      pending.erase(g.game);
      if (g.outcome.winner >= 0) ++wins[g.outcome.winner];
      else ++draws;
      plies += int(g.actions.size());
      ++finished;
      showProgress(false);
      if (stop_ || budgetSpent()) sp.stopStarting();  // the games in progress still finish
    });
    const auto t0 = Clock::now();
    sp.run();
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    const auto stats = sp.stats();
    positionsPerSecond_ = stats.moves / std::max(seconds, 1e-9);
    metric({{"kind", "selfplay"}, {"games", games_.load()}, {"chunk_games", finished}, {"wins", {wins[0], wins[1]}},
            {"past", pastId}, {"past_side", pastSide}, {"bootstrap", plan.bootstrap},
            {"draws", draws}, {"mean_plies", finished ? double(plies) / finished : 0.0},
            {"positions_per_second", positionsPerSecond_.load()},
            {"evaluations_per_second", stats.evaluations / std::max(seconds, 1e-9)},
            {"mean_batch", stats.batches ? double(stats.evaluations) / stats.batches : 0.0}});
    if (budgetSpent()) stop_ = true;
  }
  selfPlayDone_ = true;
}

bool Run::budgetSpent() const {
  const BudgetConfig& b = config_.budget;
  if (b.minutes > 0 && elapsed() >= b.minutes * 60) return true;
  if (b.games > 0 && games_.load() >= b.games) return true;
  if (b.steps > 0 && step_.load() >= b.steps) return true;
  return false;
}

void Run::showProgress(bool force) {
  if (!progress_) return;
  std::lock_guard<std::mutex> lock(progressMutex_);
  const auto now = Clock::now();
  if (!force && now - lastProgress_ < std::chrono::milliseconds(500)) return;
  lastProgress_ = now;
  // ETA from whichever budget runs out first at the current rates.
  const BudgetConfig& b = config_.budget;
  double eta = 1e18;
  const double t = processSeconds();
  if (b.minutes > 0) eta = std::min(eta, b.minutes * 60 - elapsed());
  const int newGames = games_.load() - gamesAtStart_;
  if (b.games > 0 && newGames > 0) eta = std::min(eta, (b.games - games_.load()) * t / newGames);
  const int64_t step = step_.load();
  const int64_t newSteps = step - stepsAtStart_;
  if (b.steps > 0 && newSteps > 0) eta = std::min(eta, double(b.steps - step) * t / double(newSteps));
  std::fprintf(stderr, "\r[train] games %d | positions/s %.0f | step %lld | loss %.3f+%.3f | elo %s | ETA %s   ",
               games_.load(), positionsPerSecond_.load(), static_cast<long long>(step), lastPolicyLoss_,
               lastValueLoss_, latestRating_.c_str(), formatDuration(eta).c_str());
  std::fflush(stderr);
}

RunSummary Run::go() {
  loadOrCreateNetwork();
  games_ = store_.countResults(kSelfPlayTag).total();
  gamesAtStart_ = games_.load();
  stepsAtStart_ = net_->step();
  step_ = net_->step();
  buffer_.rebuild(store_, kSelfPlayTag);
  log_->info("run {}: {} on {} ({}), {} games and {} positions so far, step {}", paths_.dir, config_.variant,
             config_.device, config_.network, games_.load(), buffer_.size(), net_->step());
  if (checkpoints_.empty()) {
    saveCheckpoint();  // step 0: the untrained network, the first point on the rating scale
    evaluateLatest();
  } else {
    publish();
  }
  std::thread selfPlay([this] {
    try {
      selfPlayLoop();
    } catch (const std::exception& e) {
      log_->error("self-play stopped: {}", e.what());
      std::fprintf(stderr, "\nself-play stopped: %s\n", e.what());
      stop_ = true;
      selfPlayDone_ = true;
    }
  });
  const TrainingConfig& tc = config_.training;
  double policySum = 0, valueSum = 0;
  int stepsSinceMetric = 0;
  auto sinceMetric = Clock::now();
  try {
    while (true) {
      if (budgetSpent() || stop_) break;
      const int64_t step = net_->step();
      const bool starved = double(step + 1) * tc.batchSize > tc.samplesPerPosition * double(buffer_.added());
      if (int(buffer_.size()) < tc.minPositions || starved) {
        if (selfPlayDone_) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        showProgress(false);
        continue;
      }
      const StepLosses l = trainStep(*net_, buffer_.sample(tc.batchSize), tc.learningRate(step), tc.valueWeight);
      step_ = net_->step();
      policySum += l.policy;
      valueSum += l.value;
      {
        std::lock_guard<std::mutex> lock(progressMutex_);
        lastPolicyLoss_ = l.policy;
        lastValueLoss_ = l.value;
      }
      ++stepsSinceMetric;
      if (net_->step() % tc.checkpointEvery == 0) {
        const double seconds = std::chrono::duration<double>(Clock::now() - sinceMetric).count();
        metric({{"kind", "train"}, {"step", net_->step()}, {"games", games_.load()}, {"positions", buffer_.added()},
                {"policy_loss", policySum / stepsSinceMetric}, {"value_loss", valueSum / stepsSinceMetric},
                {"learning_rate", tc.learningRate(step)},
                {"samples_per_second", stepsSinceMetric * tc.batchSize / std::max(seconds, 1e-9)}});
        policySum = valueSum = 0;
        stepsSinceMetric = 0;
        saveCheckpoint();
        evaluateLatest();
        sinceMetric = Clock::now();
      }
      showProgress(false);
    }
  } catch (...) {
    stop_ = true;
    selfPlay.join();
    throw;
  }
  stop_ = true;
  selfPlay.join();
  if (checkpoints_.empty() || checkpoints_.back().first != net_->step()) {
    saveCheckpoint();
    evaluateLatest();
  }
  writeCurves(paths_.metrics, paths_.dir);
  showProgress(true);
  if (progress_) std::fprintf(stderr, "\n");
  log_->info("run stopped: {} games, step {}", games_.load(), net_->step());
  return {games_.load(), net_->step(), checkpoints_.back().second};
}

}  // namespace

RunSummary runTraining(const std::string& configPath, const std::string& dir, bool resume, bool progress) {
  const RunPaths paths = RunPaths::of(dir);
  const bool exists = fs::exists(paths.config);
  if (exists && !resume) {
    throw Error("run directory " + dir + " already holds a run: pass --resume to continue it, or choose another --run");
  }
  if (!exists && resume) throw Error("no run to resume in " + dir + " (no config.yaml)");
  if (!exists) {
    loadExperiment(configPath);  // validate before creating anything
    fs::create_directories(paths.checkpoints);
    // The run keeps its own copy, with file references made absolute so that it still
    // resolves from the run directory.
    YAML::Node node = loadYamlFile(configPath);
    for (const char* key : {"variant", "network"}) {
      if (!node[key]) continue;
      const std::string value = node[key].as<std::string>();
      if (value.find('/') != std::string::npos || fs::path(value).extension() == ".yaml") {
        node[key] = fs::absolute(fs::path(configPath).parent_path() / value).lexically_normal().string();
      }
    }
    const std::string tmp = paths.config + ".tmp";
    std::ofstream(tmp) << "# " << configPath << " as started\n" << YAML::Dump(node) << "\n";
    fs::rename(tmp, paths.config);
  } else {
    fs::create_directories(paths.checkpoints);
  }
  Run run(paths, progress);
  return run.go();
}

}  // namespace tz
