#pragma once
// `taflzero train`: self-play workers, the replay buffer, the trainer and evaluation in one
// run directory (resolved config, SQLite record store, checkpoints, metrics, log, curves),
// resumable after a kill at any moment.
#include <memory>
#include <string>

#include "training/experiment.h"

namespace tz {

/// Where a run keeps its files.
struct RunPaths {
  std::string dir;          // the run directory
  std::string config;       // config.yaml: the experiment as started
  std::string records;      // records.sqlite: every game, self-play and evaluation
  std::string checkpoints;  // checkpoints/: step-XXXXXXXX.ckpt
  std::string metrics;      // metrics.jsonl: one JSON object a line
  std::string log;          // train.log
  /// The paths of a run in `dir`.
  static RunPaths of(const std::string& dir);
};

/// What a finished (or stopped) run reports.
struct RunSummary {
  int games = 0;                 // self-play games stored
  int64_t steps = 0;             // training steps taken
  std::string latestCheckpoint;  // path of the newest checkpoint
};

/// Runs (or resumes) the experiment in `dir` until its budget is spent. `progress` shows a
/// live status line on stderr. Throws Error on a bad config or when `dir` holds another run
/// and `resume` is false.
RunSummary runTraining(const std::string& configPath, const std::string& dir, bool resume, bool progress);

}  // namespace tz
