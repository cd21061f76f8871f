#pragma once
// What tic-tac-toe offers generic code (game/expertise.h): its board drawing for the
// report. Its baseline players walk it through the State interface.
#include "game/expertise.h"

namespace tz::tictactoe {

/// The expertise of tic-tac-toe.
class TicTacToeExpertise final : public GameExpertise {
 public:
  /// The three-by-three grid, squares named a1..c3.
  BoardDrawing boardDrawing() const override;
  /// X dark, O light, each with its letter; `state` must be a TicTacToeState.
  DrawnPosition drawnPosition(const State& state) const override;
  /// The one instance.
  static const TicTacToeExpertise& instance();
};

}  // namespace tz::tictactoe
