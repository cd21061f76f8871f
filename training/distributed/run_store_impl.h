#pragma once
// The c10d side of a RunStore. Includes LibTorch's c10d: include it only from the .cpp
// files of training/distributed that need the TCPStore itself.
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include "training/distributed/run_store.h"

namespace tz {

/// The TCPStore behind a RunStore.
struct RunStore::Impl {
  c10::intrusive_ptr<c10d::TCPStore> store;  // served by rank 0, a client elsewhere
};

}  // namespace tz
