#pragma once
// The run's shared key-value store: LibTorch's c10d TCPStore, served by the learner (rank
// 0) and reached by every other process. It is the rendezvous of the learners' process
// group and the channel of weights and games. No LibTorch here (pimpl).
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "training/distributed/distributed_options.h"

namespace tz {

/// A connection to the run's store; every call is thread-safe and throws Error (naming the
/// store's address) when the store cannot be reached within the timeout.
class RunStore {
 public:
  /// Serves the store on `options.masterPort` (0: any free port, see port()) when
  /// `options.coordinator()` (rank 0), else connects to it, retrying until the timeout.
  explicit RunStore(const DistributedOptions& options);
  ~RunStore();
  RunStore(const RunStore&) = delete;
  RunStore& operator=(const RunStore&) = delete;

  /// The TCP port the store listens on.
  int port() const;
  /// "host:port" of the store (the port it listens on).
  const std::string& address() const { return address_; }
  /// Sets `key` to `value`.
  void set(const std::string& key, const std::string& value);
  /// The value of `key`, waiting up to the timeout for it to be set.
  std::string get(const std::string& key);
  /// Adds `delta` to the counter `key` (0 when unset) and returns the new value.
  int64_t add(const std::string& key, int64_t delta);
  /// Whether `key` is set.
  bool has(const std::string& key);
  /// Removes `key`.
  void erase(const std::string& key);

  /// The c10d side (the TCPStore); its definition is in run_store_impl.h.
  struct Impl;
  /// The c10d side, for the process group's rendezvous.
  Impl& impl() { return *impl_; }

 private:
  // Runs a store call, turning c10d's failures into Error naming the store.
  template <typename F>
  auto guarded(const char* what, const std::string& key, F f) -> decltype(f());

  std::unique_ptr<Impl> impl_;
  std::string address_;
};

}  // namespace tz
