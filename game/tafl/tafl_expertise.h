#pragma once
// What the tafl family offers generic code (game/expertise.h): the light playout policy,
// the fast tree walker with the hand-written evaluation, and the board with its throne,
// corners and camps.
#include <memory>

#include "game/expertise.h"

namespace tz::tafl {

class TaflGame;

/// The expertise of one tafl variant.
class TaflExpertise final : public GameExpertise {
 public:
  /// For `game`, which must outlive it.
  explicit TaflExpertise(const TaflGame& game) : game_(&game) {}

  std::unique_ptr<PlayoutPolicy> newPlayoutPolicy() const override;
  /// A TaflWalker for a TaflState; nullptr for any other state.
  std::unique_ptr<TreeWalker> newTreeWalker(const State& state) const override;
  /// The square board, its throne (the centre), corners and camps shaded.
  BoardDrawing boardDrawing() const override;
  /// Attackers dark, defenders light, the king gold; `state` must be a TaflState.
  DrawnPosition drawnPosition(const State& state) const override;

 private:
  const TaflGame* game_;
};

}  // namespace tz::tafl
