#pragma once
// What a training run shows and keeps of its progress: metrics lines (metrics.jsonl, each
// with the run's seconds), the live status line, the run's clock across resumes and its
// budget.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

#include "game/base/progress_line.h"
#include "training/run/experiment.h"

namespace tz {

/// The run's counters, clock, budget and outputs; every method is thread-safe.
class RunMonitor {
 public:
  /// A monitor appending to `metricsPath`, whose earlier lines give the time of the
  /// processes before a resume; `progress` draws the status line on stderr.
  RunMonitor(const std::string& metricsPath, const BudgetConfig& budget, bool progress);

  /// Appends one metrics line (adds "seconds": the run's time).
  void metric(nlohmann::json line);
  /// Seconds of the run, earlier processes included.
  double elapsed() const;
  /// Whether a budget (minutes, games, steps) is spent.
  bool budgetSpent() const;
  /// Whether the time budget (minutes) is spent.
  bool timeSpent() const;

  /// Sets the counters at the start of this process (games stored, training step).
  void start(int games, int64_t step);
  /// Counts a stored self-play game.
  void addGame() { ++games_; }
  /// Raises the game count to `games` when below it (the run's count, where other
  /// processes store games: an actor's view of the learner's).
  void raiseGames(int games);
  /// Self-play games stored so far.
  int games() const { return games_.load(); }
  /// Records the training step and its losses.
  void setStep(int64_t step, double policyLoss, double valueLoss);
  /// Training steps so far.
  int64_t step() const { return step_.load(); }
  /// Records the self-play rate (positions searched per second).
  void setPositionsPerSecond(double rate) { positionsPerSecond_ = rate; }
  /// Records the newest checkpoint's rating for the status line, e.g. "+35±60".
  void setRating(const std::string& rating);
  /// Redraws the status line (at most twice a second unless `force`).
  void show(bool force = false);
  /// Draws the status line a last time and ends it.
  void end();

 private:
  using Clock = std::chrono::steady_clock;
  double processSeconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  // Draws the status line, ending it when `last`.
  void draw(bool force, bool last);

  BudgetConfig budget_;
  bool progress_;
  ProgressLine line_;  // the status line: in place on a terminal, plain lines in a file
  Clock::time_point start_;
  double secondsBefore_ = 0;
  std::mutex metricsMutex_;
  std::ofstream metrics_;
  std::atomic<int> games_{0};
  std::atomic<int64_t> step_{0};
  std::atomic<double> positionsPerSecond_{0};
  int gamesAtStart_ = 0;
  int64_t stepsAtStart_ = 0;
  std::mutex showMutex_;  // guards the fields below
  double policyLoss_ = 0, valueLoss_ = 0;
  std::string rating_ = "-";
  Clock::time_point lastShown_{};
};

}  // namespace tz
