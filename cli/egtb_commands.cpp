// egtb build / probe / score: the endgame database of Nine Men's Morris (docs/EGTB.md).
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/seed_option.h"
#include "cli/variant_options.h"
#include "game/base/error.h"
#include "game/base/user_files.h"
#include "game/expertise.h"
#include "game/morris/egtb/builder.h"
#include "game/morris/egtb/database.h"
#include "game/morris/morris_game.h"
#include "mcts/players/egtb_score.h"
#include "mcts/players/player_factory.h"

namespace tz::cli {

namespace {

using namespace morris::egtb;

// A morris variant; throws Error for a variant of another game.
std::unique_ptr<morris::MorrisGame> morrisGame(const VariantOptions& options) {
  std::unique_ptr<Game> game = options.load();
  auto* morrisGame = dynamic_cast<morris::MorrisGame*>(game.get());
  if (!morrisGame) {
    throw Error("variant " + quoted(game->name()) +
                " is not a morris variant: the endgame database is for Nine Men's Morris");
  }
  game.release();
  return std::unique_ptr<morris::MorrisGame>(morrisGame);
}

// The rules of a morris variant; throws Error for a variant of another game.
morris::Rules morrisRules(const VariantOptions& options) { return morrisGame(options)->rules(); }

nlohmann::json classJson(const BuiltClass& b) {
  return {{"class", b.cls.name()},
          {"positions", b.stats.positions},
          {"wins", b.stats.wins},
          {"losses", b.stats.losses},
          {"draws", b.stats.draws},
          {"longest_win", b.stats.longestWin},
          {"longest_loss", b.stats.longestLoss},
          {"seconds", b.seconds},
          {"reused", b.reused}};
}

void addBuild(CLI::App& egtb) {
  struct Opts {
    VariantOptions variant;
    std::string classes, out;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  o->variant.variant = "morris";
  auto* cmd = egtb.add_subcommand("build", "Solve moving-phase classes by retrograde analysis and write their tables");
  o->variant.addTo(cmd);
  cmd->add_option("--classes", o->classes, "Classes MvO (M pieces for the side to move), e.g. 3v3,3v4,4v3,4v4")
      ->required();
  cmd->add_option("--out", o->out, "Database folder (smaller classes the captures lead to are written too)")
      ->required();
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    checkOutputFolder(o->out, "database folder", true);
    const morris::Rules rules = morrisRules(o->variant);
    const BuildRequest request{o->out, parseClasses(o->classes), rules.flying, rules.name};
    const auto start = std::chrono::steady_clock::now();
    const auto built = buildDatabase(request, [&](const BuiltClass& b) {
      if (o->json) return;
      std::printf("%s: %llu positions, %llu wins, %llu losses, %llu draws, longest win %d, longest loss %d plies",
                  b.cls.name().c_str(), (unsigned long long)b.stats.positions, (unsigned long long)b.stats.wins,
                  (unsigned long long)b.stats.losses, (unsigned long long)b.stats.draws, b.stats.longestWin,
                  b.stats.longestLoss);
      std::printf(" (%s %.1f s)\n", b.reused ? "read in" : "pair solved in", b.seconds);
      std::fflush(stdout);
    });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!o->json) {
      std::printf("%zu tables in %s (flying %s), %.1f s\n", built.size(), o->out.c_str(),
                  rules.flying ? "on" : "off", seconds);
      return;
    }
    nlohmann::json j = {{"dir", o->out}, {"variant", rules.name}, {"flying", rules.flying}, {"seconds", seconds}};
    for (const BuiltClass& b : built) j["classes"].push_back(classJson(b));
    std::cout << j.dump() << "\n";
  });
}

void addProbe(CLI::App& egtb) {
  struct Opts {
    VariantOptions variant;
    std::string db, position;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  o->variant.variant = "morris";
  auto* cmd = egtb.add_subcommand("probe", "Value and best turns of a moving-phase position for the side to move");
  o->variant.addTo(cmd);
  cmd->add_option("--db", o->db, "Database folder")->required();
  cmd->add_option("--position", o->position, "Morris position record, e.g. 'WWW.......B...BB........ black 0 0 40'")
      ->required();
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    const morris::Rules rules = morrisRules(o->variant);
    const morris::Setup setup = morris::parseRecord(o->position);
    Database db(o->db, rules.flying);
    const Probe p = db.probe(setup);
    std::vector<std::string> best;
    for (const morris::Turn& t : p.best) best.push_back(morris::turnName(t));
    const std::string side = setup.side == morris::kWhite ? "white" : "black";
    const bool drawn = p.value.result == Result::kDraw;
    if (o->json) {
      nlohmann::json j = {{"result", resultName(p.value.result)},
                          {"distance", nullptr},
                          {"best", best},
                          {"class", p.cls.name()},
                          {"to_move", side}};
      if (!drawn) j["distance"] = p.value.distance;
      std::cout << j.dump() << "\n";
      return;
    }
    std::cout << side << " to move (class " << p.cls.name() << "): " << resultName(p.value.result);
    if (!drawn) std::cout << " in " << p.value.distance << (p.value.distance == 1 ? " ply" : " plies");
    std::cout << "\nbest:";
    for (const auto& t : best) std::cout << " " << t;
    std::cout << (best.empty() ? " none (no legal turn)\n" : "\n");
  });
}

// A share or mean for JSON: null when undefined (NaN).
nlohmann::json number(double x) { return std::isnan(x) ? nlohmann::json(nullptr) : nlohmann::json(x); }

nlohmann::json scoreJson(const players::ClassScore& s) {
  return {{"class", s.cls},
          {"positions", s.positions},
          {"wins", s.byResult[int(EndgameResult::kWin)]},
          {"draws", s.byResult[int(EndgameResult::kDraw)]},
          {"losses", s.byResult[int(EndgameResult::kLoss)]},
          {"kept", number(s.keptShare())},
          {"wins_kept", number(s.keptShare(EndgameResult::kWin))},
          {"draws_kept", number(s.keptShare(EndgameResult::kDraw))},
          {"win_plies_lost", number(s.meanWinPliesLost())},
          {"value_head_accuracy", number(s.valueHeadAccuracy())}};
}

// `x` written with a printf `format`, or "-" when undefined (NaN).
std::string figure(double x, const char* format) {
  char buf[32];
  std::snprintf(buf, sizeof buf, format, x);
  return std::isnan(x) ? "-" : buf;
}

std::string percent(double x) { return figure(100 * x, "%.1f%%"); }

void printScores(const std::vector<players::ClassScore>& scores) {
  std::printf("%-5s %9s %6s %6s %6s %7s %9s %10s %14s %10s\n", "class", "positions", "wins", "draws", "losses",
              "kept", "wins kept", "draws kept", "win plies lost", "value head");
  for (const players::ClassScore& s : scores) {
    std::printf("%-5s %9d %6d %6d %6d %7s %9s %10s %14s %10s\n", s.cls.c_str(), s.positions,
                s.byResult[int(EndgameResult::kWin)], s.byResult[int(EndgameResult::kDraw)], s.byResult[int(EndgameResult::kLoss)],
                percent(s.keptShare()).c_str(), percent(s.keptShare(EndgameResult::kWin)).c_str(),
                percent(s.keptShare(EndgameResult::kDraw)).c_str(),
                figure(s.meanWinPliesLost(), "%.2f").c_str(),
                percent(s.valueHeadAccuracy()).c_str());
  }
}

void addScore(CLI::App& egtb) {
  struct Opts {
    VariantOptions variant;
    std::string db, classes;
    std::string agent;  // the agent's spec as given, read once by the command
    players::EgtbScoreOptions score;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  o->variant.variant = "morris";
  auto* cmd = egtb.add_subcommand("score", "Score an agent's turns against the database on random positions");
  o->variant.addTo(cmd);
  cmd->add_option("--db", o->db, "Database folder")->required();
  cmd->add_option("--player", o->agent, "Player spec of the agent, e.g. mcts:sims=200 or net:CHECKPOINT")
      ->required();
  cmd->add_option("--positions", o->score.positions, "Positions drawn from each class")->capture_default_str();
  addSeedOption(cmd, o->score.seed, "Seed of the draws and the agent");
  cmd->add_option("--classes", o->classes, "Classes to score, e.g. 3v3,4v4 (default: every class of the database)");
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] {
    const std::unique_ptr<morris::MorrisGame> game = morrisGame(o->variant);
    o->score.agent = parseAgentSpec(o->agent);
    o->score.check();
    if (!o->classes.empty()) {
      for (const PieceClass& c : parseClasses(o->classes)) o->score.classes.push_back(c.name());
    }
    const std::unique_ptr<EndgameTables> tables = game->expertise()->openEndgameTables(*game, o->db);
    const std::shared_ptr<Evaluator> head = agentEvaluator(o->score.agent, *game);
    const auto scores = players::scoreAgainstDatabase(*game, *tables, o->score, head.get());
    if (!o->json) {
      std::printf("agent %s on %s, %d positions per class, seed %llu\n", o->agent.c_str(),
                  game->name().c_str(), o->score.positions, (unsigned long long)o->score.seed);
      printScores(scores);
      return;
    }
    nlohmann::json j = {{"agent", o->agent}, {"variant", game->name()},     {"flying", game->rules().flying},
                        {"positions", o->score.positions}, {"seed", o->score.seed}, {"classes", nlohmann::json::array()}};
    for (const players::ClassScore& s : scores) j["classes"].push_back(scoreJson(s));
    std::cout << j.dump() << "\n";
  });
}

}  // namespace

void addEgtbCommands(CLI::App& app) {
  auto* egtb = app.add_subcommand("egtb", "Endgame database of Nine Men's Morris (docs/EGTB.md)");
  egtb->require_subcommand(1);
  addBuild(*egtb);
  addProbe(*egtb);
  addScore(*egtb);
}

}  // namespace tz::cli
