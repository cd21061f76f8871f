#pragma once
// A position of a RuleConditionedGame: the member variant's state, encoded with the rule
// planes after the variant's own planes.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "game/game.h"

namespace tz {

class RuleConditionedGame;

/// A member variant's state behind its conditioned game.
class RuleConditionedState final : public State {
 public:
  /// Wraps `base`, a state with the rules of `game`'s member (game must outlive this).
  RuleConditionedState(const RuleConditionedGame& game, std::unique_ptr<State> base);

  std::unique_ptr<State> clone() const override;
  void copyFrom(const State& other) override;
  int toMove() const override { return base_->toMove(); }
  const Outcome& outcome() const override { return base_->outcome(); }
  int ply() const override { return base_->ply(); }
  uint64_t hash() const override { return base_->hash(); }
  void legalActions(std::vector<Action>& out) const override { base_->legalActions(out); }
  void apply(Action action) override { base_->apply(action); }
  std::string actionName(Action action) const override { return base_->actionName(action); }
  void encode(float* planes) const override;
  std::vector<std::string> legalTurns() const override { return base_->legalTurns(); }
  void playTurn(const std::string& notation) override { base_->playTurn(notation); }
  uint64_t perft(int depth) const override { return base_->perft(depth); }
  std::vector<std::pair<std::string, uint64_t>> divide(int depth) const override { return base_->divide(depth); }
  std::string record() const override { return base_->record(); }
  std::string diagram() const override { return base_->diagram(); }
  const GameExpertise* expertise() const override;

  /// The member variant's state.
  const State& base() const { return *base_; }
  /// The conditioned game.
  const RuleConditionedGame& game() const { return *game_; }

 private:
  const RuleConditionedGame* game_;
  std::unique_ptr<State> base_;
};

}  // namespace tz
