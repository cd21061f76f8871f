#pragma once
// The search tree's nodes and edges and the arena they live in. An expanded node owns one
// contiguous block of edges (action, prior, child), sorted by prior; a child node is
// created when its edge is first chosen. Since unvisited edges all share the first-play
// value, the best of them is the first one, so the children that exist always form a
// prefix of the block and selection stops at the first edge without a child. Statistics
// are atomics so that several threads can search one tree; edges are published once,
// by the thread that expanded the node.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "game/game.h"

namespace tz::mcts {

/// A game-theoretic result proven by the search, from the view of the player who chose
/// the edge into the node (for the root: the player to move at the root).
enum class Proven : int8_t { kUnknown = 0, kLoss = 1, kDraw = 2, kWin = 3 };

/// The same result seen by the other player.
inline Proven opposite(Proven p) {
  return p == Proven::kWin ? Proven::kLoss : p == Proven::kLoss ? Proven::kWin : p;
}
/// The exact value of a proven result: 1, 0 or -1.
inline float provenValue(Proven p) { return p == Proven::kWin ? 1.f : p == Proven::kLoss ? -1.f : 0.f; }
/// The search's utility of a proven result, a draw being worth `draw` (see SearchOptions::drawScore).
inline float provenUtility(Proven p, float draw) { return p == Proven::kDraw ? draw : provenValue(p); }

/// Expansion state of a node.
enum class Expansion : uint8_t {
  kNew = 0,        // never evaluated
  kExpanding = 1,  // one thread is evaluating it; others treat it as a collision
  kExpanded = 2,   // edges published (none for a finished game)
};

struct Node;

/// A legal action of an expanded node (16 bytes).
struct Edge {
  std::atomic<Node*> child;  // the node it leads to, created on first visit
  Action action;             // the action
  float prior;               // the evaluator's prior (root: with noise)

  /// An edge for `a` with prior `p` and no child yet.
  Edge(Action a, float p) : child(nullptr), action(a), prior(p) {}

  /// The child (acquire), or nullptr.
  Node* node() const { return child.load(std::memory_order_acquire); }
};

/// The statistics of one position (32 bytes). Values are from the view of the player who
/// chose the edge into the node, so a parent compares its children's values directly.
/// Visits and in-flight playouts share one atomic word, so a backup retires its virtual
/// loss and counts its visit in one step; the value sum is fixed-point, so adding to it
/// is one atomic addition and sums are exact for values with few bits (0.5, 1).
struct Node {
  /// Fixed-point scale of the value sum.
  static constexpr double kValueScale = 4294967296.0;  // 2^32
  /// Fixed-point scale of the stored evaluation (values in [-1, 1] are kept to 2^-14).
  static constexpr float kEvalScale = 16384.f;  // 2^14

  Edge* edges = nullptr;               // block of numEdges edges, valid once expanded
  std::atomic<int64_t> valueSum{0};    // W * kValueScale: sum of backed-up values
  std::atomic<uint64_t> counts{0};     // visits << 32 | playouts in flight through the node
  uint16_t numEdges = 0;               // legal actions, valid once expanded
  int8_t toMove = -1;                  // side to move in the node's position, valid once expanded
  bool scanned = false;                // its side to move was checked for a win in one (see scanReplies)
  std::atomic<Expansion> expansion{Expansion::kNew};  // see Expansion
  std::atomic<Proven> proven{Proven::kUnknown};       // proven result, see Proven
  int16_t evaluation = 0;              // evaluator value for the side to move * kEvalScale (see netValue)

  /// Whether the edges are published (acquire: they may be read after this).
  bool isExpanded() const { return expansion.load(std::memory_order_acquire) == Expansion::kExpanded; }
  /// Whether the node is an expanded finished game.
  bool isTerminal() const { return isExpanded() && numEdges == 0; }
  /// Finished playouts N.
  int n() const { return int(counts.load(std::memory_order_relaxed) >> 32); }
  /// Playouts in flight through the node.
  int flying() const { return int(uint32_t(counts.load(std::memory_order_relaxed))); }
  /// The sum of values W.
  double w() const { return double(valueSum.load(std::memory_order_relaxed)) / kValueScale; }
  /// Mean value W/N (0 when unvisited).
  float q() const;
  /// The evaluator's value of the position for its side to move (0 before an evaluation).
  float netValue() const { return float(evaluation) / kEvalScale; }
  /// Keeps `v` (clamped to [-1, 1]) as the evaluator's value, before the node is published.
  void setNetValue(float v);
  /// Proven result (relaxed).
  Proven result() const { return proven.load(std::memory_order_relaxed); }
  /// Counts a playout passing through on its way down (virtual loss).
  void addInFlight() { counts.fetch_add(1, std::memory_order_relaxed); }
  /// Takes back a playout that passed through but was abandoned.
  void removeInFlight() { counts.fetch_sub(1, std::memory_order_relaxed); }
  /// Adds one finished playout of value `v` and retires its virtual loss.
  void addVisit(float v);
  /// Sets N and W, with nothing in flight (not thread-safe).
  void setStats(int visits, double sum);
};

class GumbelRoot;

/// A tree's root: a node that also knows the Gumbel search prepared on it (mcts/gumbel.h).
struct RootNode : Node {
  const GumbelRoot* gumbel = nullptr;  // the root's Gumbel state; nullptr for PUCT or before preparation
};

/// Visits of the child behind `edge` (0 without a child).
inline int edgeVisits(const Edge& edge) {
  const Node* c = edge.node();
  return c ? c->n() : 0;
}
/// Proven result of the child behind `edge` (unknown without a child).
inline Proven edgeResult(const Edge& edge) {
  const Node* c = edge.node();
  return c ? c->result() : Proven::kUnknown;
}

/// Bytes of a cache line: data written by one thread and read by another keeps to lines of
/// its own.
inline constexpr size_t kCacheLine = 64;

/// Bytes of one arena chunk: a tree's memory grows a chunk at a time, and its first chunk is
/// in use once the root is expanded.
inline constexpr size_t kArenaChunkBytes = size_t(1) << 20;

/// Bump allocator for nodes and edge blocks: chunks are kept across clear(), so a tree
/// that is searched and pruned move after move stops allocating. Thread-safe, except clear();
/// fastest used by one thread (a tree gives each search thread an arena of its own).
class alignas(kCacheLine) NodeArena {
 public:
  /// An arena of chunks of at least `chunkBytes` bytes.
  explicit NodeArena(size_t chunkBytes = kArenaChunkBytes);
  NodeArena(const NodeArena&) = delete;
  NodeArena& operator=(const NodeArena&) = delete;

  /// A fresh, unvisited node.
  Node* newNode() { return new (allocate(sizeof(Node))) Node(); }
  /// `count` edges without children, edge i for actions[k] with priors[k], k = order[i]
  /// (k = i when order is null).
  Edge* newEdges(int count, const Action* actions, const float* priors, const int* order);
  /// Copies of `count` edges (actions and priors), without children.
  Edge* copyEdges(const Edge* from, int count);
  /// Forgets everything allocated (not thread-safe); the memory is reused.
  void clear();
  /// Bytes handed out since the last clear() (not during a search).
  size_t bytes() const;
  /// Bytes of the chunks in use since the last clear(): at least bytes(), at most one
  /// chunk more; safe to read during a search.
  size_t chunkBytes() const { return chunkBytesInUse_.load(std::memory_order_relaxed); }

 private:
  void* allocate(size_t bytes);

  struct alignas(kCacheLine) Chunk {
    std::unique_ptr<std::byte[]> memory;
    size_t capacity = 0;
    std::atomic<size_t> used{0};
  };

  size_t chunkBytes_;
  std::vector<std::unique_ptr<Chunk>> chunks_;  // chunks_[0..current_] are in use
  std::atomic<Chunk*> active_{nullptr};          // chunks_[current_] (nullptr before the first)
  size_t current_ = 0;
  size_t retired_ = 0;  // bytes used in chunks before current_
  std::atomic<size_t> chunkBytesInUse_{0};  // capacity of chunks_[0..current_]
  std::mutex mutex_;
};

}  // namespace tz::mcts
