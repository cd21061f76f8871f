#pragma once
// What every game's State repeats, written once: copying a state of the final class
// (ClonableState), and, for a state that is its game and a fast position, reading the side
// to move, outcome, ply, hash and perft off the position (PositionState).
#include <cstdint>
#include <memory>
#include <utility>

#include "game/game.h"

namespace tz {

/// clone() and copyFrom() of a State whose final class is `Derived` (copyable).
template <class Derived>
class ClonableState : public State {
 public:
  std::unique_ptr<State> clone() const override { return std::make_unique<Derived>(self()); }
  /// `other` must be a `Derived`.
  void copyFrom(const State& other) override { static_cast<Derived&>(*this) = static_cast<const Derived&>(other); }

 private:
  // This state as its final class.
  const Derived& self() const { return static_cast<const Derived&>(*this); }
};

/// A State that is a `GameT` (which outlives it) and a `PositionT`: a fast position with
/// toMove(), outcome(), ply(), hash() and a perft(depth) that plays on itself.
template <class Derived, class GameT, class PositionT>
class PositionState : public ClonableState<Derived> {
 public:
  int toMove() const override { return pos_.toMove(); }
  const Outcome& outcome() const override { return pos_.outcome(); }
  int ply() const override { return pos_.ply(); }
  uint64_t hash() const override { return pos_.hash(); }
  uint64_t perft(int depth) const override {
    PositionT copy = pos_;
    return copy.perft(depth);
  }

  /// The underlying fast position.
  const PositionT& position() const { return pos_; }
  /// The variant this state belongs to.
  const GameT& game() const { return *game_; }

 protected:
  /// A position of `game`.
  PositionState(const GameT& game, PositionT position) : game_(&game), pos_(std::move(position)) {}

  const GameT* game_;
  PositionT pos_;
};

}  // namespace tz
