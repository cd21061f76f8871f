#pragma once
// Playing a match against another program on a Tablut Challenge server (tablut-match,
// docs/TABLUT_CHALLENGE.md section 6): for each game it starts the server command, waits
// until the server listens (without connecting to it), starts the opponent command for the
// other colour, and plays our side in-process; then it stops both process groups. Games are
// played one at a time, since the server listens on fixed ports.
#include <ostream>
#include <string>
#include <vector>

#include "cli/tablut/match_options.h"
#include "cli/tablut/match_record.h"
#include "training/matches/game_file.h"

namespace tz::cli::tablut {

/// The folder for the logs of a match: `requested`, created when missing, or when it is ""
/// a new folder in the system's temporary folder. Throws Error when it cannot be made.
std::string makeLogDir(const std::string& requested);

/// Plays the games of `options` (validated; its agent prepared once, a player made for each
/// game), game i as white when i is odd, with the logs
/// of each program in `logDir` (game-001-server.log, -opponent.log, -ours.log); prints the
/// line of each game to `progress` as it ends. A game that fails (the server never
/// listening, the opponent ending before the game starts, a lost connection) has no result
/// and the match goes on, except that it throws Error when the first two games both fail
/// to start. With options.gamesOut, the games are kept there as each ends, after `kept`
/// (keptMatchGames): the match goes on after the last of them (the games returned are those
/// played now: none when `kept` holds them all). Stops every program it started, on SIGINT,
/// SIGTERM and SIGHUP too.
std::vector<MatchGame> runMatch(const MatchOptions& options, std::vector<FiledGame> kept, const std::string& logDir,
                                std::ostream& progress);

}  // namespace tz::cli::tablut
