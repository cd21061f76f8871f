// PUCT or Gumbel search from the command line (`search`) and its throughput benchmark
// (`bench search`).
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iostream>
#include <numeric>

#include "cli/commands.h"
#include "cli/field_flags.h"
#include "cli/seed_option.h"
#include "cli/variant_options.h"
#include "game/base/error.h"
#include "mcts/evaluators.h"
#include "mcts/players/player_factory.h"
#include "mcts/search.h"

namespace tz::cli {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

const char* provenName(mcts::Proven p) {
  switch (p) {
    case mcts::Proven::kWin: return "win";
    case mcts::Proven::kLoss: return "loss";
    case mcts::Proven::kDraw: return "draw";
    default: return "unknown";
  }
}

// Adds every search setting (SearchOptions::fields) to a subcommand as its flag, checked
// against its range; the seed is the command's own flag.
void addSearchOptions(CLI::App* cmd, SearchOptions& o) {
  FieldFlags flags(
      cmd,
      {{"sims", {"Playouts per search", "-n"}},
       {"threads", {"Search threads on one tree", "-t"}},
       {"batch", {"Leaves per thread per evaluation"}},
       {"cpuct", {"Exploration constant"}},
       {"fpu", {"First-play urgency reduction"}},
       {"dirichlet_alpha", {"Concentration of the root noise"}},
       {"dirichlet_fraction", {"Share of the root priors replaced by noise (0: none)"}},
       {"temperature", {"Move choice in the opening plies (--temperature-plies): P(move) ~ visits^(1/temperature)"}},
       {"temperature_plies", {"Plies (from the game's start) chosen with --temperature; later moves take the most visited"}},
       {"virtual_loss", {"Virtual loss per in-flight playout"}},
       {"lookahead",
        {"Exact checks over plies: 0 none, 1 root moves that win at once, 2 also replies that do, 3-6 forced wins "
         "within (L+1)/2 turns and losses within L/2"}},
       {"gumbel", {"Gumbel root: sequential halving over sampled candidates instead of PUCT"}},
       {"candidates", {"Candidate root moves of a Gumbel search"}},
       {"gumbel_c_visit", {"Gumbel: sigma(q) = (c_visit + most visits) * c_scale * q"}},
       {"gumbel_c_scale", {"Gumbel: see --gumbel-c-visit"}},
       {"gumbel_rescale", {"Gumbel: q rescaled by min-max over the root's children (--gumbel-rescale=false: [-1, 1] "
                           "mapped to [0, 1])"}},
       {"draw", {"Utility of a draw for the side to move at the root, its opponent's the negation"}},
       {"tree_mib",
        {"Memory budget of the search tree in MiB: the search stops when it is reached (0: a quarter of the "
         "machine's memory)"}}});
  SearchOptions::fields(o, flags);
  addSeedOption(cmd, o.seed, "Random seed");
}

// The evaluator named on the command line.
struct EvaluatorOptions {
  std::string kind = "rollouts";
  RolloutOptions rollout;  // the playouts of the rollouts evaluator, with their range (RolloutOptions::fields)
  void addTo(CLI::App* cmd) {
    cmd->add_option("--evaluator", kind, "uniform or rollouts")->capture_default_str()->check(CLI::IsMember({"uniform", "rollouts"}));
    FieldFlags flags(cmd, {{"rollouts", {"Random playouts per leaf (rollouts evaluator)"}}});
    RolloutOptions::fields(rollout, flags);
  }
  std::shared_ptr<Evaluator> make(uint64_t seed) const {
    if (kind == "uniform") return std::make_shared<UniformEvaluator>();
    return std::make_shared<RolloutEvaluator>(rollout.rollouts, seed);
  }
};

// The `count` most visited root moves of `r` (a search of `root`): move, visits, policy.
nlohmann::json topMoves(const State& root, const SearchResult& r, int count) {
  std::vector<size_t> order(r.actions.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return r.visits[a] > r.visits[b]; });
  order.resize(std::min(order.size(), size_t(count)));
  nlohmann::json top = nlohmann::json::array();
  for (size_t i : order)
    top.push_back({{"move", root.actionName(r.actions[i])}, {"visits", r.visits[i]}, {"policy", r.policy[i]}});
  return top;
}

void addSearch(CLI::App& app) {
  struct Opts {
    VariantOptions variant;
    PositionOptions position;
    SearchOptions search;
    EvaluatorOptions evaluator;
    int top = 5;
    int ms = 0;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  o->search.simulations = 1000;
  auto* cmd = app.add_subcommand("search", "Search a position and print the chosen move and the root statistics");
  o->variant.addTo(cmd);
  o->position.addTo(cmd);
  addSearchOptions(cmd, o->search);
  o->evaluator.addTo(cmd);
  cmd->add_option("--ms", o->ms,
                  "Search for this many milliseconds instead (sooner only when a single move is left or the "
                  "result is proven), at most --sims playouts when given")
      ->check(CLI::Range(1, 3600 * 1000));
  cmd->add_option("--top", o->top, "Moves to list")->capture_default_str()->check(CLI::Range(0, 1 << 20));
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o, cmd] {
    auto game = o->variant.load();
    auto state = o->position.build(*game);
    if (state->outcome().over) throw Error("the game is over: nothing to search");
    Search search(*game, o->evaluator.make(o->search.seed), o->search);
    search.setRoot(*state);
    const auto start = Clock::now();
    const bool capped = cmd->get_option("--sims")->count() > 0;
    const SearchResult& r = o->ms > 0 ? search.runFor(MoveTime{double(o->ms), double(o->ms)},
                                                      capped ? o->search.simulations : kTimedSimulationCap)
                                      : search.run();
    const double seconds = secondsSince(start);
    const Action best = search.chooseMove();
    const nlohmann::json top = topMoves(*state, r, o->top);
    if (o->json) {
      std::cout << nlohmann::json{{"variant", game->name()}, {"position", state->record()},
                                  {"to_move", game->sideName(state->toMove())}, {"move", state->actionName(best)},
                                  {"value", r.value}, {"proven", provenName(r.proven)},
                                  {"simulations", r.simulations}, {"tree_full", r.treeFull},
                                  {"tree_mib", double(treeByteBudget(o->search)) / (1 << 20)}, {"seconds", seconds},
                                  {"simulations_per_second", r.simulations / std::max(seconds, 1e-9)},
                                  {"time_share", o->ms > 0 ? nlohmann::json(1000 * seconds / o->ms) : nlohmann::json()},
                                  {"top", top}}
                       .dump()
                << "\n";
      return;
    }
    std::cout << game->sideName(state->toMove()) << " play " << state->actionName(best) << "  (value " << r.value
              << ", " << provenName(r.proven) << ", " << r.simulations << " simulations in " << seconds << " s";
    if (o->ms > 0) std::cout << ", " << 100 * 1000 * seconds / o->ms << "% of the " << o->ms << " ms";
    std::cout << ")\n";
    if (r.treeFull) {
      std::cout << "  stopped early: the tree reached its memory budget of "
                << double(treeByteBudget(o->search)) / (1 << 20) << " MiB (--tree-mib)\n";
    }
    for (const auto& m : top)
      std::cout << "  " << m["move"].get<std::string>() << " " << m["visits"] << "  (policy "
                << m["policy"].get<float>() << ")\n";
  });
}

// Wall-clock and process CPU time since construction (the CPU time makes figures
// comparable on a machine shared with other work).
struct Stopwatch {
  Clock::time_point wall = Clock::now();
  std::clock_t cpu = std::clock();
  double seconds() const { return secondsSince(wall); }
  double cpuSeconds() const { return double(std::clock() - cpu) / CLOCKS_PER_SEC; }
};

// Simulations per second of the uniform-evaluator search playing a game against itself
// from the start position: `simulations` per move, the tree kept from move to move (as in
// self-play), at most `moves` moves.
nlohmann::json treeThroughput(const Game& game, int simulations, int moves, int threads) {
  SearchOptions options;
  options.threads = threads;
  Search search(game, std::make_shared<UniformEvaluator>(), options);
  auto state = game.newGame();
  search.setRoot(*state);
  int64_t total = 0;
  int played = 0;
  size_t bytes = 0;
  const Stopwatch clock;
  for (; played < moves && !state->outcome().over; ++played) {
    total += search.run(simulations).simulations;
    bytes = std::max(bytes, search.tree().bytes());
    const Action a = search.chooseMove();
    search.advance(a);
    state->apply(a);
  }
  const double seconds = clock.seconds(), cpu = clock.cpuSeconds();
  return {{"threads", threads}, {"moves", played}, {"simulations", total}, {"seconds", seconds},
          {"cpu_seconds", cpu}, {"simulations_per_second", double(total) / seconds},
          {"simulations_per_cpu_second", double(total) / cpu}, {"largest_tree_megabytes", bytes / 1e6}};
}

// Pure MCTS (one random playout per leaf, `simulations` per move) playing `games` games
// against itself on one thread.
nlohmann::json pureMctsThroughput(const Game& game, int simulations, int games, uint64_t seed) {
  AgentSpec spec = agentOfKind("mcts");
  spec.search = SearchOptions{};  // the search's own defaults, as this benchmark has always measured
  spec.search.simulations = simulations;
  auto player = agentMaker(spec, game)(seed);
  int64_t plies = 0;
  const Stopwatch clock;
  for (int g = 0; g < games; ++g) {
    player->newGame();
    auto state = game.newGame();
    while (!state->outcome().over) {
      const Action a = player->chooseAction(*state);
      player->observe(*state, a);
      state->apply(a);
      ++plies;
    }
  }
  const double seconds = clock.seconds(), cpu = clock.cpuSeconds();
  return {{"player", player->name()}, {"games", games}, {"plies", plies}, {"seconds", seconds},
          {"cpu_seconds", cpu}, {"games_per_minute", 60.0 * games / seconds},
          {"games_per_cpu_minute", 60.0 * games / cpu}};
}

void addBenchSearch(CLI::App& bench) {
  struct Opts {
    VariantOptions variant;
    int simulations = 1600;
    int moves = 40;
    int rolloutSimulations = 1000;
    int games = 1;
    uint64_t seed = 1;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = bench.add_subcommand(
      "search", "Search simulations/s (uniform evaluator, 1 and 2 threads) and pure-MCTS self-play games/min");
  o->variant.addTo(cmd);
  cmd->add_option("--sims", o->simulations, "Playouts per move of the uniform-evaluator games")
      ->capture_default_str()->check(CLI::Range(1, 1 << 30));
  cmd->add_option("--moves", o->moves, "Moves of the uniform-evaluator games")
      ->capture_default_str()->check(CLI::Range(1, 100000));
  cmd->add_option("--rollout-simulations", o->rolloutSimulations, "Playouts per move of the pure-MCTS games")
      ->capture_default_str()->check(CLI::Range(1, 1 << 20));
  cmd->add_option("--games", o->games, "Pure-MCTS self-play games (0: skip)")
      ->capture_default_str()->check(CLI::Range(0, 1000));
  addSeedOption(cmd, o->seed, "Random seed of the pure-MCTS games");
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    auto game = o->variant.load();
    nlohmann::json out{{"variant", game->name()}, {"tree", nlohmann::json::array()}};
    for (int threads : {1, 2}) {
      const auto t = treeThroughput(*game, o->simulations, o->moves, threads);
      out["tree"].push_back(t);
      if (o->json) continue;
      std::cout << game->name() << ": uniform evaluator, " << threads << " thread(s), " << t["moves"] << " moves x "
                << o->simulations << " simulations: " << t["simulations_per_second"].get<double>() / 1e6
                << " M simulations/s (" << t["simulations_per_cpu_second"].get<double>() / 1e6
                << " M per CPU-second; largest tree " << t["largest_tree_megabytes"].get<double>() << " MB)\n";
    }
    if (o->games > 0) {
      const auto p = pureMctsThroughput(*game, o->rolloutSimulations, o->games, o->seed);
      out["pure_mcts"] = p;
      if (!o->json)
        std::cout << game->name() << ": " << p["player"].get<std::string>() << " self-play, 1 thread, " << o->games
                  << " game(s), " << p["plies"] << " plies: " << p["games_per_minute"].get<double>()
                  << " games/min (" << p["games_per_cpu_minute"].get<double>() << " per CPU-minute)\n";
    }
    if (o->json) std::cout << out.dump() << "\n";
  });
}

}  // namespace

void addSearchCommands(CLI::App& app, CLI::App& bench) {
  addSearch(app);
  addBenchSearch(bench);
}

}  // namespace tz::cli
