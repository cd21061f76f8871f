#pragma once
// The tafl tree walker of the baseline players: the fast Position with play and undo,
// scored by the hand-written tafl evaluation (tafl_eval.h).
#include <vector>

#include "game/expertise.h"
#include "game/tafl/tafl_eval.h"
#include "game/tafl/tafl_game.h"

namespace tz::tafl {

/// Tafl tree walking on one fast Position; a move's code is from * kMaxCells + to.
class TaflWalker final : public TreeWalker {
 public:
  /// Starts at `state` of `game` (which must outlive the walker).
  TaflWalker(const TaflGame& game, const TaflState& state);

  int toMove() const override { return pos_.toMove(); }
  const Outcome& outcome() const override { return pos_.outcome(); }
  uint64_t hash() const override { return pos_.hash(); }
  void generate(std::vector<uint32_t>& out) const override;
  void play(uint32_t move) override;
  void undo() override;
  int material(int side) const override { return eval_.material(pos_, side); }
  int evaluate() const override { return eval_.evaluate(pos_); }
  Action action(uint32_t move) const override { return game_->actionOf(moveOf(move)); }
  int codeSpace() const override { return kMaxCells * kMaxCells; }

 private:
  static Move moveOf(uint32_t code) { return Move{uint16_t(code / kMaxCells), uint16_t(code % kMaxCells)}; }

  const TaflGame* game_;
  Position pos_;
  std::vector<Undo> undos_;
  TaflEvaluator eval_;
};

}  // namespace tz::tafl
