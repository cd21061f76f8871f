#pragma once
// A player from a spec whose moves fit in a time budget: a search (mcts, uniform-mcts, net)
// searches each move until its clock says stop (Search::runFor: the budget, sooner when one
// move dominates), at most its own `sims` when the spec gives them, keeping its tree from
// move to move and across budget changes; a player taking `ms` (alphabeta) is given min(its
// ms, the planned time); any other (random, greedy) plays as specified.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "game/game.h"
#include "mcts/player.h"
#include "mcts/time_control.h"

namespace tz::cli::tablut {

/// A Player that gives the player of its spec the budget of each move.
class TimedPlayer final : public Player {
 public:
  /// The player of `spec` for `game` (which outlives it) with `seed`, for moves of at most
  /// `budgetMs`. Throws Error for a bad spec.
  TimedPlayer(const std::string& spec, const Game& game, uint64_t seed, int64_t budgetMs);

  void newGame() override { player_->newGame(); }
  /// The move of the player with this move's budget (an alphabeta player is rebuilt when
  /// its `ms` changes; a search keeps its tree).
  Action chooseAction(const State& state) override;
  void observe(const State& before, Action action) override { player_->observe(before, action); }
  std::string name() const override { return player_->name(); }
  std::optional<SearchReport> searchReport() const override { return player_->searchReport(); }
  /// Fits the following moves into `budgetMs` (planned and limit alike) instead.
  void setBudget(int64_t budgetMs) { setBudget(MoveTime{double(budgetMs), double(budgetMs)}); }
  /// Plans the following moves to `time` (a game clock running down): a search may run on to
  /// its limit while unsure; a player taking `ms` gets the planned time.
  void setBudget(const MoveTime& time);
  /// Whether the moves come from a search stopped by the clock.
  bool timedSearch() const { return cap_ > 0; }

  /// The spec of the player that chooses the next move: the given spec, with its `ms` for a
  /// player taking one.
  std::string nextSpec() const;

 private:
  // Makes the player of `spec` the one playing, unless it already is.
  void use(const std::string& spec);
  // Whether the spec with `key`=1 added still makes a player.
  bool takes(const std::string& key) const;

  std::string spec_;
  const Game& game_;
  uint64_t seed_;
  MoveTime time_;                   // the time a move may take
  int cap_ = 0;                     // for a timed search: its simulation cap (else 0)
  std::optional<int64_t> msLimit_;  // for a player taking `ms`: its own ms (or no limit)
  std::string built_;               // the spec player_ was made from
  std::unique_ptr<Player> player_;
};

}  // namespace tz::cli::tablut
