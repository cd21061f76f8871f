#pragma once
// An actor of a distributed run (rank > 0): plays self-play games with the weights the
// learner publishes and sends each finished game, with its search targets, to the learner.
// It takes the run's config from the learner, and leaves when the learner ends the run.
// No LibTorch here.
#include <cstdint>
#include <string>

#include "training/distributed/distributed_options.h"

namespace tz {

/// What an actor did.
struct ActorSummary {
  int id = 0;            // the actor's id in the run (1, 2, ...)
  int sent = 0;          // games sent to the learner
  int acknowledged = 0;  // of them, games the learner committed
  int weights = 0;       // weights received
  int64_t gameBytes = 0;     // bytes of the game messages sent
  int64_t weightsBytes = 0;  // bytes of the last weights message received
};

/// Plays for the learner at `options` until the learner ends the run; self-play metrics go
/// to `runDir`/actors/rank-<rank>.jsonl. Throws Error, with the counts, when the learner is
/// gone or does not answer within the timeout.
ActorSummary runActor(const DistributedOptions& options, const std::string& runDir, bool progress);

}  // namespace tz
