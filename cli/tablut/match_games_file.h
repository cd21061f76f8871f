#pragma once
// The games of a match on a Tablut Challenge server kept as a games file (tablut-match
// --games-out, docs/RECORDS.md): each game with our moves and the boards the server sent,
// under the competition's rules (ashton as the server plays it, without our player's rule
// overrides), so that `taflzero records check` replays and re-scores the match.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/tablut/match_options.h"
#include "cli/tablut/match_record.h"
#include "training/matches/game_file.h"

namespace tz::cli::tablut {

/// The settings a games file keeps for the match `options`: "seed=S timeout=T".
std::string matchSettings(const MatchOptions& options);

/// Game `game` of the match `options` as a games file's game under `rules` (ashton), or
/// nothing, with `why` saying so, for a game that cannot be replayed: one without a result,
/// with a board no legal move reaches, or whose result the rules give otherwise. A game the
/// server ended where the rules do not (a timeout, a disconnect) is a forfeit.
std::optional<FiledGame> filedMatchGame(const Game& rules, const MatchOptions& options, const MatchGame& game,
                                        std::string& why);

/// The games already kept in options.gamesOut by an earlier run of this match (none when the
/// file does not exist), so that a match stopped at any moment goes on after its last kept
/// game. Throws Error naming the file when a game there belongs to another match: another
/// tag, settings (seed and timeout), players or rules.
std::vector<FiledGame> keptMatchGames(const MatchOptions& options);

/// Adds `game` to `kept` when it can be filed and writes them all to options.gamesOut
/// (atomically), or prints to `progress` why it was left out.
void keepMatchGame(const MatchOptions& options, const MatchGame& game, std::vector<FiledGame>& kept,
                   std::ostream& progress);

}  // namespace tz::cli::tablut
