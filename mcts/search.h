#pragma once
// PUCT (or Gumbel-root) search of one game on one tree with several threads (tree
// parallelism under virtual loss), each thread batching its leaves into one evaluate() call.
#include <atomic>
#include <functional>
#include <memory>
#include <random>
#include <vector>

#include "game/game.h"
#include "mcts/evaluator.h"
#include "mcts/playouts.h"
#include "mcts/root_policy.h"
#include "mcts/search_options.h"
#include "mcts/time_control.h"
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
  /// Runs playouts as run() does (at most `simulations`, options.simulations when negative)
  /// until `time` says to stop by timeToStop with `rule`, read between the batches of each
  /// thread; `elapsed` is the wall clock from now unless given. A limit already passed still
  /// evaluates an unexpanded root, so that chooseMove() has its priors. A Gumbel root, whose
  /// sequential halving needs its playouts planned beforehand, plans as many as the last
  /// search's rate fits in the planned time (measured first by a search of kGumbelProbe
  /// playouts when no rate is known yet) and stops at the plan or the limit, whichever comes
  /// first: no early stop, no extension. With options.rootLookahead >= 3 the playouts take
  /// 1 - kProofShare of the planned time and of the limit, and the proofs of the
  /// chooseMove() that follows stop at the limit: the whole move keeps to `time`.
  const SearchResult& runFor(const MoveTime& time, int simulations = -1, const TimeRule& rule = TimeRule(),
                             ElapsedMs elapsed = {});
  /// The move to play after run() or runFor() (see Tree::pickMove).
  Action chooseMove();

  /// Playouts of the search a first timed Gumbel search runs to measure its rate.
  static constexpr int kGumbelProbe = 256;
  /// The share of a timed move left to the proofs after its search (rootLookahead >= 3).
  static constexpr double kProofShare = 0.25;

  /// The last search's result.
  const SearchResult& result() const { return result_; }
  /// The tree (for inspection).
  const mcts::Tree& tree() const { return tree_; }
  /// The settings.
  const SearchOptions& options() const { return options_; }

 private:
  // The clock of a runFor() in progress.
  struct Timed {
    MoveTime time;
    TimeRule rule;
    ElapsedMs elapsed;
  };

  // Runs the playouts of run() and runFor(); fills result_.
  const SearchResult& search(int simulations);
  // Runs the playouts of search(); throws what an evaluator threw.
  void playouts(int simulations);
  // One thread's loop: gather, evaluate, complete until the budget (or the time) is spent.
  void work(mcts::PlayoutBatch& batch);
  // The playouts of runFor() under a Gumbel root (see runFor).
  void gumbelFor(const Timed& clock, int cap);
  // Records that the search just run took `ms` (its time and the rate a Gumbel plan uses).
  void record(double ms);
  // Whether a timed search stops now (once one thread says so, all do).
  bool timeUp();

  std::shared_ptr<Evaluator> evaluator_;
  SearchOptions options_;
  size_t treeBytes_ = 0;  // memory budget of the tree (treeByteBudget of options_)
  mcts::Tree tree_;
  std::vector<std::unique_ptr<mcts::PlayoutBatch>> batches_;  // one per thread
  std::mt19937_64 rng_;
  std::atomic<bool> abort_{false};  // a thread failed: the others stop
  const Timed* timed_ = nullptr;    // the clock of the runFor() in progress
  std::function<bool()> proofsTimeUp_;  // whether the last runFor()'s limit has passed (empty after run())
  std::atomic<bool> timeUp_{false};  // its time is up
  double rate_ = 0;                 // playouts per millisecond of the last search (0: none yet)
  SearchResult result_;
};

}  // namespace tz
