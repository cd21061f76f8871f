#include "cli/variant_options.h"

#include <sstream>

#include <yaml-cpp/yaml.h>

#include "game/base/config.h"
#include "game/base/error.h"
#include "game/registry.h"
#include "mcts/players/agent_kinds.h"

namespace tz::cli {

void VariantOptions::addTo(CLI::App* cmd) {
  variantOption_ = cmd->add_option("--variant,-v", variant,
                                   "Preset name (see `taflzero variants`) or variant YAML file (default: a network "
                                   "player's own rules, net: or model:, else linnaeus)")
                       ->capture_default_str();
  cmd->add_option("--set", sets, "Override one rule, e.g. --set first=attackers --set king.capture=strong");
}

std::unique_ptr<Game> VariantOptions::load() const { return loadGame(variant, sets); }

std::unique_ptr<Game> VariantOptions::load(const std::vector<AgentSpec>& players) const {
  if (variantOption_ && variantOption_->count() > 0) return load();
  for (const AgentSpec& player : players) {
    const AgentKind kind = agentKind(player.kind, player.kind);
    if (!kind.ownGame) continue;
    std::unique_ptr<Game> own = kind.ownGame(player);
    if (sets.empty()) return own;
    YAML::Node rules = YAML::Load(own->rulesYaml());
    applyOverrides(rules, sets);
    return gameFromYamlText(YAML::Dump(rules), own->name(), "the rules of player " + quoted(player.text()) + " with --set");
  }
  return load();
}

void PositionOptions::addTo(CLI::App* cmd) {
  recordOption_ = cmd->add_option("--position", record, "Position record (default: the start position)");
  toMoveOption_ = cmd->add_option("--to-move", toMove, "Side to move in --position (attackers/defenders, white/black)");
  cmd->add_option("--moves", moves, "Turns to play first, in notation, separated by spaces");
}

std::unique_ptr<State> PositionOptions::build(const Game& game) const {
  const bool given = recordOption_ && recordOption_->count() > 0;
  if (given && record.empty()) {
    throw Error("--position is empty: give a position record, or leave --position out for the start position");
  }
  if (toMoveOption_ && toMoveOption_->count() > 0 && toMove.empty()) {
    throw Error("--to-move is empty: give a side, or leave --to-move out for the record's own or the rules' first");
  }
  if (!given && !toMove.empty()) {
    throw Error("--to-move " + quoted(toMove) + " needs --position (the start position's side to move is the rules')");
  }
  std::unique_ptr<State> state = record.empty() ? game.newGame() : game.fromRecord(record, toMove);
  std::istringstream in(moves);
  for (std::string move; in >> move;) state->playTurn(move);
  return state;
}

std::string winnerName(const Game& game, const Outcome& outcome) {
  return outcome.over && outcome.winner >= 0 ? game.sideName(outcome.winner) : "none";
}

}  // namespace tz::cli
