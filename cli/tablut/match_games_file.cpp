#include "cli/tablut/match_games_file.h"

#include <filesystem>
#include <memory>

#include "game/base/error.h"
#include "game/registry.h"
#include "training/matches/game_check.h"

namespace tz::cli::tablut {

namespace {

// The tafl side that won by the server's final turn `result`, -1 for a draw.
int winnerOf(Turn result) {
  if (result == Turn::kDraw) return -1;
  return sideToMove(result == Turn::kWhiteWin ? Turn::kWhite : Turn::kBlack);
}

// `moves` as a games file writes them, space-separated.
std::string joined(const std::vector<std::string>& moves) {
  std::string text;
  for (const std::string& move : moves) text += (text.empty() ? "" : " ") + move;
  return text;
}

}  // namespace

std::string matchSettings(const MatchOptions& options) {
  return "seed=" + std::to_string(options.seed) + " timeout=" + std::to_string(options.timeout);
}

std::optional<FiledGame> filedMatchGame(const Game& rules, const MatchOptions& options, const MatchGame& game,
                                        std::string& why) {
  if (!game.serverResult) {
    why = "it has no result";
    return std::nullopt;
  }
  for (const std::string& move : game.moves) {
    if (move == "?") {
      why = "a board no legal move reaches";
      return std::nullopt;
    }
  }
  FiledGame filed;
  filed.settings = matchSettings(options);
  filed.boards = game.boards;
  GameRecord& g = filed.record;
  g.tag = options.tag;
  g.round = game.number - 1;
  g.variant = rules.name();
  g.rules = rules.rulesYaml();
  const int ours = sideToMove(game.colour);
  g.players[ours] = options.player;
  g.players[1 - ours] = options.opponentName;
  g.winner = winnerOf(*game.serverResult);
  g.moves = joined(game.moves);
  g.plies = int(game.moves.size());
  const auto start = rules.newGame();
  g.startPosition = start->record();
  g.startSide = start->toMove();
  try {
    const Outcome end = replayMoves(rules, g, filed.boards,
                                    "game " + std::to_string(game.number))->outcome();
    if (end.over && end.winner != g.winner) {
      why = "the rules give another result";
      return std::nullopt;
    }
    if (!end.over && g.winner < 0) {
      why = "the server drew a game the rules do not end";
      return std::nullopt;
    }
    g.reason = end.over ? std::string(end.reason) : kForfeit;
  } catch (const Error& e) {
    why = e.what();
    return std::nullopt;
  }
  return filed;
}

std::vector<FiledGame> keptMatchGames(const MatchOptions& options) {
  if (!std::filesystem::exists(options.gamesOut)) return {};
  std::vector<FiledGame> kept = readGameFile(options.gamesOut);
  const auto rules = loadGame("ashton");
  const std::string settings = matchSettings(options);
  for (const FiledGame& filed : kept) {
    const GameRecord& g = filed.record;
    const int ours = sideToMove(g.round % 2 == 0 ? Turn::kWhite : Turn::kBlack);
    std::string differs;
    if (g.tag != options.tag) differs = "tag " + quoted(g.tag);
    else if (filed.settings != settings) differs = "settings " + quoted(filed.settings);
    else if (g.players[ours] != options.player || g.players[1 - ours] != options.opponentName)
      differs = "players " + quoted(g.players[0]) + " and " + quoted(g.players[1]);
    else if (g.rules != rules->rulesYaml()) differs = "other rules";
    if (!differs.empty()) {
      throw Error("--games-out: " + options.gamesOut + " round " + std::to_string(g.round) + " has " + differs +
                  ", not this match's (tag " + quoted(options.tag) + ", settings " + quoted(settings) + ", players " +
                  quoted(options.player) + " and " + quoted(options.opponentName) +
                  "); name a new file to start another match");
    }
  }
  return kept;
}

void keepMatchGame(const MatchOptions& options, const MatchGame& game, std::vector<FiledGame>& kept,
                   std::ostream& progress) {
  const auto rules = loadGame("ashton");
  std::string why;
  auto filed = filedMatchGame(*rules, options, game, why);
  if (!filed) {
    progress << "game " << game.number << " is not kept in " << options.gamesOut << ": " << why << std::endl;
    return;
  }
  kept.push_back(std::move(*filed));
  writeGameFile(options.gamesOut, kept);
}

}  // namespace tz::cli::tablut
