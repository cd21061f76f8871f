#pragma once
// One search tree: the root position and node, the arenas holding the children, the
// playout budget of the search in progress, root preparation (noise, exact scan of the
// first plies, the Gumbel root of mcts/gumbel.h) and the MCTS-solver rules that prove
// wins and losses.
#include <atomic>
#include <functional>
#include <memory>
#include <random>
#include <vector>

#include "game/game.h"
#include "mcts/forced_win.h"
#include "mcts/gumbel.h"
#include "mcts/node.h"
#include "mcts/search_options.h"

namespace tz::mcts {

/// The result of a finished game for the player `chooser` who made the last choice.
Proven terminalResult(const Outcome& outcome, int chooser);

/// Marks `node` (expanded, with edges) proven when its children allow it: one child won
/// by the mover, or every child proven (then the best of them for the mover). `view` is
/// the side whose view the node's result is stored in (its parent's mover; the root's own
/// side for the root). Returns whether the node is proven. Thread-safe.
bool tryProve(Node& node, int view);

/// Whether the side to move in `position` (ongoing) wins with one action. `scratch` (a
/// state of the same game) and `actions` are working space.
bool winsInOne(const State& position, State& scratch, std::vector<Action>& actions);

/// Checks whether the side to move at `node` (reached by `chooser`'s action, position
/// `position`) wins in one; if so, proves the node (a win or loss for `chooser`). Marks the
/// node scanned. Called only while no other thread reads the node's scan flag.
void scanReplies(Node& node, const State& position, int chooser, State& scratch, std::vector<Action>& actions);

/// A search tree over one game; the root moves along as the game is played.
class Tree {
 public:
  /// Actions pickMove's proofs of root wins may play in all (about 0.15 s in Ashton).
  static constexpr uint64_t kWinProofBudget = 1000000;
  /// Actions pickMove's proofs that a chosen move loses may play in all (about 0.3 s).
  static constexpr uint64_t kLossProofBudget = 2000000;
  /// The most playouts a search thread reserves at once (see claimBlock).
  static constexpr int kMaxClaimBlock = 16;

  /// A tree at the start position of `game` (which must outlive it), searched by at most
  /// `threads` threads at once, each allocating from an arena of its own.
  explicit Tree(const Game& game, int threads = 1);

  /// Starts over at `state` (an ongoing game): a fresh, unexpanded root, searched for its
  /// side to move (the side a draw score favours, see drawUtility).
  void reset(const State& state);
  /// Plays `action` at the root and keeps the subtree below it (fresh root if it has none);
  /// the side the tree searches for stays the same.
  void advance(Action action);
  /// The utility of a draw for `side` under SearchOptions::drawScore `drawScore`: the score
  /// for the side the tree was reset for, its negation for the other side, so that values
  /// stay zero-sum and a tree kept from move to move stays consistent.
  float drawUtility(int side, float drawScore) const { return side == drawSide_ ? drawScore : -drawScore; }
  /// Whether the root is `state`: same hash, ply and side to move.
  bool at(const State& state) const;

  /// The root position.
  const State& rootState() const { return *rootState_; }
  /// The root node; its values are from the view of the side to move at the root.
  RootNode& root() { return root_; }
  /// The root node (read-only).
  const RootNode& root() const { return root_; }
  /// Where expansions by search thread `thread` (0 .. threads-1) allocate nodes and edges.
  NodeArena& arena(int thread = 0) { return *arenas_[size_t(thread)]; }
  /// Bytes of nodes and edges in the tree (not during a search).
  size_t bytes() const;

  /// Starts a search of `simulations` new playouts from the current root (a prepared
  /// Gumbel root plans them over its first candidates again). With `byteBudget` > 0 the
  /// search also stops once the tree's memory reaches it (the root expanded first).
  void beginSearch(int simulations, size_t byteBudget = 0);
  /// Reserves up to `count` playouts; returns how many (0 once the budget is spent, the
  /// memory budget reached or the root proven).
  int claim(int count = 1);
  /// Whether playouts may go on: the root not proven and the memory budget not reached.
  bool open();
  /// Playouts a search thread reserves at once (see claim): 1 for one thread; more for
  /// several, so that they do not contend for the counter of every playout.
  int claimBlock() const { return claimBlock_; }
  /// Identifies the search in progress: reservations of an earlier one are void.
  uint64_t searchId() const { return searchId_; }
  /// Whether this search stopped at the memory budget before its simulations were done.
  bool memoryFull() const { return memoryFull_.load(std::memory_order_relaxed); }
  /// Returns `count` reserved playouts that were not played (a collision, a stop).
  void release(int count = 1) { started_.fetch_sub(count, std::memory_order_relaxed); }
  /// Playouts done in this search: each backs its value up through the root, so they are
  /// the root's visits since beginSearch().
  int completed() const { return root_.n() - visitsAtStart_; }
  /// Whether the search is over: every playout done, the root proven, or the memory budget
  /// reached with no playout in flight (single-threaded use).
  bool searchDone() const;

  /// Whether the current root has been prepared (noise, exact scan).
  bool prepared() const { return prepared_; }
  /// Once per root, after its expansion: gives every root edge its child node, mixes
  /// Dirichlet noise into the root priors when `noise` (and options.dirichletFraction > 0),
  /// and with options.rootLookahead >= 1 proves the root children that end the game; with
  /// 2, also those after which the same side acts again and wins at once (a winning morris
  /// turn), and scans the replies of the expanded ones (the others are scanned when first
  /// expanded, see PlayoutBatch::complete, or when chosen, see pickMove). With
  /// options.gumbel there is no Dirichlet noise: the root becomes a Gumbel root (Gumbel
  /// noise when `noise`) planning the playouts left in this search.
  void prepareRoot(const SearchOptions& options, bool noise, std::mt19937_64& rng);
  /// The move to play after a search (chooseMove in root_policy.h, chooseGumbelMove for a
  /// Gumbel root); with options.rootLookahead >= 2 a move whose replies were never scanned
  /// is scanned first, and one that lets the opponent win at once is rejected for the next
  /// choice. With a lookahead L >= 3 the root's forced wins within (L+1)/2 turns are proved
  /// first (and played), and with L >= 4 a chosen move is rejected when the opponent wins
  /// by force within L/2 turns after it (ForcedWinProver, within kWinProofBudget and
  /// kLossProofBudget actions, and stopped once `timeUp`, when given, says the time is up).
  Action pickMove(const SearchOptions& options, std::mt19937_64& rng, const std::function<bool()>& timeUp = {});

  /// Whether playouts leave the root by the Gumbel schedule instead of PUCT.
  bool gumbel() const { return root_.gumbel != nullptr; }
  /// The root edge the Gumbel schedule names for the next playout, or nullptr while the
  /// phase waits for playouts in flight (see GumbelRoot::next). Thread-safe.
  Edge* scheduledEdge() { return gumbel_.next(root_); }
  /// Takes back a playout scheduledEdge() handed out for `edge` that collided. Thread-safe.
  void unschedule(const Edge& edge) { gumbel_.giveBack(root_, edge); }

 private:
  void clearRoot();
  void addNoise(float alpha, float fraction, std::mt19937_64& rng);
  void scanRoot(int plies);
  // Scans the replies of root child `edge`, unless known; true when that proved it.
  bool scanChild(const Edge& edge);
  // Proves root child `edge` when `winner` wins by force within `turns` of its turns from
  // the root (its action counting as one of ours); true when that proved it.
  bool proveChild(const Edge& edge, int turns, int winner);
  // Proves the root children that win by force within `turns` of our turns (stops at the first).
  void proveRootWins(int turns);
  // Whether a chosen root child is proven lost by the check `lookahead` asks for.
  bool refute(const Edge& edge, int lookahead);

  std::unique_ptr<State> rootState_;
  ForcedWinProver prover_;              // the deeper checks of pickMove
  std::unique_ptr<State> scratch_[2];   // states of the root scan
  std::vector<Action> scanActions_;
  // Bytes of the arenas' chunks in use (safe during a search).
  size_t chunkBytes() const;

  // Written by every playout of every thread: each on a cache line of its own, so that the
  // settings read by every playout (below) are not invalidated by them.
  alignas(kCacheLine) RootNode root_;
  alignas(kCacheLine) std::atomic<int> started_{0};
  alignas(kCacheLine) std::atomic<bool> memoryFull_{false};
  // Read during a search, written only between searches.
  alignas(kCacheLine) bool prepared_ = false;
  int drawSide_ = 0;                    // the side the tree searches for (see drawUtility)
  int target_ = 0;
  int visitsAtStart_ = 0;               // the root's visits when the search began
  int claimBlock_ = 1;
  uint64_t searchId_ = 0;
  size_t byteBudget_ = 0;               // 0: no memory budget
  GumbelRoot gumbel_;                   // the root's Gumbel state, in use when root_.gumbel points here
  std::vector<std::unique_ptr<NodeArena>> arenas_;  // blocks of the current tree, one arena a thread
  std::unique_ptr<NodeArena> spare_;    // the subtree kept by advance() is copied here
  std::vector<std::pair<const Node*, Node*>> copyStack_;
};

}  // namespace tz::mcts
