#include "game/morris/morris_expertise.h"

#include "game/board_drawing.h"
#include "game/morris/egtb/morris_tables.h"
#include "game/morris/morris_game.h"
#include "game/state_walker.h"

namespace tz::morris {

int material(const Position& pos, int side) {
  const int mine = count(pos.pieces(side)) + pos.inHand(side);
  const int theirs = count(pos.pieces(1 - side)) + pos.inHand(1 - side);
  return 100 * (mine - theirs);
}

std::unique_ptr<TreeWalker> MorrisExpertise::newTreeWalker(const State& state) const {
  return std::make_unique<StateWalker>(state, kNumActions, [](const State& s, int side) {
    return material(static_cast<const MorrisState&>(s).position(), side);
  });
}

BoardDrawing MorrisExpertise::boardDrawing() const {
  const GridDrawing grid(kGrid, kGrid);
  BoardDrawing drawing = grid.labelled();
  const Board& b = board();
  for (int p = 0; p < kPoints; ++p) drawing.points.push_back({pointName(p), grid.x(b.file[p]), grid.y(b.rank[p])});
  for (int p = 0; p < kPoints; ++p) {
    for (Mask m = b.adjacent[p]; m; m &= m - 1) {
      const int q = lowest(m);
      if (q > p) drawing.background += svgLine(drawing.points[p].x, drawing.points[p].y, drawing.points[q].x,
                                               drawing.points[q].y, "#6d5a3a", 0.06);
    }
  }
  for (const BoardPoint& p : drawing.points) drawing.background += svgCircle(p.x, p.y, 0.1, "#6d5a3a");
  return drawing;
}

DrawnPosition MorrisExpertise::drawnPosition(const State& state) const {
  const Position& pos = static_cast<const MorrisState&>(state).position();
  DrawnPosition drawn;
  for (int side : {0, 1})
    for (Mask m = pos.pieces(side); m; m &= m - 1) drawn.pieces.push_back({lowest(m), side == 0 ? "light" : "dark", ""});
  drawn.caption = "in hand: white " + std::to_string(pos.inHand(0)) + ", black " + std::to_string(pos.inHand(1));
  return drawn;
}

const MorrisExpertise& MorrisExpertise::instance() {
  static const MorrisExpertise expertise;
  return expertise;
}

std::unique_ptr<EndgameTables> MorrisExpertise::openEndgameTables(const Game& game, const std::string& dir) const {
  return std::make_unique<egtb::MorrisEndgameTables>(static_cast<const MorrisGame&>(game), dir);
}

}  // namespace tz::morris
