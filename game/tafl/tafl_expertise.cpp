#include "game/tafl/tafl_expertise.h"

#include "game/board_drawing.h"
#include "game/tafl/tafl_game.h"
#include "game/tafl/tafl_playout.h"
#include "game/tafl/tafl_walker.h"

namespace tz::tafl {

std::unique_ptr<PlayoutPolicy> TaflExpertise::newPlayoutPolicy() const { return std::make_unique<TaflPlayoutPolicy>(); }

std::unique_ptr<TreeWalker> TaflExpertise::newTreeWalker(const State& state) const {
  const auto* tafl = dynamic_cast<const TaflState*>(&state);
  if (!tafl) return nullptr;
  return std::make_unique<TaflWalker>(*game_, *tafl);
}

BoardDrawing TaflExpertise::boardDrawing() const {
  const Rules& rules = game_->topology().rules;
  const int n = rules.size;
  const GridDrawing grid(n, n);
  BoardDrawing board = grid.labelled();
  const auto square = [&](int sq, const std::string& fill) {
    board.background += svgRect(grid.x(sq % n) - 0.5, grid.y(sq / n) - 0.5, 1, 1, fill, "#b9a77f");
  };
  for (int sq = 0; sq < n * n; ++sq) square(sq, (sq % n + sq / n) % 2 ? "#e8d9b5" : "#f3e7c9");
  for (const auto& camp : rules.camps)
    for (int sq : camp) square(sq, "#cdb98f");
  for (int sq : rules.corners) square(sq, "#8d6e3f");
  square(n / 2 * n + n / 2, "#b08d57");
  for (int sq = 0; sq < n * n; ++sq) board.points.push_back({squareName(sq, n), grid.x(sq % n), grid.y(sq / n)});
  return board;
}

DrawnPosition TaflExpertise::drawnPosition(const State& state) const {
  const Topology& t = game_->topology();
  const Position& pos = static_cast<const TaflState&>(state).position();
  DrawnPosition drawn;
  for (int sq = 0; sq < t.rules.size * t.rules.size; ++sq) {
    const uint8_t piece = pos.at(t.padded(sq));
    if (piece == kAttacker) drawn.pieces.push_back({sq, "dark", ""});
    if (piece == kDefender) drawn.pieces.push_back({sq, "light", ""});
    if (piece == kKing) drawn.pieces.push_back({sq, "gold", "K"});
  }
  return drawn;
}

}  // namespace tz::tafl
