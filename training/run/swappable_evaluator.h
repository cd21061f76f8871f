#pragma once
// An evaluator whose underlying evaluator can be replaced while searches run: the
// trainer hands new weights to self-play without stopping it.
#include <memory>
#include <mutex>
#include <string>

#include "mcts/evaluator.h"

namespace tz {

/// Forwards to the current evaluator; calls in flight finish on the one they started with.
class SwappableEvaluator final : public Evaluator {
 public:
  /// Starts with `initial`.
  explicit SwappableEvaluator(std::shared_ptr<Evaluator> initial) : current_(std::move(initial)) {}
  /// Makes `next` the evaluator for every later call.
  void swap(std::shared_ptr<Evaluator> next) {
    std::lock_guard<std::mutex> lock(mutex_);
    current_ = std::move(next);
  }
  void evaluate(EvalRequest* requests, int count) override { current()->evaluate(requests, count); }
  std::string name() const override { return current()->name(); }

 private:
  std::shared_ptr<Evaluator> current() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return current_;
  }
  mutable std::mutex mutex_;
  std::shared_ptr<Evaluator> current_;
};

}  // namespace tz
