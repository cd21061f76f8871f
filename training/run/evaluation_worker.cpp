#include "training/run/evaluation_worker.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>

#include "training/charts/curves.h"
#include "training/run/evaluation.h"
#include "training/matches/stats.h"

namespace tz {

namespace {

// Evaluation yields the cores to self-play and the trainer: on Linux a thread has its own
// nice value, and 10 gives it about a tenth of a contended core's time.
void lowerPriority() {
#ifdef __linux__
  setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), 10);
#endif
}

// Thrown between two games of an evaluation that cancel() stops.
struct Cancelled {};

}  // namespace

EvaluationWorker::EvaluationWorker(const Game& game, const ExperimentConfig& config, RecordStore& store,
                                   RunMonitor& monitor, const RunPaths& paths, std::shared_ptr<spdlog::logger> log)
    : game_(game),
      config_(config),
      store_(store),
      monitor_(monitor),
      paths_(paths),
      log_(std::move(log)),
      thread_([this] { loop(); }) {}

EvaluationWorker::~EvaluationWorker() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
    request_.reset();
  }
  wake_.notify_all();
  thread_.join();
}

void EvaluationWorker::submit(std::vector<CheckpointFile> checkpoints) {
  if (config_.evaluation.every == 0 || checkpoints.empty()) return;
  if ((checkpoints.size() - 1) % size_t(config_.evaluation.every) != 0) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    request_ = std::move(checkpoints);
  }
  wake_.notify_all();
}

void EvaluationWorker::finish() {
  std::unique_lock<std::mutex> lock(mutex_);
  wake_.wait(lock, [&] { return !request_ && !busy_; });
}

void EvaluationWorker::cancel() {
  std::unique_lock<std::mutex> lock(mutex_);
  request_.reset();
  cancel_ = true;
  wake_.wait(lock, [&] { return !busy_; });
  cancel_ = false;
}

double EvaluationWorker::seconds() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return seconds_;
}

void EvaluationWorker::loop() {
  lowerPriority();
  while (true) {
    std::vector<CheckpointFile> checkpoints;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || request_; });
      if (stop_) return;
      checkpoints = std::move(*request_);
      request_.reset();
      busy_ = true;
    }
    const auto t0 = std::chrono::steady_clock::now();
    try {
      evaluate(checkpoints);
    } catch (const Cancelled&) {
      log_->info("evaluation of {} stopped when the run stopped; its games so far are kept", checkpoints.back().path);
    } catch (const std::exception& e) {
      log_->error("evaluation of {} failed: {}", checkpoints.back().path, e.what());
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      busy_ = false;
    }
    wake_.notify_all();
  }
}

void EvaluationWorker::evaluate(const std::vector<CheckpointFile>& checkpoints) {
  const CheckpointFile latest = checkpoints.back();
  const std::string id = checkpointId(latest.step);
  std::vector<std::pair<std::string, std::string>> previous;
  for (size_t k = 1; k <= size_t(config_.evaluation.previous) && k < checkpoints.size(); ++k) {
    const auto& c = checkpoints[checkpoints.size() - 1 - k];
    previous.emplace_back(checkpointId(c.step), c.path);
  }
  CheckpointEvaluation eval(game_, store_, config_.evaluation, config_.seed, config_.device);
  const auto results = eval.evaluate(id, latest.path, previous, [&](const GameRecord&) {
    if (cancel_) throw Cancelled();
    monitor_.show();
  });
  for (const auto& r : results) {
    const Tally all = r.tally.overall();
    const Estimate score = scoreInterval(all.wins, all.draws, all.losses);
    nlohmann::json bySide = nlohmann::json::array();
    for (const Tally& t : r.tally.bySide) bySide.push_back(scoreInterval(t.wins, t.draws, t.losses).value);
    monitor_.metric({{"kind", "eval"}, {"step", latest.step}, {"a", r.a}, {"b", r.b}, {"games", all.games()},
                     {"wins", all.wins}, {"draws", all.draws}, {"losses", all.losses}, {"score", score.value},
                     {"low", score.low}, {"high", score.high}, {"score_by_side", bySide},
                     {"sides", {game_.sideName(0), game_.sideName(1)}}});
    log_->info("{} vs {}: {}-{}-{} (score {:.3f}, as {} {:.3f}, as {} {:.3f})", r.a, r.b, all.wins,
                               all.draws, all.losses, score.value, game_.sideName(0), bySide[0].get<double>(),
                               game_.sideName(1), bySide[1].get<double>());
  }
  nlohmann::json ratings = nlohmann::json::array();
  for (const auto& p : eval.ratings()) {
    ratings.push_back({{"id", p.id}, {"elo", std::isfinite(p.rating.elo) ? p.rating.elo : 0.0},
                       {"stderr", std::isfinite(p.rating.stderr) ? p.rating.stderr : 0.0}, {"games", p.rating.games}});
    if (p.id == id) {
      char buf[64];
      std::snprintf(buf, sizeof(buf), "%+.0f±%.0f", p.rating.elo, 1.96 * p.rating.stderr);
      monitor_.setRating(buf);
    }
  }
  monitor_.metric({{"kind", "ratings"}, {"step", latest.step}, {"anchor", ratings.empty() ? "" : ratings[0]["id"]},
                   {"ratings", ratings}});
  writeCurves(paths_.metrics, paths_.dir);
}

}  // namespace tz
