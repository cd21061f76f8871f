#pragma once
// The expertise of a rule-conditioned set's games: each member variant's own, handed the
// variant's state behind a conditioned one.
#include <memory>

#include "game/expertise.h"

namespace tz {

class RuleConditioning;

/// The members' expertise behind conditioned states; the board drawing is the first member's.
class RuleConditionedExpertise final : public GameExpertise {
 public:
  /// The expertise of `set`'s members (set must outlive this; its first member has expertise).
  explicit RuleConditionedExpertise(const RuleConditioning& set) : set_(set) {}

  /// A policy playing each member's states with that member's own (none when the members have none).
  std::unique_ptr<PlayoutPolicy> newPlayoutPolicy() const override;
  std::unique_ptr<TreeWalker> newTreeWalker(const State& state) const override;
  BoardDrawing boardDrawing() const override;
  DrawnPosition drawnPosition(const State& state) const override;

 private:
  const RuleConditioning& set_;
};

}  // namespace tz
