// Rules queries (variants, perft, moves, show) and the rules benchmark.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <random>

#include "cli/commands.h"
#include "cli/number_check.h"
#include "cli/seed_option.h"
#include "cli/variant_options.h"
#include "game/base/error.h"
#include "game/registry.h"

namespace tz::cli {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void addVariants(CLI::App& app) {
  auto* cmd = app.add_subcommand("variants", "List the preset variants, one per line with its description");
  auto json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json, "Print one JSON object: the names, and each one's description");
  cmd->callback([json] {
    const auto names = presetNames();
    size_t width = 0;
    for (const auto& n : names) width = std::max(width, n.size());
    nlohmann::json descriptions = nlohmann::json::object();
    for (const auto& n : names) {
      const std::string description = presetDescription(n);
      descriptions[n] = description;
      if (!*json) std::cout << n << std::string(width + 2 - n.size(), ' ') << description << "\n";
    }
    if (*json) std::cout << nlohmann::json{{"variants", names}, {"descriptions", descriptions}}.dump() << "\n";
  });
}

void addPerft(CLI::App& app) {
  struct Opts {
    VariantOptions variant;
    PositionOptions position;
    int depth = 1;
    bool divide = false;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("perft", "Count the leaf nodes of the legal-move tree");
  o->variant.addTo(cmd);
  o->position.addTo(cmd);
  cmd->add_option("--depth,-d", o->depth, "Depth in turns")->required()->check(CLI::Range(0, 64));
  cmd->add_flag("--divide", o->divide, "Also list each root move with its count");
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    auto game = o->variant.load();
    auto state = o->position.build(*game);
    const auto start = Clock::now();
    uint64_t nodes = 0;
    nlohmann::json divide = nlohmann::json::object();
    if (o->divide) {
      for (const auto& [move, count] : state->divide(o->depth)) {
        divide[move] = count;
        nodes += count;
        if (!o->json) std::cout << move << ": " << count << "\n";
      }
      if (o->depth == 0) nodes = 1;
    } else {
      nodes = state->perft(o->depth);
    }
    const double seconds = secondsSince(start);
    if (o->json) {
      nlohmann::json j{{"variant", game->name()}, {"depth", o->depth}, {"nodes", nodes}, {"seconds", seconds}};
      if (o->divide) j["divide"] = divide;
      std::cout << j.dump() << "\n";
    } else {
      std::cout << "nodes " << nodes << "\n";
    }
  });
}

void addMoves(CLI::App& app) {
  struct Opts {
    VariantOptions variant;
    PositionOptions position;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("moves", "Play moves and list the legal moves that follow");
  o->variant.addTo(cmd);
  o->position.addTo(cmd);
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    auto game = o->variant.load();
    auto state = o->position.build(*game);
    const Outcome& out = state->outcome();
    const auto legal = state->legalTurns();
    if (o->json) {
      nlohmann::json j{{"position", state->record()},
                       {"to_move", game->sideName(state->toMove())},
                       {"status", out.over ? "over" : "ongoing"},
                       {"winner", winnerName(*game, out)},
                       {"reason", std::string(out.reason)},
                       {"legal", legal}};
      std::cout << j.dump() << "\n";
      return;
    }
    std::cout << state->diagram() << game->sideName(state->toMove()) << " to move; "
              << (out.over ? std::string("game over: ") + winnerName(*game, out) + " (" + std::string(out.reason) + ")"
                           : std::to_string(legal.size()) + " legal moves")
              << "\n";
    for (const auto& m : legal) std::cout << m << " ";
    std::cout << "\n";
  });
}

void addShow(CLI::App& app) {
  struct Opts {
    VariantOptions variant;
    PositionOptions position;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("show", "Draw a position as a readable board");
  o->variant.addTo(cmd);
  o->position.addTo(cmd);
  cmd->add_flag("--json", o->json, "Print one JSON object: the record, the side to move, the result, the drawing");
  cmd->callback([o] {
    auto game = o->variant.load();
    auto state = o->position.build(*game);
    if (o->json) {
      const Outcome& out = state->outcome();
      nlohmann::json j{{"variant", game->name()},  {"record", state->record()},
                       {"to_move", game->sideName(state->toMove())}, {"over", out.over},
                       {"legal_moves", state->legalTurns().size()},   {"diagram", state->diagram()}};
      if (out.over) j["result"] = {{"winner", winnerName(*game, out)}, {"reason", out.reason}};
      std::cout << j.dump() << "\n";
      return;
    }
    std::cout << state->diagram() << "position " << state->record() << "\n"
              << game->sideName(state->toMove()) << " to move";
    const Outcome& out = state->outcome();
    if (out.over) std::cout << "; game over: " << winnerName(*game, out) << " (" << out.reason << ")";
    std::cout << "\n";
  });
}

void addBenchRules(CLI::App& bench) {
  struct Opts {
    VariantOptions variant;
    int depth = 4;
    double seconds = 3.0;
    bool json = false;
    uint64_t seed = 1;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = bench.add_subcommand("rules", "Perft leaf nodes/s and random-playout plies/s on one core");
  o->variant.addTo(cmd);
  cmd->add_option("--depth,-d", o->depth, "Perft depth")->capture_default_str()->check(CLI::Range(0, 12));
  cmd->add_option("--seconds", o->seconds, "Time spent on random playouts")->capture_default_str()->check(finiteIn(0.05, 3600));
  addSeedOption(cmd, o->seed, "Random seed of the playouts");
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    auto game = o->variant.load();
    auto root = game->newGame();
    auto start = Clock::now();
    const uint64_t nodes = root->perft(o->depth);
    const double perftSeconds = secondsSince(start);

    // Random playouts through the same State interface the search uses.
    std::mt19937_64 rng(o->seed);
    std::vector<Action> actions;
    auto state = game->newGame();
    uint64_t plies = 0, games = 0;
    start = Clock::now();
    double elapsed = 0;
    while (elapsed < o->seconds) {
      for (int g = 0; g < 16; ++g) {
        state->copyFrom(*root);
        while (!state->outcome().over) {
          state->legalActions(actions);
          state->apply(actions[rng() % actions.size()]);
          ++plies;
        }
        ++games;
      }
      elapsed = secondsSince(start);
    }
    const double nps = nodes / perftSeconds, pps = plies / elapsed;
    if (o->json) {
      std::cout << nlohmann::json{{"variant", game->name()}, {"perft_depth", o->depth}, {"perft_nodes", nodes},
                                  {"perft_seconds", perftSeconds}, {"perft_nodes_per_second", nps},
                                  {"playout_games", games}, {"playout_plies", plies},
                                  {"playout_plies_per_second", pps}}
                       .dump()
                << "\n";
    } else {
      std::cout << game->name() << ": perft(" << o->depth << ") = " << nodes << " in " << perftSeconds << " s: "
                << nps / 1e6 << " M leaf nodes/s\n"
                << game->name() << ": " << games << " random playouts, " << plies << " plies in " << elapsed
                << " s: " << pps / 1e6 << " M plies/s (" << double(plies) / games << " plies/game)\n";
    }
  });
}

}  // namespace

void addRulesCommands(CLI::App& app, CLI::App& bench) {
  addVariants(app);
  addPerft(app);
  addMoves(app);
  addShow(app);
  addBenchRules(bench);
}

}  // namespace tz::cli
