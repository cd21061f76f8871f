#pragma once
// The --variant/--set options shared by every subcommand that plays a game.
#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

#include "game/game.h"

namespace tz::cli {

/// Which variant to load, with single-rule overrides.
struct VariantOptions {
  std::string variant = "linnaeus";   // preset name or YAML path
  std::vector<std::string> sets;      // key=value overrides

  /// Adds --variant and --set to a subcommand.
  void addTo(CLI::App* cmd);
  /// Loads the variant (throws Error on bad input).
  std::unique_ptr<Game> load() const;
};

/// A state of `game`: the start position or the given record, then the given turns.
std::unique_ptr<State> buildState(const Game& game, const std::string& record, const std::string& toMove,
                                  const std::string& moves);

/// The JSON name of a result: the winner's side name or "none".
std::string winnerName(const Game& game, const Outcome& outcome);

}  // namespace tz::cli
