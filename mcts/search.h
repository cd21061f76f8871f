#pragma once
// PUCT (or Gumbel-root) search of one game on one tree with several threads (tree
// parallelism under virtual loss), each thread batching its leaves into one evaluate() call.
#include <atomic>
#include <memory>
#include <random>
#include <vector>

#include "game/game.h"
#include "mcts/evaluator.h"
#include "mcts/playouts.h"
#include "mcts/root_policy.h"
#include "mcts/search_options.h"
#include "mcts/tree.h"

namespace tz {

/// Searches positions of one game, keeping the tree from move to move.
class Search {
 public:
  /// A search of `game` (which must outlive it) asking `evaluator` for priors and values.
  Search(const Game& game, std::shared_ptr<Evaluator> evaluator, const SearchOptions& options);

  /// Starts a new tree at `state` (an ongoing game).
  void setRoot(const State& state);
  /// Whether the tree's root is `state`.
  bool at(const State& state) const { return tree_.at(state); }
  /// Plays `action` at the root, keeping its subtree for the next search.
  void advance(Action action) { tree_.advance(action); }

  /// Runs `simulations` new playouts (options.simulations when negative) with
  /// options.threads threads; stops early when the root is proven. Fixed seeds and one
  /// thread give identical searches. A Gumbel search (options.gumbel) draws no Gumbel
  /// noise here: its candidates and move depend on priors and values alone.
  const SearchResult& run(int simulations = -1);
  /// The move to play after run() (see Tree::pickMove).
  Action chooseMove();

  /// The last search's result.
  const SearchResult& result() const { return result_; }
  /// The tree (for inspection).
  const mcts::Tree& tree() const { return tree_; }
  /// The settings.
  const SearchOptions& options() const { return options_; }

 private:
  // Runs the playouts of run(); throws what an evaluator threw.
  void playouts(int simulations);
  // One thread's loop: gather, evaluate, complete until the budget is spent.
  void work(mcts::PlayoutBatch& batch);

  std::shared_ptr<Evaluator> evaluator_;
  SearchOptions options_;
  size_t treeBytes_ = 0;  // memory budget of the tree (treeByteBudget of options_)
  mcts::Tree tree_;
  std::vector<std::unique_ptr<mcts::PlayoutBatch>> batches_;  // one per thread
  std::mt19937_64 rng_;
  std::atomic<bool> abort_{false};  // a thread failed: the others stop
  SearchResult result_;
};

}  // namespace tz
