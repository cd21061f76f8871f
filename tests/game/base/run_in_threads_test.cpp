// Work spread over threads (game/base/run_in_threads.h): every worker runs once, the first on
// the calling thread; the first failure stops the others' loops and is rethrown after the join.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "game/base/run_in_threads.h"

namespace tz::test {
namespace {

TEST(RunInThreads, EveryWorkerRunsOnceAndTheFirstOnTheCallingThread) {
  std::atomic<bool> failed{false};
  std::vector<std::atomic<int>> runs(5);
  std::thread::id first;
  runInThreads(5, failed, [&](int t) {
    ++runs[size_t(t)];
    if (t == 0) first = std::this_thread::get_id();
  });
  for (const auto& r : runs) EXPECT_EQ(r.load(), 1);
  EXPECT_EQ(first, std::this_thread::get_id());
  EXPECT_FALSE(failed.load());
  runInThreads(0, failed, [&](int) { FAIL() << "no worker runs when none is asked for"; });
}

TEST(RunInThreads, TheFirstErrorStopsTheOthersAndIsRethrown) {
  std::atomic<bool> failed{false};
  std::atomic<int> stopped{0};
  try {
    runInThreads(3, failed, [&](int t) {
      if (t == 1) throw std::runtime_error("worker 1 failed");
      while (!failed) std::this_thread::yield();  // the others work until the flag stops them
      ++stopped;
    });
    FAIL() << "the error was not rethrown";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "worker 1 failed");
  }
  EXPECT_TRUE(failed.load());
  EXPECT_EQ(stopped.load(), 2);  // both others had stopped before it was rethrown
}

}  // namespace
}  // namespace tz::test
