#include "nets/net_bench.h"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "nets/positions.h"

namespace tz {

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kDistinctPositions = 64;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// CPU seconds used so far by all threads of the process.
double processCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

}  // namespace

Throughput forwardThroughput(const ForwardPass& pass, const Game& game, int batch, double seconds) {
  const auto positions = randomPositions(game, kDistinctPositions);
  const std::vector<float> distinct = encodePositions(game, positions);
  const size_t size = size_t(game.inputShape().size());
  std::vector<float> inputs(size_t(batch) * size), logits(size_t(batch) * game.numActions()), values(batch);
  for (int i = 0; i < batch; ++i) {
    std::copy_n(&distinct[(i % positions.size()) * size], size, &inputs[size_t(i) * size]);
  }
  pass.predict(inputs.data(), batch, logits.data(), values.data());
  int calls = 0;
  const auto start = Clock::now();
  const double cpuStart = processCpuSeconds();
  while (calls < 3 || since(start) < seconds) {
    pass.predict(inputs.data(), batch, logits.data(), values.data());
    ++calls;
  }
  const double done = double(calls) * batch;
  return {done / since(start), done / (processCpuSeconds() - cpuStart), double(batch)};
}

Throughput evaluatorThroughput(std::shared_ptr<const Network> net, const Game& game,
                               const NetEvaluatorOptions& options, int requesters, int perCall, double seconds) {
  const auto positions = randomPositions(game, kDistinctPositions);
  std::vector<std::vector<Action>> legal(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) positions[i]->legalActions(legal[i]);
  NetEvaluatorOptions withClients = options;
  withClients.clients = requesters;
  NetEvaluator evaluator(std::move(net), withClients);
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < requesters; ++t) {
    threads.emplace_back([&, t] {
      std::vector<EvalRequest> reqs(perCall);
      std::vector<std::vector<float>> priors(perCall);
      for (int round = 0; !stop.load(std::memory_order_relaxed); ++round) {
        for (int k = 0; k < perCall; ++k) {
          const size_t id = size_t(t * 7 + round * 3 + k) % positions.size();
          priors[k].resize(legal[id].size());
          reqs[k] = {positions[id].get(), legal[id].data(), int(legal[id].size()), priors[k].data()};
        }
        evaluator.evaluate(reqs.data(), perCall);
      }
    });
  }
  // Warm up until as many positions as there are requests in flight have been answered,
  // then time at least three batches.
  const auto poll = std::chrono::milliseconds(2);
  while (evaluator.stats().positions < uint64_t(requesters) * perCall) std::this_thread::sleep_for(poll);
  const NetEvaluatorStats before = evaluator.stats();
  const auto start = Clock::now();
  const double cpuStart = processCpuSeconds();
  while (since(start) < seconds || evaluator.stats().batches < before.batches + 3) std::this_thread::sleep_for(poll);
  const NetEvaluatorStats after = evaluator.stats();
  const double elapsed = since(start), cpu = processCpuSeconds() - cpuStart;
  stop = true;
  for (auto& th : threads) th.join();
  const double done = double(after.positions - before.positions);
  return {done / elapsed, done / cpu, done / double(after.batches - before.batches)};
}

}  // namespace tz
