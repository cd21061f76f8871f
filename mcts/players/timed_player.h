#pragma once
// A built player whose moves fit in a time budget, as its kind times it (PlayerTiming,
// AgentKind::timing): a search searches each move until its clock says stop
// (Search::runFor: the budget, sooner when one move dominates), at most its cap; a player
// taking only a clock (alphabeta) is given min(its own limit, the planned time); any other
// (random, greedy) plays as it was made. The player keeps its tree (or table) from move to
// move and across budget changes. agentMaker times the players of a spec this way (the
// arena's matches at a time per move, the protocols' clients); a session already playing
// wraps its player when a clock arrives (OpenTafl).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "mcts/player.h"
#include "mcts/time_control.h"

namespace tz {

/// How the players of an agent fit a move into a time budget: its kind's answer.
struct PlayerTiming {
  /// Which budget the players take.
  enum class Way {
    kNone,    // none: they play as they were made
    kSearch,  // a search stopped by the clock, at most `cap` simulations
    kClock,   // a clock alone: the planned time, at most `msLimit`
  };
  Way way = Way::kNone;
  int cap = kTimedSimulationCap;  // kSearch: the simulations of a move at most
  int64_t msLimit = 0;            // kClock: the player's own limit in ms (0: none)
};

/// A Player that gives the player it wraps the budget of each move.
class TimedPlayer final : public Player {
 public:
  /// `player`, perhaps already playing (its tree is kept), timed as `timing` says, for moves
  /// of at most `budgetMs`.
  TimedPlayer(std::unique_ptr<Player> player, PlayerTiming timing, int64_t budgetMs);

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

 private:
  std::unique_ptr<Player> player_;
  PlayerTiming timing_;
};

}  // namespace tz
