#pragma once
// Checkpoint evaluation beside training: a thread of its own, at a lower scheduling
// priority than self-play and the trainer, plays each submitted checkpoint against earlier
// ones and the baselines, and writes the results, ratings and curves. The trainer never
// waits for it; when it falls behind, it skips to the newest checkpoint.
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <spdlog/logger.h>

#include "game/game.h"
#include "training/run/experiment.h"
#include "training/matches/records.h"
#include "training/run/run_directory.h"
#include "training/run/run_monitor.h"

namespace tz {

/// Evaluates a run's checkpoints in the background.
class EvaluationWorker {
 public:
  /// Evaluation of `game`'s checkpoints as `config.evaluation` says, games in `store`,
  /// results through `monitor` and `log`, curves into the run directory of `paths`.
  EvaluationWorker(const Game& game, const ExperimentConfig& config, RecordStore& store, RunMonitor& monitor,
                   const RunPaths& paths, std::shared_ptr<spdlog::logger> log);
  /// Finishes the evaluation in progress and stops.
  ~EvaluationWorker();

  /// Asks for an evaluation of the newest of `checkpoints` (all of the run's, by step);
  /// a request not yet started is replaced.
  void submit(std::vector<CheckpointFile> checkpoints);
  /// Evaluates the last request (if any) and returns when done.
  void finish();
  /// Drops the request not yet started and stops the evaluation in progress when its game in
  /// progress ends (the games played stay in the store: evaluating that checkpoint again
  /// resumes its matches); returns when stopped.
  void cancel();
  /// Seconds spent evaluating so far.
  double seconds() const;

 private:
  void loop();
  void evaluate(const std::vector<CheckpointFile>& checkpoints);

  const Game& game_;
  const ExperimentConfig& config_;
  RecordStore& store_;
  RunMonitor& monitor_;
  RunPaths paths_;
  std::shared_ptr<spdlog::logger> log_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<std::vector<CheckpointFile>> request_;
  bool busy_ = false;
  bool stop_ = false;
  std::atomic<bool> cancel_{false};  // the evaluation in progress stops after its game
  double seconds_ = 0;
  std::thread thread_;
};

}  // namespace tz
