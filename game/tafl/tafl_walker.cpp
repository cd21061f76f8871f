#include "game/tafl/tafl_walker.h"

namespace tz::tafl {

TaflWalker::TaflWalker(const TaflGame& game, const TaflState& state)
    : game_(&game), pos_(state.position()), eval_(game.topology()) {
  undos_.reserve(64);
}

void TaflWalker::generate(std::vector<uint32_t>& out) const {
  MoveList list;
  pos_.generate(list);
  out.resize(size_t(list.size));
  for (int i = 0; i < list.size; ++i) out[size_t(i)] = uint32_t(list.moves[i].from) * kMaxCells + list.moves[i].to;
}

void TaflWalker::play(uint32_t move) {
  undos_.emplace_back();
  pos_.play(moveOf(move), &undos_.back());
}

void TaflWalker::undo() {
  pos_.undo(undos_.back());
  undos_.pop_back();
}

}  // namespace tz::tafl
