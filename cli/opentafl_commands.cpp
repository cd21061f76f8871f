// opentafl-engine: an external engine for OpenTafl, speaking the OpenTafl Engine Protocol
// on stdin and stdout (docs/OPENTAFL.md).
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/engine/line_reader.h"
#include "cli/opentafl/otep_session.h"
#include "cli/opentafl/otn_variant.h"
#include "cli/seed_option.h"
#include "game/base/error.h"

namespace tz::cli {

namespace {

// The .ini file OpenTafl loads the engine from, for this binary and these options
// (docs/OPENTAFL.md 1): OpenTafl splits `arguments` at single spaces, without quoting.
std::string iniText(const std::string& player, uint64_t seed) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  return "[engine]\nname=taflzero " + player + "\ndirectory=taflzero\nfilename=taflzero\ncommand=" +
         (error ? std::string("taflzero") : self.string()) + "\narguments=opentafl-engine --player " + player +
         " --seed " + std::to_string(seed) + "\n";
}

}  // namespace

void addOpenTaflCommands(CLI::App& app) {
  struct Opts {
    std::string player = "alphabeta:ms=2000";
    uint64_t seed = 1;
    bool ini = false;
    std::string showRules;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("opentafl-engine", "Play as an OpenTafl external engine on stdin/stdout (docs/OPENTAFL.md)");
  cmd->add_option("--player", o->player, "The player (alphabeta:ms=T, mcts:sims=N, ...); a game clock caps its time")
      ->capture_default_str();
  addSeedOption(cmd, o->seed, "Seed of the player");
  cmd->add_flag("--ini", o->ini, "Print the OpenTafl engine .ini file for this binary and these options, and exit");
  auto* showRules =
      cmd->add_option("--show-rules", o->showRules, "Print the variant file an OTN rules string maps to, and exit");
  cmd->callback([o, showRules] {
    if (o->ini) {
      opentafl::OtepSession check(o->player, o->seed);  // a bad spec is refused before it is written down
      std::cout << iniText(o->player, o->seed);
      return;
    }
    if (showRules->count() > 0) {
      if (o->showRules.empty()) throw Error("--show-rules is empty: give an OTN rules string such as 'dim:7 start:/3t3/...'");
      std::cout << opentafl::gameOfOtn(o->showRules)->rulesYaml();
      return;
    }
    opentafl::OtepSession session(o->player, o->seed);
    std::cout << opentafl::OtepSession::greeting() << "\n" << std::flush;
    std::string line;
    size_t length = 0;
    while (!session.finished() && readLine(std::cin, line, length, opentafl::kMaxOtepLineBytes)) {
      for (const auto& reply : session.handle(line, length)) std::cout << reply << "\n";
      std::cout << std::flush;
    }
  });
}

}  // namespace tz::cli
