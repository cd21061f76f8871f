#include "mcts/playouts.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>

#include "game/base/error.h"

namespace tz::mcts {

namespace {

// Side whose view path[i]'s values are stored in: its parent's side to move.
inline int viewAt(const std::vector<Node*>& path, size_t i) { return path[i ? i - 1 : 0]->toMove; }

// Backs up the exact utility of the proven last node of `path`.
void finishProven(Tree& tree, const std::vector<Node*>& path, const SearchOptions& options) {
  const size_t last = path.size() - 1;
  const int view = viewAt(path, last);
  backup(path, provenUtility(path[last]->result(), tree.drawUtility(view, options.drawScore)), view);
  propagateProof(path);
}

// The child behind `edge`, created (once, whichever thread wins) when it has none.
Node* childOf(Edge& edge, NodeArena& arena) {
  Node* child = edge.node();
  if (child) return child;
  Node* fresh = arena.newNode();
  if (edge.child.compare_exchange_strong(child, fresh, std::memory_order_acq_rel)) return fresh;
  return child;  // another thread was first; `fresh` stays unused in the arena
}

}  // namespace

Edge* selectEdge(const Node& node, float q, const SearchOptions& options, float draw) {
  const float vl = options.virtualLoss;
  const float parentVisits = float(node.n() + node.flying());
  const float explore = options.cPuct * std::sqrt(std::max(1.f, parentVisits));
  const float fpu = q - options.fpuReduction;
  Edge* best = nullptr;
  Edge* alive = nullptr;  // the first child not proven lost: the choice when no score compares (NaN values)
  float bestScore = -std::numeric_limits<float>::infinity();
  for (int i = 0; i < node.numEdges; ++i) {
    Edge& e = node.edges[i];
    const Node* c = e.node();
    if (!c) {
      // The first edge without a child: the best unvisited one (edges are sorted by prior).
      if (!alive) alive = &e;
      if (fpu + explore * e.prior > bestScore) best = &e;
      break;
    }
    const Proven r = c->result();
    if (r == Proven::kWin) return &e;
    if (r == Proven::kLoss) continue;
    if (!alive) alive = &e;
    const uint64_t counts = c->counts.load(std::memory_order_relaxed);
    const int visits = int(counts >> 32), flying = int(uint32_t(counts));
    float value = fpu;
    if (visits + flying > 0) {
      const float sum = r == Proven::kDraw ? draw * float(visits) : float(c->w());
      value = (sum - vl * float(flying)) / (float(visits) + vl * float(flying));
    }
    const float score = value + explore * e.prior / float(1 + visits + flying);
    if (score > bestScore) {
      bestScore = score;
      best = &e;
    }
  }
  return best ? best : alive;
}

void backup(const std::vector<Node*>& path, float value, int side) {
  for (size_t i = path.size(); i-- > 0;) path[i]->addVisit(viewAt(path, i) == side ? value : -value);
}

void propagateProof(const std::vector<Node*>& path) {
  for (size_t i = path.size() - 1; i > 0; --i) {
    if (path[i]->result() == Proven::kUnknown) return;
    if (!tryProve(*path[i - 1], viewAt(path, i - 1))) return;
  }
}

PlayoutBatch::PlayoutBatch(const Game& game, int capacity, int thread)
    : leaves_(size_t(capacity)), scratch_(game.newGame()), requests_(size_t(capacity)), thread_(thread) {
  for (Leaf& leaf : leaves_) leaf.state = game.newGame();
}

GatherStop PlayoutBatch::gather(Tree& tree, const SearchOptions& options, int playouts) {
  for (int i = 0; i < playouts; ++i) {
    if (size_ == int(leaves_.size())) return GatherStop::kCount;
    if (!claimOne(tree)) return GatherStop::kBudget;
    if (!descend(tree, options)) {
      tree.release();
      return GatherStop::kCollision;
    }
  }
  return GatherStop::kCount;
}

bool PlayoutBatch::claimOne(Tree& tree) {
  if (reserveTree_ != &tree || reserveSearch_ != tree.searchId()) reserve_ = 0;  // made for another search
  if (reserve_ > 0) {
    if (tree.open()) {
      --reserve_;
      return true;
    }
    tree.release(reserve_);
    reserve_ = 0;
    return false;
  }
  const int granted = tree.claim(tree.claimBlock());
  if (granted == 0) return false;
  reserveTree_ = &tree;
  reserveSearch_ = tree.searchId();
  reserve_ = granted - 1;
  return true;
}

bool PlayoutBatch::descend(Tree& tree, const SearchOptions& options) {
  Leaf& leaf = leaves_[size_t(size_)];
  std::vector<Node*>& path = leaf.path;
  State& state = *leaf.state;
  state.copyFrom(tree.rootState());
  path.clear();
  Node* node = &tree.root();
  Edge* scheduled = nullptr;  // the root edge the Gumbel schedule handed out
  for (;;) {
    node->addInFlight();
    path.push_back(node);
    const size_t i = path.size() - 1;
    if (node->result() != Proven::kUnknown) {
      finishProven(tree, path, options);
      return true;
    }
    Expansion e = node->expansion.load(std::memory_order_acquire);
    if (e == Expansion::kExpanded) {
      if (node->numEdges == 0) {  // a finished game, proven before it was published
        finishProven(tree, path, options);
        return true;
      }
      float q = node->q();
      if (i > 0 && node->toMove != path[i - 1]->toMove) q = -q;
      const bool gumbelRoot = i == 0 && tree.gumbel();
      Edge* edge = nullptr;
      if (gumbelRoot) edge = scheduled = tree.scheduledEdge();
      else edge = selectEdge(*node, q, options, tree.drawUtility(node->toMove, options.drawScore));
      if (edge) {
        state.apply(edge->action);
        node = childOf(*edge, tree.arena(thread_));
        continue;
      }
      if (!gumbelRoot && tryProve(*node, viewAt(path, i))) {  // every child is proven lost
        finishProven(tree, path, options);
        return true;
      }
    } else if (e == Expansion::kNew &&
               node->expansion.compare_exchange_strong(e, Expansion::kExpanding, std::memory_order_acq_rel)) {
      expand(tree, leaf, node, i, options);
      return true;
    }
    // Another playout is evaluating this node (or the Gumbel root waits for the playouts in
    // flight): undo this one's virtual loss and its place in the schedule.
    for (Node* n : path) n->removeInFlight();
    if (scheduled) tree.unschedule(*scheduled);
    return false;
  }
}

void PlayoutBatch::expand(Tree& tree, Leaf& leaf, Node* node, size_t depth, const SearchOptions& options) {
  State& state = *leaf.state;
  if (state.outcome().over) {
    node->proven.store(terminalResult(state.outcome(), viewAt(leaf.path, depth)), std::memory_order_relaxed);
    node->toMove = int8_t(state.toMove());
    node->expansion.store(Expansion::kExpanded, std::memory_order_release);
    finishProven(tree, leaf.path, options);
    return;
  }
  state.legalActions(leaf.actions);
  leaf.priors.resize(leaf.actions.size());
  leaf.tree = &tree;
  EvalRequest& request = requests_[size_t(size_)];
  request.state = &state;
  request.legal = leaf.actions.data();
  request.numLegal = int(leaf.actions.size());
  request.priors = leaf.priors.data();
  request.value = 0.f;
  request.draw = 0.f;
  ++size_;
}

void PlayoutBatch::complete(const SearchOptions& options) {
  for (int k = 0; k < size_; ++k) {
    Leaf& leaf = leaves_[size_t(k)];
    const EvalRequest& request = requests_[size_t(k)];
    Node* node = leaf.path.back();
    const int n = request.numLegal;
    if (n > 65535) throw Error("search: more than 65535 legal actions");
    // Highest prior first (ties keep the legal order): the first unvisited edge is the best.
    const float* p = leaf.priors.data();
    const int* order = nullptr;
    if (!std::is_sorted(p, p + n, std::greater<float>())) {
      leaf.order.resize(size_t(n));
      std::iota(leaf.order.begin(), leaf.order.end(), 0);
      std::sort(leaf.order.begin(), leaf.order.end(),
                [p](int x, int y) { return p[x] > p[y] || (p[x] == p[y] && x < y); });
      order = leaf.order.data();
    }
    Edge* edges = leaf.tree->arena(thread_).newEdges(n, leaf.actions.data(), p, order);
    node->edges = edges;
    node->numEdges = uint16_t(n);
    node->toMove = int8_t(leaf.state->toMove());
    // The search's utility: the expected result, plus the draw score times the chance of a draw.
    const float utility = request.value + leaf.tree->drawUtility(node->toMove, options.drawScore) * request.draw;
    node->setNetValue(utility);
    const int chooser = viewAt(leaf.path, leaf.path.size() - 1);
    if (options.rootLookahead >= 2 && leaf.path.size() == 2)
      scanReplies(*node, *leaf.state, chooser, *scratch_, scanActions_);
    node->expansion.store(Expansion::kExpanded, std::memory_order_release);
    if (node->result() != Proven::kUnknown) {
      finishProven(*leaf.tree, leaf.path, options);
      continue;
    }
    backup(leaf.path, utility, node->toMove);
  }
  size_ = 0;
}

}  // namespace tz::mcts
