#pragma once
// What a match against another program on a Tablut Challenge server is (tablut-match,
// docs/TABLUT_CHALLENGE.md section 6): the commands that start the server and the
// opponent, with their placeholders, and our player. Checked before anything starts.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "cli/tablut/messages.h"
#include "mcts/players/agent_spec.h"

namespace tz::cli::tablut {

/// The options of a match.
struct MatchOptions {
  std::string server;             // shell command starting the server; {timeout} is filled in
  std::string opponent;           // shell command starting the opponent; {side} {SIDE} {host} {port} {timeout}
  int games = 0;                  // games to play, colours alternating (game 1: we are white)
  int timeout = 0;                // the server's seconds per move
  std::string player;             // our player spec as given: our name in the games file
  AgentSpec agent;                // our player, read once from `player` where the match starts
  std::string host = "127.0.0.1"; // where the server listens
  int whitePort = 5800;           // its port for white
  int blackPort = 5801;           // its port for black
  std::string name = "taflzero";  // our name on the server
  uint64_t seed = 1;              // our player's seed in game 1 (game i: seed + i - 1)
  std::vector<std::string> sets;  // rule overrides of ashton for our player
  std::string logDir;             // where the logs go ("": a new temporary folder)
  int startupLimit = 30;          // seconds the server may take to listen, and the opponent to connect
  std::string gamesOut;           // the games file the games are kept in ("": none); a match there goes on
  std::string tag = "tablut-match";        // the games' tag there
  std::string opponentName = "opponent";   // the opponent's name there

  /// Throws Error, naming the option, for an empty command, games under 1, a timeout out
  /// of the client's range, an unknown placeholder, a bad name, equal ports, an agent or
  /// rule override that cannot play (checked without making a player: checkAgent), or an
  /// empty tag or opponent name.
  void validate() const;
  /// The server command with its placeholders filled.
  std::string serverCommand() const;
  /// The opponent command with its placeholders filled for the opponent playing `colour`.
  std::string opponentCommand(Turn colour) const;
  /// Our port when we play `colour`.
  int port(Turn colour) const { return colour == Turn::kWhite ? whitePort : blackPort; }
};

/// `text` with every `{key}` of `values` replaced by its value. Throws Error naming
/// `option` for a placeholder not in `values` or a brace left open.
std::string fillPlaceholders(const std::string& text, const std::map<std::string, std::string>& values,
                             const std::string& option);

}  // namespace tz::cli::tablut
