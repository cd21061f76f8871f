#pragma once
// Confirming a figure from its games alone: every game of a games file replayed with its
// rules (each move legal, the recorded result the one the rules give) and the games tallied
// per pair of players, with intervals (`taflzero records check`).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "training/matches/arena.h"
#include "training/matches/game_file.h"

namespace tz {

/// A's results in the games of one tag.
struct TagTally {
  std::string tag;   // the tag
  MatchTally tally;  // a's results by the side a played
};

/// The games between two players, from the first-named player's side.
struct PairingTally {
  std::string a, b;              // the players; a is player 0 of their first game in the file
  std::string variant;           // the variant of their first game
  std::string sideNames[2];      // the names of its sides
  MatchTally tally;              // a's results by the side a played
  std::vector<TagTally> tags;    // the same per tag of their games, in file order (e.g. one per rule set)
  int forfeits = 0;              // their games a server ended by a forfeit (counted in the tallies)
};

/// What replaying a games file found: every game legal and its result confirmed.
struct GameFileCheck {
  int games = 0;                      // games replayed
  int64_t plies = 0;                  // actions replayed
  int forfeits = 0;                   // server's games ended by a forfeit (a timeout, a disconnect or an illegal move)
  std::vector<PairingTally> pairings;  // one per unordered pair of players, in file order
};

/// What a replay shows of the position before each move: the position, the plies played
/// before it, its legal actions.
using PositionVisitor = std::function<void(const State& state, int ply, const std::vector<Action>& legal)>;

/// The position after the moves of `record`, each checked legal, and, for a server's game,
/// after each ply checked against its board (`boards`: the start first and one a ply; empty
/// for none); `beforeEachMove`, when given, sees the position before each move. Throws Error
/// naming `where`, the ply and the move for an illegal move, moves after the end, or a board
/// other than the position, or a count of boards other than the plies' and one.
std::unique_ptr<State> replayMoves(const Game& game, const GameRecord& record, const std::vector<std::string>& boards,
                                   const std::string& where, const PositionVisitor& beforeEachMove = {});

/// Replays one game; throws Error naming `where` as replayMoves does, and for a game that
/// does not end or a result or reason other than the rules give.
void replayGame(const Game& game, const GameRecord& record, const std::string& where);

/// Replays one game of a games file as replayGame does, a server's game against its boards;
/// a server's game may end by kForfeit where the rules do not end it, won by either side.
void replayFiledGame(const Game& game, const FiledGame& filed, const std::string& where);

/// Replays every game of `games` (read from `path`, named in errors) and tallies them.
GameFileCheck checkGames(const std::vector<FiledGame>& games, const std::string& path);

/// Replays and tallies every game of the games file at `path` as checkGames does, reading it
/// a game at a time (visitGameFile): a second game at a tag and round is refused, naming both lines.
GameFileCheck checkGameFile(const std::string& path);

/// The tally of the games between `a` and `b` in `check`, from a's side whichever the file
/// named first; throws Error naming `path` when they played no game there.
PairingTally pairingOf(const GameFileCheck& check, const std::string& a, const std::string& b, const std::string& path);

}  // namespace tz
