#include "mcts/players/search_adapters.h"

#include <algorithm>
#include <sstream>

#include "game/error.h"

namespace tz::players {

TaflAdapter::TaflAdapter(const tafl::TaflGame& game, const tafl::TaflState& state)
    : game_(&game), pos_(state.position()), eval_(game.topology()) {
  undos_.reserve(64);
}

void TaflAdapter::generate(std::vector<Move>& out) const {
  tafl::MoveList list;
  pos_.generate(list);
  out.assign(list.moves, list.moves + list.size);
}

void TaflAdapter::play(Move move) {
  undos_.emplace_back();
  pos_.play(move, &undos_.back());
}

void TaflAdapter::undo() {
  pos_.undo(undos_.back());
  undos_.pop_back();
}

GenericAdapter::GenericAdapter(const Game& game, const State& state)
    : morris_(game.family() == "morris"), numActions_(game.numActions()) {
  stack_.push_back(state.clone());
}

void GenericAdapter::play(Move move) {
  if (depth_ + 1 == int(stack_.size())) stack_.push_back(top().clone());
  else stack_[depth_ + 1]->copyFrom(top());
  ++depth_;
  stack_[depth_]->apply(move);
}

int GenericAdapter::material(int side) const {
  if (!morris_) return 0;
  int pieces[2];
  morrisMaterial(top().record(), pieces);
  return 100 * (pieces[side] - pieces[1 - side]);
}

int GenericAdapter::evaluate() const {
  top().legalActions(scratch_);
  return material(toMove()) + int(scratch_.size());
}

void morrisMaterial(const std::string& record, int pieces[2]) {
  std::istringstream in(record);
  std::string board, side;
  int hand[2] = {-1, -1};
  in >> board >> side >> hand[0] >> hand[1];
  if (!in || board.size() != 24 || hand[0] < 0 || hand[1] < 0) {
    throw Error("morris record '" + record + "': expected <24 x W|B|.> <side> <in hand W> <in hand B>");
  }
  pieces[0] = hand[0] + int(std::count(board.begin(), board.end(), 'W'));
  pieces[1] = hand[1] + int(std::count(board.begin(), board.end(), 'B'));
}

}  // namespace tz::players
