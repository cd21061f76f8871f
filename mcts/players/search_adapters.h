#pragma once
// The two ways the baseline players walk a game tree: the fast tafl Position with
// play/undo, or any game through the State interface (a stack of copied states). Both
// offer the same members, so greedy and alpha-beta are written once as templates.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game/game.h"
#include "game/tafl/tafl_game.h"
#include "mcts/players/tafl_eval.h"

namespace tz::players {

/// Tafl tree walking on one fast Position.
class TaflAdapter {
 public:
  using Move = tafl::Move;

  /// Starts at `state` of `game`.
  TaflAdapter(const tafl::TaflGame& game, const tafl::TaflState& state);

  /// Side to move.
  int toMove() const { return pos_.toMove(); }
  /// Result so far.
  const Outcome& outcome() const { return pos_.outcome(); }
  /// Position hash.
  uint64_t hash() const { return pos_.hash(); }
  /// Fills `out` with the legal moves.
  void generate(std::vector<Move>& out) const;
  /// Plays a legal move.
  void play(Move move);
  /// Takes back the last move played.
  void undo();
  /// Material of `side` minus the other side's.
  int material(int side) const { return eval_.material(pos_, side); }
  /// Heuristic value for the side to move (tafl evaluation).
  int evaluate() const { return eval_.evaluate(pos_); }
  /// The move as an action of the game.
  Action action(Move move) const { return game_->actionOf(move); }
  /// A small integer naming the move, below codeSpace().
  uint32_t code(Move move) const { return uint32_t(move.from) * tafl::kMaxCells + move.to; }
  /// Number of distinct move codes.
  int codeSpace() const { return tafl::kMaxCells * tafl::kMaxCells; }

 private:
  const tafl::TaflGame* game_;
  tafl::Position pos_;
  std::vector<tafl::Undo> undos_;
  TaflEvaluator eval_;
};

/// Tree walking through the State interface, for any game. Material is known for
/// morris (from its position record, docs/MORRIS.md 1.3) and zero for other games.
class GenericAdapter {
 public:
  using Move = Action;

  /// Starts at `state` of `game`.
  GenericAdapter(const Game& game, const State& state);

  /// Side to move.
  int toMove() const { return top().toMove(); }
  /// Result so far.
  const Outcome& outcome() const { return top().outcome(); }
  /// Position hash.
  uint64_t hash() const { return top().hash(); }
  /// Fills `out` with the legal actions.
  void generate(std::vector<Move>& out) const { top().legalActions(out); }
  /// Plays a legal action.
  void play(Move move);
  /// Takes back the last action played.
  void undo() { --depth_; }
  /// Material of `side` minus the other side's (100 a piece).
  int material(int side) const;
  /// Material for the side to move plus its number of legal actions (mobility).
  int evaluate() const;
  /// The action itself.
  Action action(Move move) const { return move; }
  /// The action index as a code.
  uint32_t code(Move move) const { return uint32_t(move); }
  /// Size of the action space.
  int codeSpace() const { return numActions_; }

 private:
  const State& top() const { return *stack_[depth_]; }

  bool morris_;
  int numActions_;
  std::vector<std::unique_ptr<State>> stack_;  // stack_[0..depth_] are the states on the path
  int depth_ = 0;
  mutable std::vector<Action> scratch_;
};

/// Pieces on the board plus in hand for white and black, read from a morris record
/// "<24 x W|B|.> <side> <in hand W> <in hand B> ..."; throws Error when malformed.
void morrisMaterial(const std::string& record, int pieces[2]);

}  // namespace tz::players
