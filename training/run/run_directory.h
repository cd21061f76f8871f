#pragma once
// The files of a training run: where each lives, the checkpoint names, the run's own copy
// of its experiment config and its identity (what fixes the run at its start).
#include <cstdint>
#include <string>
#include <vector>

#include "training/run/experiment.h"

namespace tz {

/// Where a run keeps its files.
struct RunPaths {
  std::string dir;          // the run directory
  std::string config;       // config.yaml: the experiment as started
  std::string records;      // records.sqlite: every game, self-play and evaluation
  std::string checkpoints;  // checkpoints/: step-XXXXXXXX.ckpt
  std::string metrics;      // metrics.jsonl: one JSON object a line
  std::string log;          // train.log
  std::string identity;     // identity.yaml: the config, rules and network the run started with
  std::string start;        // start.yaml: the model a run continues (train --from); absent for a fresh run
  /// The paths of a run in `dir`.
  static RunPaths of(const std::string& dir);
};

/// The tag of a run's self-play games in its records.
inline constexpr const char* kSelfPlayTag = "selfplay";

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

/// The checkpoint a run continues (`train --from`), as start.yaml keeps it.
struct RunStart {
  std::string from;        // the checkpoint continued, as given; empty for a fresh run
  std::string fromSha256;  // its SHA-256
  int64_t fromStep = 0;    // its training step: the run's first
  bool otherRules = false; // it was trained on other rules of the run's board (train --other-rules)
};

/// The run's start (an empty RunStart for a fresh run); throws Error naming start.yaml when malformed.
RunStart readRunStart(const RunPaths& paths);

/// The run's wall time so far in seconds, every process before a resume included (metrics.jsonl).
double runSeconds(const RunPaths& paths);

/// Creates the run directory for a new run and writes its config.yaml: the experiment of
/// `source` with file references made absolute and its overrides applied, so that it
/// resolves from anywhere; and
/// identity.yaml: that config with the rules and the network architecture `experiment`
/// (the same file, already loaded) resolves to. A run continuing a checkpoint (`start.from`
/// not empty) gets a copy of it as its first checkpoint (of other rules: its network under the
/// run's rules) and start.yaml, before config.yaml.
void createRunDirectory(const ExperimentSource& source, const ExperimentConfig& experiment, const RunPaths& paths,
                        const RunStart& start = {});

/// Checks, before a resumed run touches anything, that it is still the run it started as:
/// `source` (the command's config and overrides) and the run's config.yaml both equal the config in
/// identity.yaml, and that config still resolves to the same rules and network (a variant
/// or network file may have been edited). Throws Error naming the first difference. A run
/// made before identity.yaml existed gets one from its config.yaml.
void checkResumable(const ExperimentSource& source, const RunPaths& paths);

}  // namespace tz
