#pragma once
// A player that searches with PUCT MCTS (optionally under a Gumbel root), reusing its tree
// from move to move.
#include <memory>
#include <optional>
#include <string>

#include "mcts/evaluator.h"
#include "mcts/player.h"
#include "mcts/search.h"

namespace tz {

/// Plays the move its search chooses; observe() moves the tree along the game so that
/// each search starts from the subtree of the move actually played.
class MctsPlayer final : public Player {
 public:
  /// A player for `game` (which must outlive it) searching with `evaluator`.
  MctsPlayer(const Game& game, std::shared_ptr<Evaluator> evaluator, const SearchOptions& options);

  void newGame() override;
  Action chooseAction(const State& state) override;
  void observe(const State& before, Action action) override;
  std::string name() const override;
  /// Root visits and value of the last search, and its principal variation (at most
  /// kPvLength actions) from the move it chose.
  std::optional<SearchReport> searchReport() const override { return report_; }
  /// Searches each later move within `budget` (timed by runFor() when it has a time); the
  /// tree is kept. Always true.
  bool setSearchBudget(const SearchBudget& budget) override;

  /// Longest principal variation a report holds.
  static constexpr int kPvLength = 12;

  /// The search (its last result, its tree).
  const Search& search() const { return search_; }

 private:
  std::string evaluatorName_;
  Search search_;
  bool hasRoot_ = false;
  SearchBudget budget_;                 // of each move (the default: options.simulations, no clock)
  std::optional<SearchReport> report_;  // of the last chooseAction in this game
};

/// An MCTS player: "mcts(<evaluator>,<simulations>)", or "mcts(<evaluator>,<simulations>,gumbel)".
std::unique_ptr<Player> makeMctsPlayer(const Game& game, std::shared_ptr<Evaluator> evaluator,
                                       const SearchOptions& options);

}  // namespace tz
