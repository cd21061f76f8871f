#pragma once
// The network evaluator: requests from many search threads are gathered into batches,
// run through a Network by worker threads, and answered with priors over the legal
// actions only (softmax of the legal logits) and the value for the side to move.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "mcts/evaluator.h"
#include "nets/forward_pass.h"

namespace tz {

/// How the evaluator batches.
struct NetEvaluatorOptions {
  int maxBatch = 64;           // positions per forward pass at most
  int maxWaitUs = 1000;        // how long the oldest waiting request may wait for a fuller batch
  int clients = 0;             // threads calling evaluate(); once all of them wait, no request
                               // can join the batch, so it runs at once (0: unknown, wait)
  int workers = 1;             // threads running forward passes (each its own batch)
  int torchThreads = 1;        // LibTorch intra-op threads of each worker (0: leave as is)
  bool mixedPrecision = true;  // float16 autocast on CUDA (ignored on CPU)
  Precision precision = Precision::fp32;  // the forward pass's arithmetic (bf16: the fused CPU pass)

  /// Throws Error naming the first option out of range.
  void check() const;
};

/// Batch counters, for reports and benchmarks.
struct NetEvaluatorStats {
  uint64_t batches = 0;    // forward passes run
  uint64_t positions = 0;  // positions evaluated
  uint64_t byCallers = 0;  // of the forward passes, those run by the calling thread (no other call could join them)
};

/// An Evaluator backed by a Network; evaluate() may be called by any number of threads.
class NetEvaluator final : public Evaluator {
 public:
  /// Evaluates with `net` (kept alive by the evaluator, never trained through it) in the
  /// options' precision; throws Error for bf16 on a CUDA network.
  NetEvaluator(std::shared_ptr<const Network> net, const NetEvaluatorOptions& options);
  /// Stops the workers; no evaluate() call may be in progress.
  ~NetEvaluator() override;

  /// Encodes the requests in the calling thread, queues them and blocks until a worker has
  /// answered every one of them; rethrows a worker's error. Requests no others could join
  /// are run by the calling thread, not queued: those that fill whole batches by themselves
  /// (at least maxBatch), and, when no worker waits for fuller batches (maxWaitUs 0, at most
  /// one client), those of a call made while no other is in progress. A caller that runs its
  /// own requests keeps the evaluator's torch threads as its thread's setting.
  void evaluate(EvalRequest* requests, int count) override;
  /// "net:<variant>/<network name>@step".
  std::string name() const override;
  /// Counters since construction.
  NetEvaluatorStats stats() const;

 private:
  struct Ticket;
  class CallerCount;
  struct Pending {
    const float* input;
    EvalRequest* request;
    Ticket* ticket;
    std::chrono::steady_clock::time_point arrival;
  };

  // A forward pass's outputs, kept between passes.
  struct Outputs {
    std::vector<float> logits;
    std::vector<float> values;  // values, then draw probabilities
  };

  void workerLoop();
  // Runs the encoded positions `inputs` (one row per request) through the network and
  // answers each request: priors over its legal actions, value and draw probability. Throws
  // what the network throws, answering none.
  void predict(const float* inputs, const std::vector<EvalRequest*>& requests, Outputs& outputs);
  // Answers a batch taken from the queue and wakes its callers, handing them any error.
  void runBatch(std::vector<Pending>& batch, std::vector<float>& inputs, std::vector<EvalRequest*>& answered,
                Outputs& outputs);

  NetEvaluatorOptions options_;
  ForwardPass pass_;
  int inputSize_;
  int numActions_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Pending> queue_;
  bool stop_ = false;
  std::atomic<int> waitingCallers_{0};  // evaluate() calls not yet answered
  std::atomic<int> callersInside_{0};   // evaluate() calls in progress, run by their callers or queued
  std::vector<std::thread> workers_;
  std::atomic<uint64_t> batches_{0};
  std::atomic<uint64_t> positions_{0};
  std::atomic<uint64_t> byCallers_{0};
};

}  // namespace tz
