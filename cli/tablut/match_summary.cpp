#include "cli/tablut/match_summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace tz::cli::tablut {

namespace {

// "white" or "black".
std::string colourName(Turn colour) { return colour == Turn::kWhite ? "white" : "black"; }

// Adds one result to a tally.
void count(Tally& tally, GameResult result) {
  if (result == GameResult::kWin) ++tally.wins;
  if (result == GameResult::kDraw) ++tally.draws;
  if (result == GameResult::kLoss) ++tally.losses;
}

// "3 wins, 1 draw, 2 losses".
std::string tallyText(const Tally& t) {
  const auto n = [](int count, const char* one, const char* many) {
    return std::to_string(count) + " " + (count == 1 ? one : many);
  };
  return n(t.wins, "win", "wins") + ", " + n(t.draws, "draw", "draws") + ", " + n(t.losses, "loss", "losses");
}

// "12 ms mean, 30 ms max".
std::string timeText(const MoveTimeStats& s) {
  char text[64];
  std::snprintf(text, sizeof text, "%.0f ms mean, %.0f ms max", s.mean, s.max);
  return text;
}

// "1m05s", "2h03m": a duration for the progress.
std::string duration(double seconds) {
  const long s = std::lround(seconds);
  char text[32];
  if (s >= 3600) std::snprintf(text, sizeof text, "%ldh%02ldm", s / 3600, s / 60 % 60);
  else std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
  return text;
}

// {"wins", "draws", "losses", "games"} of a tally.
nlohmann::json tallyJson(const Tally& t) {
  return {{"wins", t.wins}, {"draws", t.draws}, {"losses", t.losses}, {"games", t.games()}};
}

// {"moves", "mean_ms", "max_ms"} of a program's times.
nlohmann::json timeJson(const MoveTimeStats& s) { return {{"moves", s.moves}, {"mean_ms", s.mean}, {"max_ms", s.max}}; }

}  // namespace

MoveTimeStats moveTimeStats(const std::vector<double>& ms) {
  MoveTimeStats s;
  s.moves = int(ms.size());
  if (ms.empty()) return s;
  s.mean = std::accumulate(ms.begin(), ms.end(), 0.0) / double(ms.size());
  s.max = *std::max_element(ms.begin(), ms.end());
  return s;
}

int repeatOf(const std::vector<MatchGame>& games, size_t index) {
  const MatchGame& game = games[index];
  for (size_t i = 0; i < index; ++i) {
    const MatchGame& earlier = games[i];
    if (earlier.result != GameResult::kNone && earlier.colour == game.colour && earlier.moves == game.moves) {
      return earlier.number;
    }
  }
  return 0;
}

MatchSummary summarize(const std::vector<MatchGame>& games) {
  MatchSummary s;
  std::vector<double> ours, theirs;
  long plies = 0;
  for (size_t i = 0; i < games.size(); ++i) {
    const MatchGame& g = games[i];
    count(s.overall, g.result);
    count(g.colour == Turn::kWhite ? s.white : s.black, g.result);
    if (g.result == GameResult::kNone) ++s.noResult;
    else plies += g.plies;
    if (g.result != GameResult::kNone && repeatOf(games, i) == 0) ++s.distinct;
    s.ourIllegal += g.ourIllegal;
    s.theirIllegal += g.theirIllegal;
    s.ourTimeouts += g.ourTimeouts;
    s.theirTimeouts += g.theirTimeouts;
    ours.insert(ours.end(), g.times.ours.begin(), g.times.ours.end());
    theirs.insert(theirs.end(), g.times.theirs.begin(), g.times.theirs.end());
  }
  s.score = scoreInterval(s.overall.wins, s.overall.draws, s.overall.losses);
  if (s.overall.games() > 0) s.meanPlies = double(plies) / s.overall.games();
  s.ours = moveTimeStats(ours);
  s.theirs = moveTimeStats(theirs);
  return s;
}

std::string gameLine(const MatchGame& game, int total, int playedNow, double elapsedSeconds) {
  const std::string server = game.serverResult ? std::string(" (") + turnName(*game.serverResult) + ")" : "";
  const double perGame = elapsedSeconds / std::max(playedNow, 1);
  char progress[128];
  std::snprintf(progress, sizeof progress, "[%d/%d done, %.1f games/h, ETA %s]", game.number, total,
                perGame > 0 ? 3600 / perGame : 0.0, duration(perGame * (total - game.number)).c_str());
  std::string line = "game " + std::to_string(game.number) + ": " + colourName(game.colour) + ", " +
                     resultName(game.result) + server + ", " + std::to_string(game.plies) + " plies, ours " +
                     timeText(moveTimeStats(game.times.ours)) + ", theirs " +
                     timeText(moveTimeStats(game.times.theirs)) + " " + progress;
  if (!game.note.empty()) line += "; " + game.note;
  return line;
}

void printSummary(std::ostream& out, const MatchSummary& s) {
  char score[96];
  std::snprintf(score, sizeof score, "score %.3f [%.3f, %.3f] (95%%)", s.score.value, s.score.low, s.score.high);
  char plies[32];
  std::snprintf(plies, sizeof plies, "%.1f", s.meanPlies);
  out << "result: " << tallyText(s.overall) << ", " << s.noResult << " without a result; " << score << "\n"
      << "  as white: " << tallyText(s.white) << "\n"
      << "  as black: " << tallyText(s.black) << "\n"
      << "  illegal moves: ours " << s.ourIllegal << ", theirs " << s.theirIllegal << "; connections closed "
      << "(timeouts or crashes): on our turn " << s.ourTimeouts << ", on theirs " << s.theirTimeouts << "\n"
      << "  plies: " << plies << " mean; distinct games: " << s.distinct << " of " << s.overall.games()
      << (s.distinct < s.overall.games() ? " (warning: repeated games are no new evidence; the interval counts them)"
                                         : "")
      << "\n"
      << "  time per move: ours " << timeText(s.ours) << " (" << s.ours.moves << " moves), theirs "
      << timeText(s.theirs) << " (" << s.theirs.moves << " moves)\n";
}

nlohmann::json matchJson(const std::vector<MatchGame>& games, const MatchSummary& s) {
  nlohmann::json list = nlohmann::json::array();
  for (const MatchGame& g : games) {
    list.push_back({{"game", g.number},
                    {"colour", colourName(g.colour)},
                    {"result", resultName(g.result)},
                    {"server_result", g.serverResult ? nlohmann::json(turnName(*g.serverResult)) : nlohmann::json()},
                    {"plies", g.plies},
                    {"moves", g.moves},
                    {"ours", timeJson(moveTimeStats(g.times.ours))},
                    {"theirs", timeJson(moveTimeStats(g.times.theirs))},
                    {"our_illegal_moves", g.ourIllegal},
                    {"their_illegal_moves", g.theirIllegal},
                    {"closed_on_our_turn", g.ourTimeouts},
                    {"closed_on_their_turn", g.theirTimeouts},
                    {"note", g.note}});
  }
  return {{"overall", tallyJson(s.overall)},
          {"white", tallyJson(s.white)},
          {"black", tallyJson(s.black)},
          {"no_result", s.noResult},
          {"score", {{"value", s.score.value}, {"low", s.score.low}, {"high", s.score.high}, {"confidence", 0.95}}},
          {"our_illegal_moves", s.ourIllegal},
          {"their_illegal_moves", s.theirIllegal},
          {"closed_on_our_turn", s.ourTimeouts},
          {"closed_on_their_turn", s.theirTimeouts},
          {"mean_plies", s.meanPlies},
          {"distinct_games", s.distinct},
          {"ours", timeJson(s.ours)},
          {"theirs", timeJson(s.theirs)},
          {"games", list}};
}

}  // namespace tz::cli::tablut
