#pragma once
// The results of a match against another program on a Tablut Challenge server, without
// I/O: the totals over its games (MatchGame), a line per game and the summary, as text or
// as one JSON object (docs/TABLUT_CHALLENGE.md section 6).
#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

#include "cli/tablut/match_record.h"
#include "training/matches/arena.h"
#include "training/matches/stats.h"

namespace tz::cli::tablut {

/// The time one program took per move over a match, in milliseconds.
struct MoveTimeStats {
  int moves = 0;     // moves timed
  double mean = 0;   // their mean (0 without moves)
  double max = 0;    // the longest
};

/// The totals of a match, from our side.
struct MatchSummary {
  Tally overall;                // our wins, draws and losses in the games with a result
  Tally white;                  // those we played as white
  Tally black;                  // those we played as black
  Estimate score;               // our mean score with its 95% interval (scoreInterval)
  int noResult = 0;             // games without a result
  int ourIllegal = 0;           // possible illegal moves of ours (should be 0)
  int theirIllegal = 0;         // of the opponent
  int ourTimeouts = 0;          // connections closed on our turn
  int theirTimeouts = 0;        // on the opponent's turn
  double meanPlies = 0;         // over the games with a result
  int distinct = 0;             // games with a result unlike every earlier one (colour and moves):
                                // a repeat is no new evidence, though the score counts it
  MoveTimeStats ours;           // our time per move
  MoveTimeStats theirs;         // the opponent's, as seen from our side
};

/// The time statistics of a list of move times in milliseconds.
MoveTimeStats moveTimeStats(const std::vector<double>& ms);

/// The number of the first game before `games[index]` with a result, the same colour and the
/// same moves (a repeated game), or 0 when there is none.
int repeatOf(const std::vector<MatchGame>& games, size_t index);

/// The totals of `games`.
MatchSummary summarize(const std::vector<MatchGame>& games);

/// The line of a game as it ends: its number of `total`, our colour, the result, plies,
/// the times per move and the note, then the progress after `elapsedSeconds` in which
/// `playedNow` games were played (fewer than the game's number when a match goes on).
std::string gameLine(const MatchGame& game, int total, int playedNow, double elapsedSeconds);

/// The summary as text, several lines.
void printSummary(std::ostream& out, const MatchSummary& summary);

/// The summary and every game as one JSON object.
nlohmann::json matchJson(const std::vector<MatchGame>& games, const MatchSummary& summary);

}  // namespace tz::cli::tablut
