#pragma once
// `taflzero train`: self-play, the replay buffer, the trainer and evaluation in one run
// directory (resolved config, SQLite record store, checkpoints, metrics, log, curves),
// resumable after a kill at any moment. The run's rooms: run_directory (files),
// run_monitor (metrics, status line, budget), published_weights (what self-play searches
// with), self_play_producer (games), evaluation_worker (checkpoint matches beside training)
// and this orchestrator with the trainer loop.
#include <cstdint>
#include <string>

#include "training/run/run_directory.h"

namespace tz {

class RunPeers;

/// What a finished (or stopped) run reports.
struct RunSummary {
  int games = 0;                 // self-play games stored
  int64_t steps = 0;             // training steps taken
  std::string latestCheckpoint;  // path of the newest checkpoint
  int publications = 0;          // weights handed to self-play by this process
};

/// Where a new run starts: a fresh network, or a checkpoint it continues (`train --from`).
struct RunOrigin {
  std::string checkpoint;   // the checkpoint continued; empty: a fresh start
  bool otherRules = false;  // it was trained on other rules of the same board and encoding
                            // (`train --other-rules`): the run goes on under its own
};

/// Runs (or resumes) the experiment (a file and its overrides) in `dir` until its budget is spent. `progress` shows a
/// live status line on stderr. Throws Error on a bad config or when `dir` holds another run
/// and `resume` is false. With `peers` (rank 0 of a distributed run) this process is the
/// learner: it serves the run to them and stores the actors' games instead of playing, and
/// shares each training step with the further learners when there are some. A new run with
/// `from.checkpoint` continues it: its weights, optimizer state and step (so the
/// learning-rate schedule goes on where it stopped), no bootstrap games, the replay buffer
/// refilled by the network's own games; refused, nothing written, when its variant (with
/// `from.otherRules`: its board and encoding) or network is not the experiment's.
RunSummary runTraining(const ExperimentSource& experiment, const std::string& dir, bool resume, bool progress,
                       RunPeers* peers = nullptr, const RunOrigin& from = {});

}  // namespace tz
