#pragma once
// The endgame-database player, "egtb:DIR[|FALLBACK]" (docs/EGTB.md 5): in the classes
// of the morris database in DIR it plays a best turn (the quickest win, a draw, the
// longest loss), elsewhere it asks the fallback player (any player spec, default greedy).
#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "game/morris/egtb/database.h"
#include "game/morris/morris_game.h"
#include "mcts/player.h"

namespace tz::players {

/// Plays from the database where it covers the position, through `fallback` elsewhere.
class EgtbPlayer final : public Player {
 public:
  /// A player for `game` (which must outlive it) with the database folder `dir`; `seed`
  /// chooses among equally good turns. Throws Error when the folder does not hold
  /// tables for the game's flying rule.
  EgtbPlayer(const morris::MorrisGame& game, const std::string& dir, std::unique_ptr<Player> fallback, uint64_t seed);
  void newGame() override { fallback_->newGame(); }
  Action chooseAction(const State& state) override;
  void observe(const State& before, Action action) override { fallback_->observe(before, action); }
  std::string name() const override { return "egtb(" + fallback_->name() + ")"; }

 private:
  morris::egtb::Database db_;
  std::unique_ptr<Player> fallback_;
  std::mt19937_64 rng_;
};

}  // namespace tz::players

namespace tz {

/// Registers the "egtb" player kind with the player factory.
void registerEgtbPlayerKind();

}  // namespace tz
