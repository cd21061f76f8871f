#pragma once
// The --variant/--set options shared by every subcommand that plays a game.
#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

#include "game/game.h"
#include "mcts/players/agent_spec.h"

namespace tz::cli {

/// Which variant to load, with single-rule overrides.
struct VariantOptions {
  std::string variant = "linnaeus";   // preset name or YAML path
  std::vector<std::string> sets;      // key=value overrides

  /// Adds --variant and --set to a subcommand.
  void addTo(CLI::App* cmd);
  /// Loads the variant (throws Error on bad input).
  std::unique_ptr<Game> load() const;
  /// Loads the variant the players play: without --variant, the rules of the first of
  /// `players` made for one game (AgentKind::ownGame: a network's checkpoint, `net:` or
  /// `model:`), with --set, in place of the default.
  std::unique_ptr<Game> load(const std::vector<AgentSpec>& players) const;

 private:
  CLI::Option* variantOption_ = nullptr;
};

/// Which position a command works on: --position, --to-move, --moves.
struct PositionOptions {
  std::string record;  // position record ("": the start position)
  std::string toMove;  // side to move in `record` ("": the record's own or the rules' first)
  std::string moves;   // turns to play first, in notation

  /// Adds --position, --to-move and --moves to a subcommand.
  void addTo(CLI::App* cmd);
  /// The start position or the given record, then the given turns. Throws Error for an
  /// empty --position or --to-move and for --to-move without --position (it would be ignored).
  std::unique_ptr<State> build(const Game& game) const;

 private:
  CLI::Option* recordOption_ = nullptr;
  CLI::Option* toMoveOption_ = nullptr;
};

/// The JSON name of a result: the winner's side name or "none".
std::string winnerName(const Game& game, const Outcome& outcome);

}  // namespace tz::cli
