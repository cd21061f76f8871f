// egtb build / egtb probe: the endgame database of Nine Men's Morris (docs/EGTB.md).
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/variant_options.h"
#include "game/error.h"
#include "game/morris/egtb/builder.h"
#include "game/morris/egtb/database.h"
#include "game/morris/morris_game.h"

namespace tz::cli {

namespace {

using namespace morris::egtb;

// The rules of a morris variant; throws Error for a variant of another game.
morris::Rules morrisRules(const VariantOptions& options) {
  const std::unique_ptr<Game> game = options.load();
  const auto* morrisGame = dynamic_cast<const morris::MorrisGame*>(game.get());
  if (!morrisGame) {
    throw Error("variant " + quoted(game->name()) +
                " is not a morris variant: the endgame database is for Nine Men's Morris");
  }
  return morrisGame->rules();
}

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

}  // namespace

void addEgtbCommands(CLI::App& app) {
  auto* egtb = app.add_subcommand("egtb", "Endgame database of Nine Men's Morris (docs/EGTB.md)");
  egtb->require_subcommand(1);
  addBuild(*egtb);
  addProbe(*egtb);
}

}  // namespace tz::cli
