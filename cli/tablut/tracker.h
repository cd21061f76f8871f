#pragma once
// The position of a game on the Tablut Challenge server, replayed from the boards it sends
// so that the repetition history survives (docs/RULES.md 8.18): the server sends boards,
// not moves, and a position seen twice since the last capture is a draw there.
#include <memory>
#include <string>

#include "game/game.h"

namespace tz::cli::tablut {

/// How a received board follows from the position before it.
struct Step {
  enum class Kind {
    kSame,   // the board and side to move are those of the position already held
    kTurn,   // one legal move leads to them: it was played, and the history kept
    kPlayedOn,  // a legal move leads to the board, where our rules end the game (a ply limit,
                // a side left without moves) and the server plays on: the position starts
                // anew from the board, without history
    kFresh,  // no legal move does: the position starts anew from the board, without history
  };
  Kind kind = Kind::kSame;
  Action action = -1;    // the move played (kTurn, kPlayedOn)
  std::string notation;  // its notation in the position before it (kTurn, kPlayedOn)
  std::string ending;    // why our rules end the game after it (kPlayedOn)
};

/// One game's position, followed board by board.
class PositionTracker {
 public:
  /// A tracker at the start position of `game` (a 9x9 tafl variant that outlives it).
  explicit PositionTracker(const Game& game);

  /// Brings the position to the board `record` with `side` to move, or with the game over
  /// when `side` is -1 (then only the board is compared). A move matches when it leads to
  /// that board with that side to move and, for a side to move, the game still going on
  /// under our rules (a move that reaches the board where our rules end the game is a
  /// kPlayedOn step). Throws Error for a record that is no valid position.
  Step follow(const std::string& record, int side);
  /// The position now, with its repetition history since the last capture.
  const State& state() const { return *state_; }

 private:
  // Whether `state` has the board `record`, `side` to move (-1: any, over or not).
  static bool matches(const State& state, const std::string& record, int side);

  const Game& game_;
  std::unique_ptr<State> state_;
};

}  // namespace tz::cli::tablut
