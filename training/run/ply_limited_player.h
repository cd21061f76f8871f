#pragma once
// A network's player at a game whose ply limit lies past the one its network was trained
// for: the game is the same as the network's up to that ply, and there the network's rules
// end it where the game goes on, so the player refuses to move from there on.
#include <memory>
#include <optional>
#include <string>

#include "game/base/error.h"
#include "mcts/player.h"

namespace tz {

/// Plays as `inner` while the position is before ply `limit`; throws Error at or past it.
/// Plies are State::ply(), the actions played: a Morris turn that removes is two, where the
/// limit counts turns, so there the player stops at or a little before its limit, never after.
class PlyLimitedPlayer final : public Player {
 public:
  /// `inner` plays the positions before ply `limit` (the ply limit its network was trained on).
  PlyLimitedPlayer(std::unique_ptr<Player> inner, int limit) : inner_(std::move(inner)), limit_(limit) {}

  void newGame() override { inner_->newGame(); }
  Action chooseAction(const State& state) override {
    if (state.ply() >= limit_) {
      throw Error(inner_->name() + " was trained on games that end at ply " + std::to_string(limit_) +
                  " (ply_limit), and this game goes on at ply " + std::to_string(state.ply()) +
                  ": past that, its rules and the game's differ");
    }
    return inner_->chooseAction(state);
  }
  void observe(const State& before, Action action) override { inner_->observe(before, action); }
  std::string name() const override { return inner_->name(); }
  std::optional<SearchReport> searchReport() const override { return inner_->searchReport(); }
  bool setSearchBudget(const SearchBudget& budget) override { return inner_->setSearchBudget(budget); }

 private:
  std::unique_ptr<Player> inner_;
  int limit_;
};

}  // namespace tz
