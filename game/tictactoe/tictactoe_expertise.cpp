#include "game/tictactoe/tictactoe_expertise.h"

#include "game/board_drawing.h"
#include "game/tictactoe/tictactoe.h"

namespace tz::tictactoe {

BoardDrawing TicTacToeExpertise::boardDrawing() const {
  const GridDrawing grid(3, 3);
  BoardDrawing drawing = grid.labelled();
  drawing.background = svgRect(grid.x(0) - 0.5, grid.y(2) - 0.5, 3, 3, "#f3e7c9") + drawing.background;
  for (int k = 1; k < 3; ++k) {
    drawing.background += svgLine(grid.x(k) - 0.5, grid.y(2) - 0.5, grid.x(k) - 0.5, grid.y(0) + 0.5, "#6d5a3a", 0.06);
    drawing.background += svgLine(grid.x(0) - 0.5, grid.y(k) + 0.5, grid.x(2) + 0.5, grid.y(k) + 0.5, "#6d5a3a", 0.06);
  }
  for (int cell = 0; cell < 9; ++cell) drawing.points.push_back({cellName(cell), grid.x(cell % 3), grid.y(cell / 3)});
  return drawing;
}

DrawnPosition TicTacToeExpertise::drawnPosition(const State& state) const {
  const auto& cells = static_cast<const TicTacToeState&>(state).cells();
  DrawnPosition drawn;
  for (int cell = 0; cell < 9; ++cell) {
    if (cells[size_t(cell)] == 0) drawn.pieces.push_back({cell, "dark", "X"});
    if (cells[size_t(cell)] == 1) drawn.pieces.push_back({cell, "light", "O"});
  }
  return drawn;
}

const TicTacToeExpertise& TicTacToeExpertise::instance() {
  static const TicTacToeExpertise expertise;
  return expertise;
}

}  // namespace tz::tictactoe
