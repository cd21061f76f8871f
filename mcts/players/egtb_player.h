#pragma once
// The endgame-database player, "egtb:DIR[|FALLBACK]" (docs/EGTB.md 5): in the classes of
// the game's endgame tables in DIR (GameExpertise::openEndgameTables) it plays a best turn
// (the quickest win, a draw, the longest loss), elsewhere it asks the fallback player (any
// player spec, default greedy).
#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "game/endgame_tables.h"
#include "mcts/player.h"
#include "mcts/players/agent_kinds.h"

namespace tz::players {

/// Plays from endgame tables where they cover the position, through `fallback` elsewhere.
class EgtbPlayer final : public Player {
 public:
  /// A player over `tables`; `seed` chooses among equally good turns.
  EgtbPlayer(std::unique_ptr<EndgameTables> tables, std::unique_ptr<Player> fallback, uint64_t seed);
  void newGame() override { fallback_->newGame(); }
  Action chooseAction(const State& state) override;
  void observe(const State& before, Action action) override { fallback_->observe(before, action); }
  std::string name() const override { return "egtb(" + fallback_->name() + ")"; }

 private:
  std::unique_ptr<EndgameTables> tables_;
  std::unique_ptr<Player> fallback_;
  std::mt19937_64 rng_;
};

}  // namespace tz::players

namespace tz {

/// The endgame tables in `dir` for `game`; throws Error beginning with `context` when the
/// game has none, and as GameExpertise::openEndgameTables when `dir` holds none.
std::unique_ptr<EndgameTables> openPlayerTables(const Game& game, const std::string& dir, const std::string& context);

/// The "egtb" kind of agent, as the table of kinds (agent_kinds.cpp) lists it.
AgentKind egtbAgentKind();

}  // namespace tz
