#include "cli/tablut/match_record.h"

namespace tz::cli::tablut {

namespace {

// Our result when the server's final turn is `result` and we play `colour`.
GameResult resultFor(Turn result, Turn colour) {
  if (result == Turn::kDraw) return GameResult::kDraw;
  return (result == Turn::kWhiteWin) == (colour == Turn::kWhite) ? GameResult::kWin : GameResult::kLoss;
}

// The other colour.
Turn opposite(Turn colour) { return colour == Turn::kWhite ? Turn::kBlack : Turn::kWhite; }

// The final turn of a win by `colour`.
Turn winOf(Turn colour) { return colour == Turn::kWhite ? Turn::kWhiteWin : Turn::kBlackWin; }

// Counts a possible illegal move of tafl side `side` in `record`, playing `ours`.
void countIllegal(MatchGame& record, int side, int ours) { ++(side == ours ? record.ourIllegal : record.theirIllegal); }

// "our" or "the opponent's" for tafl side `side`.
std::string whose(int side, int ours) { return side == ours ? "our" : "the opponent's"; }

// Judges a game whose final state arrived.
void judgeFinal(MatchGame& record, const ClientSession& session, int ours) {
  const Turn result = *session.result();
  record.serverResult = result;
  record.result = resultFor(result, record.colour);
  const State& position = session.position();
  if (session.unreachedBy() >= 0) {
    countIllegal(record, session.unreachedBy(), ours);
    record.note = "a board no legal move reaches followed " + whose(session.unreachedBy(), ours) +
                  " move (a possible illegal move)";
  } else if (!session.resultAgrees()) {
    const int mover = position.toMove();
    if (!position.outcome().over && result == winOf(opposite(turnOfSide(mover)))) {
      // The server ended the game on the mover's turn, the board unchanged: it refused the move.
      countIllegal(record, mover, ours);
      record.note = std::string("the server gave the game to ") + (mover == ours ? "the opponent" : "us") + " on " +
                    whose(mover, ours) + " turn with the board unchanged (an illegal move)";
    } else {
      record.note = std::string("our rules score the final position otherwise than the server's ") + turnName(result);
    }
  }
}

}  // namespace

const char* resultName(GameResult result) {
  switch (result) {
    case GameResult::kWin: return "win";
    case GameResult::kDraw: return "draw";
    case GameResult::kLoss: return "loss";
    case GameResult::kNone: break;
  }
  return "no result";
}

std::optional<Turn> loserInServerLog(const std::string& log) {
  for (const Turn colour : {Turn::kWhite, Turn::kBlack}) {
    if (log.find(std::string("Player ") + turnName(colour) + " has lost!") != std::string::npos) return colour;
  }
  return std::nullopt;
}

MatchGame judgeGame(int number, Turn colour, const ClientSession& session, bool finalState, const std::string& serverLog) {
  MatchGame record;
  record.number = number;
  record.colour = colour;
  record.plies = session.plies();
  record.moves = session.moves();
  record.boards = session.boards();
  const int ours = sideToMove(colour);
  if (finalState) {
    judgeFinal(record, session, ours);
    return record;
  }
  const bool ourTurn = session.position().toMove() == ours;
  ++(ourTurn ? record.ourTimeouts : record.theirTimeouts);
  record.note = ourTurn ? "the server closed the connection on our turn (our timeout or crash)"
                        : "the server closed the connection on the opponent's turn (its timeout, illegal move or crash)";
  if (const auto loser = loserInServerLog(serverLog)) {
    record.serverResult = winOf(opposite(*loser));
    record.result = resultFor(*record.serverResult, colour);
    record.note += std::string("; its log: ") + turnName(*loser) + " lost";
  } else {
    record.note += "; no result";
  }
  return record;
}

MatchGame failedGame(int number, Turn colour, const std::string& reason) {
  MatchGame record;
  record.number = number;
  record.colour = colour;
  record.note = reason;
  return record;
}

}  // namespace tz::cli::tablut
