#pragma once
// One game of a match against another program on a Tablut Challenge server
// (docs/TABLUT_CHALLENGE.md section 6), judged from our side without I/O: the result, the
// plies, the times and what went wrong (a connection closed without a final state, a
// possible illegal move, a game that never started).
#include <optional>
#include <string>
#include <vector>

#include "cli/tablut/client_session.h"
#include "cli/tablut/game_loop.h"
#include "cli/tablut/messages.h"

namespace tz::cli::tablut {

/// A game's result for us.
enum class GameResult { kWin, kDraw, kLoss, kNone };

/// "win", "draw", "loss" or "no result".
const char* resultName(GameResult result);

/// One game of the match, from our side.
struct MatchGame {
  int number = 0;                  // 1, 2, ... in the order played
  Turn colour = Turn::kWhite;      // the colour we played
  GameResult result = GameResult::kNone;
  std::optional<Turn> serverResult;  // WHITEWIN, BLACKWIN or DRAW, sent or found in the server's log
  int plies = 0;                   // moves played, as counted from the boards received
  std::vector<std::string> moves;  // their notations ("?" for a board no legal move reaches)
  std::vector<std::string> boards;  // the boards received as position records, the start first and one a ply
  MoveTimes times;                 // our moves and the opponent's, in ms
  int ourIllegal = 0;              // our moves the server refused or that led to no legal board (should be 0)
  int theirIllegal = 0;            // the opponent's
  int ourTimeouts = 0;             // connections closed on our turn: our timeout or crash
  int theirTimeouts = 0;           // closed on the opponent's turn: its timeout, illegal move or crash
  std::string note;                // what went wrong or repeated an earlier game, one line; "" when nothing did
};

/// The colour of the side that lost according to the server's output `log` ("Player WHITE
/// has lost!", which the competition server prints on a timeout before it closes the
/// connection), or nothing when it says none.
std::optional<Turn> loserInServerLog(const std::string& log);

/// Judges game `number`, played as `colour`, from the session after playFrames: the final
/// state arrived (`finalState`) or the connection closed before it, with `serverLog` the
/// server's output so far. Fills everything but the times.
MatchGame judgeGame(int number, Turn colour, const ClientSession& session, bool finalState, const std::string& serverLog);

/// A game that never started or broke off for `reason`: no result.
MatchGame failedGame(int number, Turn colour, const std::string& reason);

}  // namespace tz::cli::tablut
