#include "nets/net_evaluator.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>

#include "game/base/error.h"

namespace tz {

using Clock = std::chrono::steady_clock;

// Counts a call in evaluate() for its lifetime; alone() when no other call was in it.
class NetEvaluator::CallerCount {
 public:
  explicit CallerCount(std::atomic<int>& count) : count_(count), before_(count.fetch_add(1)) {}
  ~CallerCount() { count_.fetch_sub(1); }
  bool alone() const { return before_ == 0; }

 private:
  std::atomic<int>& count_;
  int before_;
};

// One evaluate() call: how many of its requests are still unanswered, and the first error.
struct NetEvaluator::Ticket {
  std::mutex mutex;
  std::condition_variable done;
  int remaining = 0;
  std::exception_ptr error;
};

void NetEvaluatorOptions::check() const {
  if (maxBatch < 1 || maxBatch > 65536) throw Error("evaluator max batch must be in [1, 65536]");
  if (maxWaitUs < 0) throw Error("evaluator wait limit must be >= 0 microseconds");
  if (clients < 0) throw Error("evaluator clients must be >= 0");
  if (workers < 1 || workers > 64) throw Error("evaluator workers must be in [1, 64]");
  if (torchThreads < 0 || torchThreads > 256) throw Error("evaluator torch threads must be in [0, 256]");
}

NetEvaluator::NetEvaluator(std::shared_ptr<const Network> net, const NetEvaluatorOptions& options)
    : options_(options),
      pass_(std::move(net), options.precision),
      inputSize_(pass_.network().meta().shape.input.size()),
      numActions_(pass_.network().meta().shape.numActions) {
  options_.check();
  for (int i = 0; i < options_.workers; ++i) workers_.emplace_back([this] { workerLoop(); });
}

NetEvaluator::~NetEvaluator() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& w : workers_) w.join();
}

void NetEvaluator::evaluate(EvalRequest* requests, int count) {
  if (count <= 0) return;
  thread_local std::vector<float> inputs;
  inputs.resize(size_t(count) * inputSize_);
  for (int i = 0; i < count; ++i) requests[i].state->encode(&inputs[size_t(i) * inputSize_]);
  CallerCount inside(callersInside_);
  if (count >= options_.maxBatch || (inside.alone() && options_.maxWaitUs == 0 && options_.clients <= 1)) {
    // Nothing could join these requests in a batch (they fill whole batches, or no other
    // call is in progress and no worker would wait for one): the caller runs them, sparing
    // two thread switches a batch (a lone search's every leaf).
    setTorchThreads(options_.torchThreads);  // a thread's own setting, as each worker's
    thread_local Outputs outputs;
    thread_local std::vector<EvalRequest*> answered;
    for (int start = 0; start < count; start += options_.maxBatch) {
      const int n = std::min(options_.maxBatch, count - start);
      answered.resize(size_t(n));
      for (int i = 0; i < n; ++i) answered[size_t(i)] = &requests[start + i];
      predict(&inputs[size_t(start) * inputSize_], answered, outputs);
      byCallers_.fetch_add(1, std::memory_order_relaxed);
    }
    return;
  }
  Ticket ticket;
  ticket.remaining = count;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto now = Clock::now();
    for (int i = 0; i < count; ++i) queue_.push_back({&inputs[size_t(i) * inputSize_], &requests[i], &ticket, now});
    waitingCallers_.fetch_add(1, std::memory_order_relaxed);
  }
  wake_.notify_all();
  std::unique_lock<std::mutex> lock(ticket.mutex);
  ticket.done.wait(lock, [&] { return ticket.remaining == 0; });
  if (ticket.error) std::rethrow_exception(ticket.error);
}

void NetEvaluator::workerLoop() {
  setTorchThreads(options_.torchThreads);
  std::vector<Pending> batch;
  std::vector<float> inputs;
  std::vector<EvalRequest*> answered;
  Outputs outputs;
  const size_t maxBatch = size_t(options_.maxBatch);
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping
      // Wait for a full batch, until the oldest request has waited long enough, or until
      // every client waits (then nothing more can come).
      const auto moreMayCome = [&] {
        return options_.clients == 0 || waitingCallers_.load(std::memory_order_relaxed) < options_.clients;
      };
      while (!stop_ && !queue_.empty() && queue_.size() < maxBatch && moreMayCome()) {
        const auto deadline = queue_.front().arrival + std::chrono::microseconds(options_.maxWaitUs);
        if (Clock::now() >= deadline) break;
        wake_.wait_until(lock, deadline);
      }
      if (queue_.empty()) continue;  // another worker took them
      const size_t n = std::min(queue_.size(), maxBatch);
      batch.assign(queue_.begin(), queue_.begin() + long(n));
      queue_.erase(queue_.begin(), queue_.begin() + long(n));
    }
    runBatch(batch, inputs, answered, outputs);
  }
}

void NetEvaluator::predict(const float* inputs, const std::vector<EvalRequest*>& requests, Outputs& outputs) {
  const int n = int(requests.size());
  outputs.logits.resize(size_t(n) * numActions_);
  outputs.values.resize(size_t(2 * n));  // values, then draw probabilities
  const float* draws = outputs.values.data() + n;
  pass_.predict(inputs, n, outputs.logits.data(), outputs.values.data(), outputs.values.data() + n, options_.mixedPrecision);
  batches_.fetch_add(1, std::memory_order_relaxed);
  positions_.fetch_add(n, std::memory_order_relaxed);
  for (int i = 0; i < n; ++i) {
    EvalRequest& r = *requests[size_t(i)];
    // Softmax over the legal actions only.
    const float* row = &outputs.logits[size_t(i) * numActions_];
    float top = -INFINITY;
    for (int k = 0; k < r.numLegal; ++k) top = std::max(top, row[r.legal[k]]);
    float sum = 0.f;
    for (int k = 0; k < r.numLegal; ++k) sum += (r.priors[k] = std::exp(row[r.legal[k]] - top));
    for (int k = 0; k < r.numLegal; ++k) r.priors[k] /= sum;
    r.value = outputs.values[size_t(i)];
    r.draw = draws[i];
  }
}

void NetEvaluator::runBatch(std::vector<Pending>& batch, std::vector<float>& inputs, std::vector<EvalRequest*>& answered,
                            Outputs& outputs) {
  const int n = int(batch.size());
  inputs.resize(size_t(n) * inputSize_);
  answered.resize(size_t(n));
  std::exception_ptr error;
  try {
    for (int i = 0; i < n; ++i) {
      std::memcpy(&inputs[size_t(i) * inputSize_], batch[i].input, sizeof(float) * inputSize_);
      answered[size_t(i)] = batch[i].request;
    }
    predict(inputs.data(), answered, outputs);
  } catch (...) {
    error = std::current_exception();
  }
  for (int i = 0; i < n; ++i) {
    Ticket& t = *batch[i].ticket;
    // Notify under the lock: the caller may destroy the ticket as soon as it sees zero.
    std::lock_guard<std::mutex> lock(t.mutex);
    if (error && !t.error) t.error = error;
    if (--t.remaining == 0) {
      waitingCallers_.fetch_sub(1, std::memory_order_relaxed);
      t.done.notify_one();
    }
  }
}

std::string NetEvaluator::name() const {
  const Network& net = pass_.network();
  return "net:" + net.meta().variant + "/" + net.meta().network.name + "@" + std::to_string(net.step());
}

NetEvaluatorStats NetEvaluator::stats() const {
  return {batches_.load(std::memory_order_relaxed), positions_.load(std::memory_order_relaxed),
          byCallers_.load(std::memory_order_relaxed)};
}

}  // namespace tz
