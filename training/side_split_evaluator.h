#pragma once
// Self-play against a past checkpoint: requests for one side go to the past network, the
// others to the current one, so that the network keeps meeting the play it learned from
// (a guard against forgetting one side while learning the other).
#include <memory>
#include <string>
#include <vector>

#include "mcts/evaluator.h"

namespace tz {

/// Sends positions with `pastSide` to move to `past`, all others to `current`.
class SideSplitEvaluator final : public Evaluator {
 public:
  /// Routes by side to move.
  SideSplitEvaluator(std::shared_ptr<Evaluator> current, std::shared_ptr<Evaluator> past, int pastSide)
      : current_(std::move(current)), past_(std::move(past)), pastSide_(pastSide) {}

  void evaluate(EvalRequest* requests, int count) override {
    std::vector<EvalRequest> mine, theirs;
    for (int i = 0; i < count; ++i) (requests[i].state->toMove() == pastSide_ ? theirs : mine).push_back(requests[i]);
    if (!mine.empty()) current_->evaluate(mine.data(), int(mine.size()));
    if (!theirs.empty()) past_->evaluate(theirs.data(), int(theirs.size()));
    // Copy the outputs back in the callers' order.
    size_t a = 0, b = 0;
    for (int i = 0; i < count; ++i) {
      const EvalRequest& done = requests[i].state->toMove() == pastSide_ ? theirs[b++] : mine[a++];
      requests[i].value = done.value;
    }
  }
  std::string name() const override { return current_->name() + " vs past " + past_->name(); }

 private:
  std::shared_ptr<Evaluator> current_;
  std::shared_ptr<Evaluator> past_;
  int pastSide_;
};

}  // namespace tz
