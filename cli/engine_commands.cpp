// engine: one long-lived process speaking the line-based engine protocol (docs/ENGINE.md)
// on stdin and stdout.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/engine/engine_session.h"
#include "cli/engine/line_reader.h"
#include "cli/seed_option.h"
#include "cli/variant_options.h"

namespace tz::cli {

void addEngineCommands(CLI::App& app) {
  struct Opts {
    VariantOptions variant;
    std::string player = "greedy";
    uint64_t seed = 1;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("engine", "Answer engine-protocol commands on stdin, one per line (docs/ENGINE.md)");
  o->variant.addTo(cmd);
  cmd->add_option("--player", o->player, "The player behind genmove (random, greedy, alphabeta:ms=1000, ...)")
      ->capture_default_str();
  addSeedOption(cmd, o->seed, "Seed of the player");
  cmd->callback([o] {
    const AgentSpec player = parseAgentSpec(o->player);
    EngineSession session(o->variant.load({player}), player, o->seed);  // the player's own rules by default
    std::string line;
    size_t length = 0;
    while (!session.finished() && readLine(std::cin, line, length, kMaxLineBytes)) {
      std::cout << session.handle(line, length) << std::flush;
    }
  });
}

}  // namespace tz::cli
