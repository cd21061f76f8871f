#pragma once
// A player from a spec whose moves fit in a time budget: a search (mcts, uniform-mcts, net)
// searches each move until its clock says stop (Search::runFor: the budget, sooner when one
// move dominates), at most its own `sims` when the spec gives them; a player taking only a
// clock (alphabeta) is given min(its ms, the planned time); any other (random, greedy) plays
// as specified. The player is built once and keeps its tree (or table) from move to move and
// across budget changes. Used by the protocols' clients (each move's budget from the clock)
// and by the arena's matches at a time per move.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "game/game.h"
#include "mcts/player.h"
#include "mcts/players/agent_kinds.h"
#include "mcts/players/agent_spec.h"
#include "mcts/time_control.h"

namespace tz {

/// A Player that gives the player of its spec the budget of each move.
class TimedPlayer final : public Player {
 public:
  /// The player of `spec` for `game` (which outlives it) with `seed`, for moves of at most
  /// `budgetMs`. Throws Error for a bad spec.
  TimedPlayer(const std::string& spec, const Game& game, uint64_t seed, int64_t budgetMs);
  /// The player of `spec` for `game` with `seed`, for moves of at most `budgetMs`.
  TimedPlayer(AgentSpec spec, const Game& game, uint64_t seed, int64_t budgetMs);
  /// `player`, built from `spec` and perhaps already playing (its tree is kept), for moves
  /// of at most `budgetMs`.
  TimedPlayer(AgentSpec spec, std::unique_ptr<Player> player, int64_t budgetMs);

  void newGame() override { player_->newGame(); }
  Action chooseAction(const State& state) override { return player_->chooseAction(state); }
  void observe(const State& before, Action action) override { player_->observe(before, action); }
  /// The player's name with its limits now ("alphabeta(depth=2,ms=4000)").
  std::string name() const override { return player_->name(); }
  std::optional<SearchReport> searchReport() const override { return player_->searchReport(); }
  /// Fits the following moves into `budgetMs` (planned and limit alike) instead.
  void setBudget(int64_t budgetMs) { setBudget(MoveTime{double(budgetMs), double(budgetMs)}); }
  /// Plans the following moves to `time` (a game clock running down): a search may run on to
  /// its limit while unsure; a player taking only a clock gets the planned time.
  void setBudget(const MoveTime& time);
  /// Whether the moves come from a search stopped by the clock.
  bool timedSearch() const { return cap_ > 0; }
  /// The spec the player was built from.
  const AgentSpec& spec() const { return spec_; }

 private:
  // Learns which budgets the player takes, then gives it its first.
  void start(int64_t budgetMs);

  AgentSpec spec_;
  std::unique_ptr<Player> player_;
  int cap_ = 0;                     // for a timed search: its simulation cap (else 0)
  std::optional<int64_t> msLimit_;  // for a player taking only a clock: its own ms (or no limit)
};

/// The maker of `spec`'s players for `game` (which outlives it), each a TimedPlayer fitting
/// every move into `moveMs`, inside the spec's random opening (the same opening plies as the
/// untimed spec's). Throws Error as agentMaker does.
PlayerMaker timedAgentMaker(AgentSpec spec, const Game& game, int64_t moveMs);

}  // namespace tz
