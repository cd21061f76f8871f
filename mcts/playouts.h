#pragma once
// The playout machinery shared by every search driver: descend a tree by PUCT under
// virtual loss (leaving a Gumbel root by its schedule), collect the leaves that need an
// evaluation (from one or many trees), and after one evaluate() call expand them and back
// their values up. Finished games and proven nodes are backed up at once with their exact
// values.
#include <memory>
#include <vector>

#include "game/game.h"
#include "mcts/evaluator.h"
#include "mcts/node.h"
#include "mcts/search_options.h"
#include "mcts/tree.h"

namespace tz::mcts {

/// Why gather() stopped.
enum class GatherStop {
  kCount,      // it ran the playouts asked for, or the batch is full
  kCollision,  // a playout reached a node another playout is evaluating (or a Gumbel root's phase end)
  kBudget,     // the tree's playout budget is spent (or its root is proven)
};

/// One thread's playouts awaiting evaluation. Reuses its states and vectors: no heap
/// allocation per playout once warm. Not thread-safe; each thread owns one.
class PlayoutBatch {
 public:
  /// Room for `capacity` leaves of `game`, gathered by search thread `thread` of each tree
  /// (the arena it allocates from, see Tree::arena).
  PlayoutBatch(const Game& game, int capacity, int thread = 0);

  /// Starts up to `playouts` playouts on `tree`; leaves needing an evaluation join the batch.
  GatherStop gather(Tree& tree, const SearchOptions& options, int playouts);
  /// Number of leaves awaiting evaluation.
  int size() const { return size_; }
  /// Their requests, for Evaluator::evaluate(requests(), size()).
  EvalRequest* requests() { return requests_.data(); }
  /// Expands the evaluated leaves, backs their values up and empties the batch. With
  /// options.rootLookahead >= 2 a child of the root is first checked for a win in one for
  /// the side to move there (so that a move allowing it is proven lost).
  void complete(const SearchOptions& options);
  /// Forgets the leaves awaiting evaluation (after a failed evaluation; their tree is
  /// left inconsistent and must be reset).
  void discard() { size_ = 0; }

 private:
  struct Leaf {
    Tree* tree = nullptr;
    std::vector<Node*> path;  // root first
    std::unique_ptr<State> state;
    std::vector<Action> actions;
    std::vector<float> priors;
    std::vector<int> order;  // edges by prior
  };

  // Takes one playout of `tree`'s search from this batch's reservation, reserving
  // tree.claimBlock() more when it is spent; false once the search takes no more. A
  // reservation is kept for the tree and search it was made in (several threads sharing
  // one tree reserve in blocks; a batch gathering from many trees has blocks of one).
  bool claimOne(Tree& tree);
  // One playout; false on a collision (its virtual loss undone).
  bool descend(Tree& tree, const SearchOptions& options);
  // The playout reached `node` (claimed for expansion, at depth `depth` of the leaf's path):
  // proves a finished game at once, or queues the leaf for evaluation.
  void expand(Tree& tree, Leaf& leaf, Node* node, size_t depth, const SearchOptions& options);

  std::vector<Leaf> leaves_;
  std::unique_ptr<State> scratch_;  // replies of the reply scan
  std::vector<Action> scanActions_;
  std::vector<EvalRequest> requests_;
  int size_ = 0;
  int thread_ = 0;
  const Tree* reserveTree_ = nullptr;  // the tree and search of the reservation
  uint64_t reserveSearch_ = 0;
  int reserve_ = 0;                    // playouts reserved and not yet started
};

/// The edge PUCT picks at `node` (expanded); `q` is the node's value for its side to
/// move, `draw` the utility of a proven draw for it (Tree::drawUtility). Skips children
/// proven lost; nullptr when every child is proven lost.
Edge* selectEdge(const Node& node, float q, const SearchOptions& options, float draw = 0.f);

/// Adds a playout of value `value` for side `side` to every node of `path` (root first),
/// each from its own view, and retires its virtual loss.
void backup(const std::vector<Node*>& path, float value, int side);

/// After the last node of `path` was proven, proves its ancestors as far as possible.
void propagateProof(const std::vector<Node*>& path);

}  // namespace tz::mcts
