#pragma once
// Where a process stands in a distributed run: the learner's address and port (the
// rendezvous store), its rank and the world size, as the usual MASTER_ADDR, MASTER_PORT,
// RANK and WORLD_SIZE environment variables give them. No LibTorch here.
#include <optional>
#include <string>

namespace tz {

/// A process's place in a distributed run; rank 0 is the learner, the others are actors.
struct DistributedOptions {
  std::string masterAddr = "127.0.0.1";  // host of rank 0, which serves the store
  int masterPort = 29500;                // the store's TCP port on that host
  int rank = 0;                          // 0: learner; 1..worldSize-1: actors
  int worldSize = 1;                     // processes in the run
  int timeoutSeconds = 60;               // longest wait for the store before giving up

  /// Whether this process is the learner (rank 0).
  bool learner() const { return rank == 0; }
  /// "host:port" of the store, for messages.
  std::string address() const { return masterAddr + ":" + std::to_string(masterPort); }
};

/// The options from MASTER_ADDR, MASTER_PORT, RANK and WORLD_SIZE; nothing when none of
/// them is set or WORLD_SIZE is 1. Throws Error naming the variable when one is missing or
/// out of range.
std::optional<DistributedOptions> distributedFromEnvironment();

}  // namespace tz
