#pragma once
// The JSON messages of the Tablut Challenge server (docs/TABLUT_CHALLENGE.md), both ways,
// without I/O: the client's name, the server's states and the players' moves. The server's
// board has its rank 1 in the first row, drawn at the top, so its square names are ours
// with the rank mirrored (rank r ours is rank 10 - r there).
#include <string>

namespace tz::cli::tablut {

/// The `turn` of a state: a side to move, or how the game ended.
enum class Turn { kWhite, kBlack, kWhiteWin, kBlackWin, kDraw };

/// The server's name of a turn: "WHITE", "BLACK", "WHITEWIN", "BLACKWIN", "DRAW".
const char* turnName(Turn turn);
/// The tafl side to move on `turn` (white: the defenders, black: the attackers), or -1
/// once the game is over.
int sideToMove(Turn turn);
/// The turn of a tafl side to move (the defenders: white).
Turn turnOfSide(int side);

/// A state the server sent: its board as our position record (rank 1 first), and the turn.
struct ServerState {
  std::string record;  // the board in our notation (docs/RULES.md 1.3)
  Turn turn;           // who moves, or the result
};

/// Reads a state message `{"board": [[9 cells] x 9], "turn": T}` (other keys are ignored).
/// Throws Error saying what is unexpected: not JSON, not UTF-8, another shape, an unknown
/// cell or turn, a THRONE cell away from the centre.
ServerState parseState(const std::string& text);
/// The state message the server sends for a 9x9 position record and a turn (the empty
/// centre is written THRONE). Throws Error for a malformed record.
std::string stateMessage(const std::string& record, Turn turn);

/// The message of a move `notation` in ours ("e3-f3", capture and threat marks allowed)
/// played on `turn`: `{"from": "e7", "to": "f7", "turn": "WHITE"}`.
std::string moveMessage(const std::string& notation, Turn turn);
/// Our notation ("e3-f3") of a move message, as the server reads it. Throws Error.
std::string parseMove(const std::string& text);

/// The square of the other side of the mirror: "e3" <-> "e7". Throws Error for a name
/// that is not a square of the 9x9 board.
std::string mirrorSquare(const std::string& square);

/// The first message, the name as a JSON string. Throws Error unless the name is 1 to 10
/// ASCII letters and digits: the server keeps only those, so anything else would change.
std::string nameMessage(const std::string& name);

}  // namespace tz::cli::tablut
