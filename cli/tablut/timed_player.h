#pragma once
// A player from a spec whose moves fit in the Tablut Challenge timeout: a player taking
// `ms` (alphabeta) is given min(its ms, the budget); a search taking `sims` (mcts,
// uniform-mcts, net) is given as many simulations as its measured speed fits in half the
// budget, at most its own `sims`; any other (random, greedy) plays as specified.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "cli/tablut/time_budget.h"
#include "game/game.h"
#include "mcts/player.h"

namespace tz::cli::tablut {

/// A Player that rebuilds the player of its spec with the budget of each move.
class TimedPlayer final : public Player {
 public:
  /// The player of `spec` for `game` (which outlives it) with `seed`, for moves of at most
  /// `budgetMs`. Finds which budget the spec takes by building it with one, and times a
  /// short search on the start position when it takes `sims`. Throws Error for a bad spec.
  TimedPlayer(const std::string& spec, const Game& game, uint64_t seed, int64_t budgetMs);

  void newGame() override { player_->newGame(); }
  /// The move of the player built with this move's budget (rebuilt when the budget
  /// changes), its search timed to adjust the next budget.
  Action chooseAction(const State& state) override;
  void observe(const State& before, Action action) override { player_->observe(before, action); }
  std::string name() const override { return player_->name(); }
  std::optional<SearchReport> searchReport() const override { return player_->searchReport(); }
  /// Fits the following moves into `budgetMs` (a game clock running down) instead.
  void setBudget(int64_t budgetMs);

  /// The spec of the player that chooses the next move (the given spec with its budget).
  std::string nextSpec() const;

 private:
  // Makes the player of `spec` the one playing, unless it already is.
  void use(const std::string& spec);
  // Whether the spec with `key`=1 added still makes a player.
  bool takes(const std::string& key) const;

  std::string spec_;
  const Game& game_;
  uint64_t seed_;
  int64_t budgetMs_;                      // the time a move may take
  std::optional<int64_t> msLimit_;        // for a player taking `ms`: its own ms (or no limit)
  std::optional<SimsGovernor> governor_;  // for a player taking `sims`
  std::string built_;                     // the spec player_ was made from
  std::unique_ptr<Player> player_;
};

}  // namespace tz::cli::tablut
