// Matches between players (arena) and a person against a player in the terminal (play).
#include <nlohmann/json.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "cli/commands.h"
#include "cli/seed_option.h"
#include "cli/tally_output.h"
#include "cli/variant_options.h"
#include "game/base/error.h"
#include "game/base/progress_line.h"
#include "game/turn_actions.h"
#include "mcts/players/named_player.h"
#include "mcts/players/player_factory.h"
#include "training/matches/arena.h"
#include "training/matches/stats.h"

namespace tz::cli {

namespace {

using Clock = std::chrono::steady_clock;

// Log lines go to stderr: stdout carries the results (one JSON object with --json).
spdlog::logger& log() {
  static auto logger = spdlog::stderr_color_mt("taflzero");
  return *logger;
}

// "m:ss" or "h:mm:ss".
std::string clockText(double seconds) {
  const long s = std::lround(seconds);
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

// Games done, rate and ETA on the progress line of stderr.
class Progress {
 public:
  Progress(int done, int total) : done_(done), total_(total), start_(Clock::now()) {}
  void gameDone() {
    ++done_;
    ++played_;
    const auto now = Clock::now();
    if (done_ < total_ && now - shown_ < std::chrono::milliseconds(250)) return;
    shown_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double rate = played_ / std::max(seconds, 1e-9);
    char text[160];
    std::snprintf(text, sizeof text, "%d/%d games  %.2f games/s  elapsed %s  ETA %s", done_, total_, rate,
                  clockText(seconds).c_str(), clockText((total_ - done_) / rate).c_str());
    line_.show(text, done_ == total_);
  }

 private:
  ProgressLine line_;
  int done_, total_, played_ = 0;
  Clock::time_point start_, shown_;
};

// A number for JSON: infinite Elo bounds become null.
nlohmann::json finite(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); }

// An Elo value for text: "+190.8", "+inf".
std::string eloText(double v) {
  if (!std::isfinite(v)) return v > 0 ? "+inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f", v);
  return buf;
}

// What `arena` plays.
struct ArenaOptions {
  VariantOptions variant;
  std::string a, b, db = "taflzero.db", tag;
  int games = 0;
  int randomPlies = 0;
  int gamesAtOnce = 1;
  int moveMs = 0;  // each player's time per move (0: their specs' own limits)
  uint64_t seed = 1;
  bool json = false;
};

// Prints a finished match: per side and overall with intervals, and the Elo difference.
void printMatch(const ArenaOptions& o, const Game& game, const std::string& tag, const std::vector<GameRecord>& games,
                int played, double seconds) {
  const MatchTally tally = tallyMatch(games);
  const Tally all = tally.overall();
  const Estimate score = scoreInterval(all.wins, all.draws, all.losses);
  const Estimate elo = eloInterval(score);
  log().info("arena: played {} games in {:.1f} s", played, seconds);
  if (o.json) {
    nlohmann::json j{{"variant", game.name()}, {"a", o.a}, {"b", o.b}, {"tag", tag}, {"db", o.db},
                     {"games", all.games()}, {"played", played}, {"seconds", seconds}, {"overall", tallyJson(all)},
                     {"elo", finite(elo.value)}, {"elo_low", finite(elo.low)}, {"elo_high", finite(elo.high)}};
    for (int side = 0; side < 2; ++side) j["sides"][game.sideName(side)] = tallyJson(tally.bySide[side]);
    std::cout << j.dump() << "\n";
    return;
  }
  std::cout << "A = " << o.a << ", B = " << o.b << " on " << game.name() << " (tag '" << tag << "' in " << o.db
            << ")\n";
  std::cout << tallyHeader("A's results");
  for (int side = 0; side < 2; ++side) std::cout << tallyLine("as " + game.sideName(side), tally.bySide[side]);
  std::cout << tallyLine("overall", all);
  std::cout << "Elo A - B: " << eloText(elo.value) << " [" << eloText(elo.low) << ", " << eloText(elo.high) << "]\n";
}

void runArena(const ArenaOptions& o) {
  // Each spec is read once, here: a bad one is refused before anything is played.
  const AgentSpec specA = parseAgentSpec(o.a), specB = parseAgentSpec(o.b);
  const auto game = o.variant.load({specA, specB});
  const std::string tag = o.tag.empty() ? o.a + " vs " + o.b + " on " + game->name() : o.tag;
  const int plies = o.randomPlies;
  // The games record each player by its spec as given (a model's with its card's setting:
  // recordedName).
  const auto makerOf = [&game, plies, &o](AgentSpec spec, const std::string& text) -> PlayerMaker {
    spec.openingPlies = plies;
    return [make = agentMaker(spec, *game, o.moveMs), name = recordedName(spec, text)](uint64_t seed) {
      return std::make_unique<NamedPlayer>(make(seed), name);
    };
  };
  const PlayerMaker a = makerOf(specA, o.a), b = makerOf(specB, o.b);
  RecordStore store(o.db);
  int stored = 0;
  for (const GameRecord& g : store.gamesByTag(tag)) stored += g.round < o.games;
  log().info("arena: {} vs {} on {}: {} games, {} already in {} under tag '{}'", o.a, o.b, game->name(), o.games,
             stored, o.db, tag);
  Progress progress(stored, o.games);
  const auto start = Clock::now();
  const std::string timed = o.moveMs > 0 ? " move_ms=" + std::to_string(o.moveMs) : "";
  MatchOptions match{tag, o.games, o.seed, "random_plies=" + std::to_string(plies) + timed};
  match.atOnce = o.gamesAtOnce;
  const int played = runMatch(*game, a, b, store, match, [&](const GameRecord&) { progress.gameDone(); });
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::vector<GameRecord> games;
  for (GameRecord& g : store.gamesByTag(tag)) {
    if (g.round < o.games) games.push_back(std::move(g));
  }
  printMatch(o, *game, tag, games, played, seconds);
}

void addArena(CLI::App& app) {
  auto o = std::make_shared<ArenaOptions>();
  auto* cmd = app.add_subcommand("arena", "Play a match between two players, recording every game");
  o->variant.addTo(cmd);
  cmd->add_option("--a", o->a, "Player A (random, greedy, alphabeta:depth=3, mcts:sims=1000, ...)")->required();
  cmd->add_option("--b", o->b, "Player B")->required();
  cmd->add_option("--games,-n", o->games, "Games in the match; A plays side 0 in even games")->required()
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--db", o->db, "SQLite file of the records; a match resumes from its stored games")
      ->capture_default_str();
  cmd->add_option("--tag", o->tag, "Tag of the match's games (default: 'A vs B on VARIANT')");
  addSeedOption(cmd, o->seed, "Seed of every game's players");
  cmd->add_option("--random-plies", o->randomPlies,
                  "The first N plies of every game are uniformly random legal moves (diverse games between "
                  "deterministic players)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  cmd->add_option("--games-at-once", o->gamesAtOnce,
                  "Games played at the same time, each in a thread of its own (a network player's share its "
                  "forward passes; a player limited by time shares the cores)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--move-ms", o->moveMs,
                  "Both players' time per move in ms (0: each spec's own limits): a search searches until then (at "
                  "most its spec's sims, when given), alphabeta within it to its depth (alphabeta:ms=T: as deep as "
                  "it fits); recorded in the match's settings")
      ->check(CLI::Range(0, 3600000))
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] { runArena(*o); });
}

// What `play` answers to "help".
const char* const kPlayHelp =
    "a move in notation (e3-b3): play it; moves: the legal moves; undo: take back your last move and the reply; "
    "quit: stop\n";

// The options `play`, like `arena`, takes.
struct PlayOptions {
  VariantOptions variant;
  std::string opponent = "greedy", human;
  int64_t moveMs = 0;
  uint64_t seed = 1;
};

// The opponent `spec` (read from o.opponent) for `game`, named by its spec (a model's with
// its card's setting), and how it plays in words: "model:brandubh,sims=800 (its card's measured setting;
// mcts(net:brandubh/small@97941,800))".
std::pair<std::unique_ptr<Player>, std::string> playOpponent(const PlayOptions& o, const AgentSpec& spec,
                                                             const Game& game) {
  std::unique_ptr<Player> player = agentMaker(spec, game, o.moveMs)(o.seed);
  const std::string name = recordedName(spec, o.opponent);
  const std::string words = name + " (" + (name != o.opponent ? "its card's measured setting; " : "") + player->name() +
                            (o.moveMs > 0 ? ", " + std::to_string(o.moveMs) + " ms a move" : "") + ")";
  return {std::make_unique<NamedPlayer>(std::move(player), name), words};
}

// `play`: a person at the terminal against `opponentSpec` (read from o.opponent) on `game`,
// as its human side (the first to move when empty). The game ends at its result, at `quit`, or when input ends,
// and says which.
void playInTerminal(const Game& game, const AgentSpec& opponentSpec, const PlayOptions& o) {
  auto state = game.newGame();
  const int human = o.human.empty() ? state->toMove() : game.sideFromName(o.human);
  auto [opponent, described] = playOpponent(o, opponentSpec, game);
  opponent->newGame();
  std::vector<Action> played;         // every action so far
  std::vector<size_t> humanTurns;     // where each of the person's turns began in `played`
  const auto apply = [&](Action a) {
    opponent->observe(*state, a);
    state->apply(a);
    played.push_back(a);
  };
  std::cout << "You play the " << game.sideName(human) << " against " << described
            << ". Type moves in notation, 'moves' for the legal moves, 'undo', 'help', 'quit' to stop.\n";
  while (!state->outcome().over) {
    std::cout << "\n" << state->diagram();
    if (state->toMove() != human) {
      const Action action = opponent->chooseAction(*state);
      std::cout << opponent->name() << " (" << game.sideName(state->toMove()) << ") plays " << state->actionName(action)
                << "\n";
      apply(action);
      continue;
    }
    std::cout << "your move (" << game.sideName(human) << "): " << std::flush;
    std::string line;
    const bool ended = !std::getline(std::cin, line);
    line.erase(0, line.find_first_not_of(" \t\r"));
    line.erase(line.find_last_not_of(" \t\r") + 1);
    if (ended || line == "quit") {
      std::cout << (ended ? "\ninput ended" : "stopped") << " after " << played.size()
                << " plies: the game has no result\n";
      return;
    }
    if (line.empty()) continue;
    if (line == "help") {
      std::cout << kPlayHelp;
    } else if (line == "moves") {
      for (const auto& m : state->legalTurns()) std::cout << m << " ";
      std::cout << "\n";
    } else if (line == "undo") {
      if (humanTurns.empty()) {
        std::cout << "nothing to undo\n";
        continue;
      }
      played.resize(humanTurns.back());
      humanTurns.pop_back();
      const std::vector<Action> kept = played;
      played.clear();
      state = game.newGame();
      opponent->newGame();
      for (const Action a : kept) apply(a);
    } else {
      try {
        const std::vector<Action> turn = turnActions(*state, line);
        humanTurns.push_back(played.size());
        for (const Action a : turn) apply(a);
      } catch (const Error& e) {
        std::cout << e.what() << "\n";
      }
    }
  }
  std::cout << "\n" << state->diagram() << "Game over: "
            << (state->outcome().winner < 0 ? std::string("draw") : game.sideName(state->outcome().winner) + " win")
            << " (" << state->outcome().reason << ")\n";
}

void addPlay(CLI::App& app) {
  auto o = std::make_shared<PlayOptions>();
  auto* cmd = app.add_subcommand("play", "Play against a player in the terminal");
  o->variant.addTo(cmd);
  cmd->add_option("--opponent", o->opponent, "The opponent (random, greedy, alphabeta:ms=1000, ...)")
      ->capture_default_str();
  cmd->add_option("--human", o->human, "Your side: attackers/defenders or white/black (default: the first to move)");
  cmd->add_option("--move-ms", o->moveMs,
                  "The opponent's time per move in ms (0: its spec's own limits): a search searches until then (at "
                  "most its spec's sims, when given), alphabeta within it to its depth")
      ->check(CLI::Range(0, 3600000))
      ->capture_default_str();
  addSeedOption(cmd, o->seed, "Seed of the opponent");
  cmd->callback([o] {
    const AgentSpec opponent = parseAgentSpec(o->opponent);
    playInTerminal(*o->variant.load({opponent}), opponent, *o);
  });
}

}  // namespace

void addArenaCommands(CLI::App& app, CLI::App& bench) {
  (void)bench;
  addArena(app);
  addPlay(app);
}

}  // namespace tz::cli
