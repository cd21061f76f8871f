#pragma once
// The game-blind tree walker: any game through the State interface, a stack of copied
// states, moves coded as their actions. A family may hand it its material count.
#include <functional>
#include <memory>
#include <vector>

#include "game/expertise.h"

namespace tz {

/// Tree walking through the State interface, for any game.
class StateWalker final : public TreeWalker {
 public:
  /// Material of `side` minus the other side's in `state`.
  using Material = std::function<int(const State& state, int side)>;

  /// Starts at `state` of a game with `numActions` actions; without `material` it counts 0.
  StateWalker(const State& state, int numActions, Material material = nullptr);

  int toMove() const override { return top().toMove(); }
  const Outcome& outcome() const override { return top().outcome(); }
  uint64_t hash() const override { return top().hash(); }
  void generate(std::vector<uint32_t>& out) const override;
  void play(uint32_t move) override;
  void undo() override { --depth_; }
  int material(int side) const override { return material_ ? material_(top(), side) : 0; }
  /// Material for the side to move plus its number of legal actions (mobility).
  int evaluate() const override;
  Action action(uint32_t move) const override { return Action(move); }
  int codeSpace() const override { return numActions_; }

 private:
  const State& top() const { return *stack_[depth_]; }

  int numActions_;
  Material material_;
  std::vector<std::unique_ptr<State>> stack_;  // stack_[0..depth_] are the states on the path
  int depth_ = 0;
  mutable std::vector<Action> scratch_;
};

}  // namespace tz
