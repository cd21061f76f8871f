// tablut-match: games of our player against another program on a Tablut Challenge server
// that the user names (docs/TABLUT_CHALLENGE.md section 6). The match itself lives in
// cli/tablut/match_*; this file reads the options and prints the results.
#include <iostream>
#include <memory>
#include <utility>

#include "cli/commands.h"
#include "cli/seed_option.h"
#include "cli/tablut/match_games_file.h"
#include "cli/tablut/match_options.h"
#include "cli/tablut/match_runner.h"
#include "cli/tablut/match_summary.h"
#include "game/base/error.h"

namespace tz::cli {

namespace {

using namespace tablut;

// Plays the match and prints the games and the summary (one JSON object with `json`).
void playMatch(MatchOptions& o, bool json) {
  o.agent = parseAgentSpec(o.player);
  o.validate();
  std::vector<FiledGame> kept = o.gamesOut.empty() ? std::vector<FiledGame>{} : keptMatchGames(o);
  const std::string logDir = makeLogDir(o.logDir);
  std::ostream& progress = json ? std::cerr : std::cout;
  progress << "tablut-match: " << o.games << " games of " << o.player << " against the opponent command, "
           << o.timeout << " s per move, logs in " << logDir << std::endl;
  const std::vector<MatchGame> games = runMatch(o, std::move(kept), logDir, progress);
  if (games.empty()) {
    progress << "tablut-match: all " << o.games << " games are kept in " << o.gamesOut
             << " (taflzero records check scores them)" << std::endl;
    if (json) std::cout << nlohmann::json{{"games", nlohmann::json::array()}, {"games_out", o.gamesOut}}.dump() << std::endl;
    return;
  }
  const MatchSummary summary = summarize(games);
  if (json) {
    nlohmann::json out = matchJson(games, summary);
    out["log_dir"] = logDir;
    out["player"] = o.player;
    out["timeout"] = o.timeout;
    if (!o.gamesOut.empty()) out["games_out"] = o.gamesOut;
    std::cout << out.dump() << std::endl;
  } else {
    printSummary(std::cout, summary);
    if (!o.gamesOut.empty()) std::cout << "games kept in " << o.gamesOut << " (taflzero records check replays them)\n";
  }
  // A match that scored nothing measured nothing: a failure, however it ended.
  if (summary.overall.games() == 0) {
    throw Error("none of the " + std::to_string(games.size()) + " games reached a result; the logs in " + logDir +
                " say why");
  }
}

}  // namespace

void addTablutMatchCommand(CLI::App& app) {
  auto o = std::make_shared<MatchOptions>();
  auto json = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand(
      "tablut-match", "Play games against another program on a Tablut Challenge server (docs/TABLUT_CHALLENGE.md)");
  cmd->add_option("--server", o->server, "Shell command starting the server, run once per game; {timeout} is filled in")
      ->required();
  cmd->add_option("--opponent", o->opponent,
                  "Shell command starting the opponent, run once per game; {side} {SIDE} {host} {port} {timeout} are "
                  "filled in for the opponent's colour")
      ->required();
  cmd->add_option("--games", o->games, "Games to play; colours alternate, game 1 as white")->required();
  cmd->add_option("--timeout", o->timeout, "The server's limit per move in seconds (2 to 3600)")->required();
  cmd->add_option("--player", o->player, "Our player: alphabeta:depth=4, mcts, net:CHECKPOINT, ...")->required();
  cmd->add_option("--host", o->host, "Where the server listens")->capture_default_str();
  cmd->add_option("--white-port", o->whitePort, "The server's port for white")
      ->capture_default_str()
      ->check(CLI::Range(1, 65535));
  cmd->add_option("--black-port", o->blackPort, "The server's port for black")
      ->capture_default_str()
      ->check(CLI::Range(1, 65535));
  cmd->add_option("--name", o->name, "Our name on the server: 1 to 10 ASCII letters and digits")->capture_default_str();
  addSeedOption(cmd, o->seed, "Seed of our player in game 1 (game i: seed + i - 1)");
  cmd->add_option("--set", o->sets, "Override one rule of ashton for our player: --set ply_limit=400");
  cmd->add_option("--log-dir", o->logDir, "Folder for the logs of every program (default: a new temporary folder)");
  cmd->add_option("--startup-limit", o->startupLimit,
                  "Seconds the server may take to listen, and the game to start once the opponent is launched")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  cmd->add_option("--games-out", o->gamesOut,
                  "A games file to keep the games in, our moves and the server's boards, as each ends "
                  "(.jsonl, or .jsonl.gz compressed; `taflzero records check` replays it); a match whose games "
                  "are there goes on after the last");
  cmd->add_option("--tag", o->tag, "The games' tag in the games file")->capture_default_str();
  cmd->add_option("--opponent-name", o->opponentName, "The opponent's name in the games file (its program and commit)")
      ->capture_default_str();
  cmd->add_flag("--json", *json, "Print one JSON object (progress lines go to stderr)");
  cmd->callback([o, json] { playMatch(*o, *json); });
}

}  // namespace tz::cli
