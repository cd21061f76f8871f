#pragma once
// A player under another name: a match records its players by the spec that made them
// ("model:brandubh,sims=800"), which tells two networks apart where their searches'
// own names ("mcts(net,800)") do not.
#include <memory>
#include <string>

#include "mcts/player.h"

namespace tz {

/// Plays exactly as `inner` (every call forwarded) and answers name() with `name`.
class NamedPlayer final : public Player {
 public:
  /// Wraps `inner` under `name`.
  NamedPlayer(std::unique_ptr<Player> inner, std::string name) : inner_(std::move(inner)), name_(std::move(name)) {}
  void newGame() override { inner_->newGame(); }
  Action chooseAction(const State& state) override { return inner_->chooseAction(state); }
  void observe(const State& before, Action action) override { inner_->observe(before, action); }
  std::string name() const override { return name_; }
  std::optional<SearchReport> searchReport() const override { return inner_->searchReport(); }
  bool setSearchBudget(const SearchBudget& budget) override { return inner_->setSearchBudget(budget); }

 private:
  std::unique_ptr<Player> inner_;
  std::string name_;
};

}  // namespace tz
