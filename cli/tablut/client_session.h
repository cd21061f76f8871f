#pragma once
// The game loop of the Tablut Challenge client without I/O: a message from the server goes
// in, the move to send (if any) comes out. It follows the position board by board (with
// its repetition history), asks the player for a move on its own turn, prints one line per
// move and the result, and warns when a board cannot be reached by a legal move.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/tablut/messages.h"
#include "cli/tablut/tracker.h"
#include "game/game.h"
#include "mcts/player.h"

namespace tz::cli::tablut {

/// One game on the server, seen from one side.
class ClientSession {
 public:
  /// Plays `side` (Turn::kWhite or Turn::kBlack) of `game` (ashton) with `player`, both
  /// outliving the session; move and result lines go to `out`, warnings to `warnings`.
  ClientSession(const Game& game, Turn side, Player& player, std::ostream& out, std::ostream& warnings);

  /// Handles one message of the server: the move message to send back when the state is
  /// ours to move, else nothing. Throws Error for an unexpected message (not a state, a
  /// board that is no position, a move asked for in a position our rules score as over)
  /// and for a message after the final state.
  std::optional<std::string> onMessage(const std::string& text);
  /// Whether the final state (WHITEWIN, BLACKWIN or DRAW) has arrived.
  bool finished() const { return result_.has_value(); }
  /// The server's final turn, once finished.
  std::optional<Turn> result() const { return result_; }
  /// The position now, as replayed from the boards received.
  const State& position() const { return tracker_.state(); }
  /// Moves played so far, as counted from the boards received.
  int plies() const { return plies_; }
  /// Their notations in order, "?" for a board no legal move reaches: the game's identity.
  const std::vector<std::string>& moves() const { return moves_; }
  /// The boards received as position records, the start first and one a ply (repeats of a
  /// board already followed left out).
  const std::vector<std::string>& boards() const { return boards_; }
  /// The tafl side whose move led to the first board that no legal move reaches (a possible
  /// illegal move of that side), or -1 when every board followed by a legal move.
  int unreachedBy() const { return unreachedBy_; }
  /// Whether our rules score the final position as the server's result did (false until finished).
  bool resultAgrees() const { return agrees_; }

 private:
  // Replays a received board: prints the opponent's move, warns on a fresh start.
  void follow(const ServerState& state);
  // Our move in the position now, printed, as the message to send.
  std::string move();
  // Prints the result line, and a warning when our rules score the final board otherwise.
  void finish(Turn result);

  const Game& game_;
  Turn side_;
  Player& player_;
  std::ostream& out_;
  std::ostream& warnings_;
  PositionTracker tracker_;
  std::optional<Action> sent_;  // our last move, until a board shows it
  std::optional<Turn> result_;
  int plies_ = 0;
  std::vector<std::string> moves_;
  std::vector<std::string> boards_;
  int unreachedBy_ = -1;
  bool agrees_ = false;
};

}  // namespace tz::cli::tablut
