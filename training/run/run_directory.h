#pragma once
// The files of a training run: where each lives, the checkpoint names, and the run's own
// copy of its experiment config.
#include <cstdint>
#include <string>
#include <vector>

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

/// A checkpoint file of a run.
struct CheckpointFile {
  int64_t step = 0;  // training steps of its weights
  std::string path;  // the file
};

/// The participant name of the checkpoint at `step` in ratings and records: "step-N".
std::string checkpointId(int64_t step);
/// The file of the checkpoint at `step`: checkpoints/step-XXXXXXXX.ckpt.
std::string checkpointPath(const RunPaths& paths, int64_t step);
/// Every checkpoint file of the run, by step.
std::vector<CheckpointFile> listCheckpoints(const RunPaths& paths);

/// Creates the run directory for a new run and writes its config.yaml: the experiment at
/// `configPath` with file references made absolute, so that it resolves from anywhere.
void createRunDirectory(const std::string& configPath, const RunPaths& paths);

}  // namespace tz
