#pragma once
// A tiny test-only game for search tests: a fixed number of plies, each a choice among
// `branching` actions by the side the script names for that ply (so one side may act
// several times in a row), ending with a winner computed from the actions played.
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "game/base/error.h"
#include "game/game.h"

namespace tz::test {

/// The toy game's rules.
class ToyGame final : public Game {
 public:
  /// Winner (0, 1, or -1 for a draw) of a finished game from its actions.
  using WinnerFn = std::function<int(const std::vector<Action>&)>;

  /// movers[i] acts at ply i; the game ends after movers.size() plies.
  ToyGame(int branching, std::vector<int> movers, WinnerFn winner)
      : branching_(branching), movers_(std::move(movers)), winner_(std::move(winner)) {}

  /// Actions per ply.
  int branching() const { return branching_; }
  /// Side acting at `ply` (the side after the last one once the game is over).
  int mover(size_t ply) const { return ply < movers_.size() ? movers_[ply] : 1 - movers_.back(); }
  /// Plies of a game.
  size_t length() const { return movers_.size(); }
  /// The winner of a finished game.
  int winner(const std::vector<Action>& actions) const { return winner_(actions); }

  const std::string& name() const override { return name_; }
  std::string family() const override { return "toy"; }
  std::string sideName(int side) const override { return side == 0 ? "first" : "second"; }
  int sideFromName(const std::string& name) const override { return name == "first" ? 0 : 1; }
  std::unique_ptr<State> newGame() const override;
  std::unique_ptr<State> fromRecord(const std::string&, const std::string&) const override {
    throw Error("toy game: no records");
  }
  TensorShape inputShape() const override { return {1, 1, 1}; }
  int numActions() const override { return branching_; }
  TensorShape policyShape() const override { return {branching_, 1, 1}; }
  int numSymmetries() const override { return 1; }
  const std::vector<int>& cellMap(int) const override { return identityCells_; }
  const std::vector<int>& actionMap(int) const override { return identityCells_; }
  std::string rulesYaml() const override { return ""; }
  std::string encodingJson() const override { return "{}"; }

 private:
  int branching_;
  std::vector<int> movers_;
  WinnerFn winner_;
  std::string name_ = "toy";
  std::vector<int> identityCells_{0};
};

/// A position of the toy game: the actions played so far.
class ToyState final : public State {
 public:
  /// The start of `game`.
  explicit ToyState(const ToyGame& game) : game_(&game) { actions_.reserve(game.length()); }

  std::unique_ptr<State> clone() const override { return std::make_unique<ToyState>(*this); }
  void copyFrom(const State& other) override { *this = static_cast<const ToyState&>(other); }
  int toMove() const override { return game_->mover(actions_.size()); }
  const Outcome& outcome() const override { return outcome_; }
  int ply() const override { return int(actions_.size()); }
  uint64_t hash() const override {
    uint64_t h = 1469598103934665603ull;
    for (Action a : actions_) h = (h ^ uint64_t(a + 1)) * 1099511628211ull;
    return h;
  }
  void legalActions(std::vector<Action>& out) const override {
    out.clear();
    if (!outcome_.over)
      for (int a = 0; a < game_->branching(); ++a) out.push_back(a);
  }
  void apply(Action action) override {
    actions_.push_back(action);
    if (actions_.size() == game_->length()) {
      const int w = game_->winner(actions_);
      outcome_ = {true, w, w < 0 ? end_reason::kPlyLimit : end_reason::kNoMoves};
    }
  }
  std::string actionName(Action action) const override { return std::to_string(action); }
  void encode(float* planes) const override { planes[0] = float(actions_.size()); }
  std::vector<std::string> legalTurns() const override {
    std::vector<Action> legal;
    legalActions(legal);
    std::vector<std::string> out;
    for (Action a : legal) out.push_back(actionName(a));
    return out;
  }
  void playTurn(const std::string& notation) override { apply(std::stoi(notation)); }
  uint64_t perft(int depth) const override {
    if (depth == 0) return 1;
    uint64_t n = 0;
    for (const auto& [turn, count] : divide(depth)) n += count;
    return n;
  }
  std::vector<std::pair<std::string, uint64_t>> divide(int depth) const override {
    std::vector<std::pair<std::string, uint64_t>> out;
    for (const auto& turn : legalTurns()) {
      ToyState next(*this);
      next.playTurn(turn);
      out.emplace_back(turn, next.perft(depth - 1));
    }
    return out;
  }
  std::string record() const override {
    std::string r;
    for (Action a : actions_) r += std::to_string(a) + ",";
    return r;
  }
  std::string diagram() const override { return record() + "\n"; }

 private:
  const ToyGame* game_;
  std::vector<Action> actions_;
  Outcome outcome_;
};

inline std::unique_ptr<State> ToyGame::newGame() const { return std::make_unique<ToyState>(*this); }

}  // namespace tz::test
