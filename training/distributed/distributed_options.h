#pragma once
// Where a process stands in a distributed run: the store's address and port (served by
// rank 0), its rank, the world size and how many ranks are learners, as the usual
// MASTER_ADDR, MASTER_PORT, RANK and WORLD_SIZE environment variables (and LEARNERS) give
// them. No LibTorch here.
#include <optional>
#include <string>

namespace tz {

/// A process's place in a distributed run: ranks 0 .. learners-1 are learners (rank 0, the
/// coordinator, keeps the run directory and serves the store), the others are actors.
struct DistributedOptions {
  std::string masterAddr = "127.0.0.1";  // host of rank 0, which serves the store
  int masterPort = 29500;                // the store's TCP port on that host (0 on rank 0: any free port)
  int rank = 0;                          // 0: coordinator; 1..learners-1: learners; then actors
  int worldSize = 1;                     // processes in the run
  int learners = 1;                      // ranks that train (data parallel when more than one)
  int timeoutSeconds = 60;               // longest wait for the store or the other learners

  /// Whether this process trains (rank < learners).
  bool learner() const { return rank < learners; }
  /// Whether this process is rank 0: it serves the store and keeps the run directory.
  bool coordinator() const { return rank == 0; }
  /// "host:port" of the store, for messages.
  std::string address() const { return masterAddr + ":" + std::to_string(masterPort); }
};

/// The options from MASTER_ADDR, MASTER_PORT, RANK, WORLD_SIZE and LEARNERS (default 1);
/// nothing when none of the first four is set or WORLD_SIZE is 1. Throws Error naming the
/// variable when one is missing or out of range (LEARNERS in [1, WORLD_SIZE - 1]: at least
/// one rank is an actor; MASTER_PORT=0 only on rank 0).
std::optional<DistributedOptions> distributedFromEnvironment();

}  // namespace tz
