#pragma once
// Work spread over threads, with the first failure stopping the rest: the one shape of every
// parallel loop here (a search's threads, self-play's workers, a match's games at once, a
// study's cells).
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace tz {

/// Runs `work(t)` for t = 0 .. count-1 at once, t = 0 on the calling thread and the others on
/// threads of their own, and returns when every one has. The first exception thrown sets
/// `failed` (which the others' loops watch to stop early) and is rethrown once all are joined.
template <class Work>
void runInThreads(int count, std::atomic<bool>& failed, Work&& work) {
  std::exception_ptr error;
  std::mutex errorMutex;
  const auto guarded = [&](int t) {
    try {
      work(t);
    } catch (...) {
      std::lock_guard<std::mutex> lock(errorMutex);
      if (!error) error = std::current_exception();
      failed = true;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < count; ++t) threads.emplace_back(guarded, t);
  if (count > 0) guarded(0);
  for (auto& thread : threads) thread.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace tz
