#pragma once
// A player of a rule-conditioned network (game/conditioned/rule_conditioned_game.h) at the table of a
// plain variant: the positions it is shown are wrapped in the conditioned game first.
#include <memory>
#include <optional>
#include <string>

#include "game/conditioned/rule_conditioned_game.h"
#include "mcts/player.h"

namespace tz {

/// Shows `inner`, a player of the conditioned game `game`, every position conditioned.
class RuleConditionedPlayer final : public Player {
 public:
  /// `inner` searches states of `game` (kept alive here, and released after `inner`).
  RuleConditionedPlayer(std::unique_ptr<Player> inner, std::shared_ptr<const RuleConditionedGame> game)
      : game_(std::move(game)), inner_(std::move(inner)) {}

  void newGame() override { inner_->newGame(); }
  Action chooseAction(const State& state) override { return inner_->chooseAction(*game_->wrap(state)); }
  void observe(const State& before, Action action) override { inner_->observe(*game_->wrap(before), action); }
  /// The inner player's name and the variant whose rule planes it is shown: "... as NAME".
  std::string name() const override { return inner_->name() + " as " + game_->name(); }
  std::optional<SearchReport> searchReport() const override { return inner_->searchReport(); }
  bool setSearchBudget(const SearchBudget& budget) override { return inner_->setSearchBudget(budget); }

 private:
  std::shared_ptr<const RuleConditionedGame> game_;
  std::unique_ptr<Player> inner_;
};

}  // namespace tz
