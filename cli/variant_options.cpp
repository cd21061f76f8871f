#include "cli/variant_options.h"

#include <sstream>

#include "game/registry.h"

namespace tz::cli {

void VariantOptions::addTo(CLI::App* cmd) {
  cmd->add_option("--variant,-v", variant, "Preset name (see `taflzero variants`) or variant YAML file")
      ->capture_default_str();
  cmd->add_option("--set", sets, "Override one rule, e.g. --set first=attackers --set king.capture=strong");
}

std::unique_ptr<Game> VariantOptions::load() const { return loadGame(variant, sets); }

std::unique_ptr<State> buildState(const Game& game, const std::string& record, const std::string& toMove,
                                  const std::string& moves) {
  std::unique_ptr<State> state = record.empty() ? game.newGame() : game.fromRecord(record, toMove);
  std::istringstream in(moves);
  for (std::string move; in >> move;) state->playTurn(move);
  return state;
}

std::string winnerName(const Game& game, const Outcome& outcome) {
  return outcome.over && outcome.winner >= 0 ? game.sideName(outcome.winner) : "none";
}

}  // namespace tz::cli
