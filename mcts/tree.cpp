#include "mcts/tree.h"

#include <algorithm>

#include "game/base/error.h"
#include "mcts/root_policy.h"

namespace tz::mcts {

namespace {

// Copies the statistics of `from` into `to` (not its edges).
void copyStats(const Node& from, Node& to) {
  to.setStats(from.n(), from.w());
  to.proven.store(from.result(), std::memory_order_relaxed);
  to.toMove = from.toMove;
  to.evaluation = from.evaluation;
  to.scanned = from.scanned;
  to.numEdges = 0;
  to.edges = nullptr;
  to.expansion.store(Expansion::kNew, std::memory_order_relaxed);
}

}  // namespace

Proven terminalResult(const Outcome& outcome, int chooser) {
  if (outcome.winner < 0) return Proven::kDraw;
  return outcome.winner == chooser ? Proven::kWin : Proven::kLoss;
}

bool tryProve(Node& node, int view) {
  if (node.result() != Proven::kUnknown) return true;
  Proven best = Proven::kLoss;  // for the side to move at the node
  bool all = true;
  for (int i = 0; i < node.numEdges; ++i) {
    const Proven r = edgeResult(node.edges[i]);
    if (r == Proven::kWin) {
      best = r;
      break;
    }
    if (r == Proven::kUnknown) all = false;
    else if (r > best) best = r;
  }
  if (best != Proven::kWin && !all) return false;
  node.proven.store(view == node.toMove ? best : opposite(best), std::memory_order_relaxed);
  return true;
}

bool winsInOne(const State& position, State& scratch, std::vector<Action>& actions) {
  const int side = position.toMove();
  position.legalActions(actions);
  for (const Action a : actions) {
    scratch.copyFrom(position);
    scratch.apply(a);
    if (scratch.outcome().over && scratch.outcome().winner == side) return true;
  }
  return false;
}

void scanReplies(Node& node, const State& position, int chooser, State& scratch, std::vector<Action>& actions) {
  node.scanned = true;
  if (winsInOne(position, scratch, actions))
    node.proven.store(position.toMove() == chooser ? Proven::kWin : Proven::kLoss, std::memory_order_relaxed);
}

Tree::Tree(const Game& game, int threads)
    : rootState_(game.newGame()), prover_(kLossProofBudget), spare_(std::make_unique<NodeArena>()) {
  if (threads < 1) throw Error("a search tree needs at least one thread");
  for (int t = 0; t < threads; ++t) arenas_.push_back(std::make_unique<NodeArena>());
  scratch_[0] = game.newGame();
  scratch_[1] = game.newGame();
  drawSide_ = rootState_->toMove();
  clearRoot();
}

size_t Tree::bytes() const {
  size_t total = sizeof(Node);
  for (const auto& arena : arenas_) total += arena->bytes();
  return total;
}

size_t Tree::chunkBytes() const {
  size_t total = 0;
  for (const auto& arena : arenas_) total += arena->chunkBytes();
  return total;
}

void Tree::clearRoot() {
  for (auto& arena : arenas_) arena->clear();
  copyStats(Node(), root_);
  root_.toMove = int8_t(rootState_->toMove());
  root_.gumbel = nullptr;
  prepared_ = false;
}

void Tree::reset(const State& state) {
  if (state.outcome().over) throw Error("cannot search a finished game");
  rootState_->copyFrom(state);
  drawSide_ = state.toMove();
  clearRoot();
}

bool Tree::at(const State& state) const {
  return state.hash() == rootState_->hash() && state.ply() == rootState_->ply() &&
         state.toMove() == rootState_->toMove();
}

void Tree::advance(Action action) {
  const Node* child = nullptr;
  if (root_.isExpanded()) {
    for (int i = 0; i < root_.numEdges; ++i)
      if (root_.edges[i].action == action) child = root_.edges[i].node();
  }
  const int oldSide = root_.toMove;
  rootState_->apply(action);
  if (!child || !child->isExpanded() || child->numEdges == 0) {
    clearRoot();
    return;
  }
  // Copy the kept subtree into the spare arena, then drop everything else at once.
  spare_->clear();
  copyStack_.clear();
  copyStack_.emplace_back(child, &root_);
  while (!copyStack_.empty()) {
    const auto [from, to] = copyStack_.back();
    copyStack_.pop_back();
    copyStats(*from, *to);
    if (!from->isExpanded()) continue;
    to->numEdges = from->numEdges;
    to->edges = from->numEdges ? spare_->copyEdges(from->edges, from->numEdges) : nullptr;
    for (int i = 0; i < from->numEdges; ++i) {
      if (const Node* c = from->edges[i].node()) {
        Node* n = spare_->newNode();
        to->edges[i].child.store(n, std::memory_order_relaxed);
        copyStack_.emplace_back(c, n);
      }
    }
    to->expansion.store(Expansion::kExpanded, std::memory_order_release);
  }
  std::swap(arenas_[0], spare_);
  spare_->clear();
  for (size_t t = 1; t < arenas_.size(); ++t) arenas_[t]->clear();
  // The root's values are kept from the view of its own side to move.
  if (root_.toMove != oldSide) {
    root_.setStats(root_.n(), -root_.w());
    root_.proven.store(opposite(root_.result()), std::memory_order_relaxed);
  }
  root_.gumbel = nullptr;
  prepared_ = false;
}

void Tree::beginSearch(int simulations, size_t byteBudget) {
  target_ = simulations;
  visitsAtStart_ = root_.n();
  ++searchId_;
  // A thread holds at most 1/64 of its share back from the others at the end of a search.
  const int threads = int(arenas_.size());
  claimBlock_ = threads == 1 ? 1 : std::clamp(simulations / (64 * threads), 1, kMaxClaimBlock);
  byteBudget_ = byteBudget;
  memoryFull_.store(false, std::memory_order_relaxed);
  started_.store(0, std::memory_order_relaxed);
  if (gumbel()) gumbel_.restart(root_, simulations);
}

bool Tree::open() {
  if (root_.result() != Proven::kUnknown) return false;
  if (byteBudget_ > 0 && root_.isExpanded() && chunkBytes() >= byteBudget_) {
    memoryFull_.store(true, std::memory_order_relaxed);
    return false;
  }
  return true;
}

int Tree::claim(int count) {
  if (!open()) return 0;
  const int before = started_.fetch_add(count, std::memory_order_relaxed);
  const int granted = std::clamp(target_ - before, 0, count);
  if (granted < count) release(count - granted);
  return granted;
}

bool Tree::searchDone() const {
  if (root_.result() != Proven::kUnknown || completed() >= target_) return true;
  return memoryFull() && completed() >= started_.load(std::memory_order_relaxed);
}

void Tree::prepareRoot(const SearchOptions& options, bool noise, std::mt19937_64& rng) {
  // Noise reorders the priors, so the root may not rely on children forming a prefix.
  for (int i = 0; i < root_.numEdges; ++i) {
    Edge& e = root_.edges[i];
    if (!e.node()) e.child.store(arenas_[0]->newNode(), std::memory_order_release);
  }
  if (noise && options.dirichletFraction > 0.f && !options.gumbel)
    addNoise(options.dirichletAlpha, options.dirichletFraction, rng);
  if (options.rootLookahead > 0) scanRoot(options.rootLookahead);
  if (options.gumbel) {
    gumbel_.start(root_, options, drawUtility(root_.toMove, options.drawScore), noise, rng,
                  target_ - started_.load(std::memory_order_relaxed));
    root_.gumbel = &gumbel_;
  }
  prepared_ = true;
}

void Tree::addNoise(float alpha, float fraction, std::mt19937_64& rng) {
  std::gamma_distribution<float> gamma(alpha, 1.f);
  const int n = root_.numEdges;
  std::vector<float> eta(size_t(n), 0.f);
  float sum = 0.f;
  for (float& e : eta) sum += e = gamma(rng);
  if (!(sum > 0.f)) return;
  for (int i = 0; i < n; ++i) {
    Edge& e = root_.edges[i];
    e.prior = (1.f - fraction) * e.prior + fraction * eta[size_t(i)] / sum;
  }
}

void Tree::scanRoot(int plies) {
  const int side = root_.toMove;
  State& after = *scratch_[0];
  for (int i = 0; i < root_.numEdges; ++i) {
    Node& c = *root_.edges[i].node();
    if (c.result() != Proven::kUnknown) continue;
    if (c.isExpanded()) {
      // An ongoing game kept from the last search: its replies may never have been scanned.
      if (plies >= 2) scanChild(root_.edges[i]);
      continue;
    }
    after.copyFrom(*rootState_);
    after.apply(root_.edges[i].action);
    if (after.outcome().over) {
      // A finished game: the child becomes an expanded leaf with its exact result.
      c.proven.store(terminalResult(after.outcome(), side), std::memory_order_relaxed);
      c.toMove = int8_t(after.toMove());
      c.expansion.store(Expansion::kExpanded, std::memory_order_release);
    } else if (plies >= 2 && after.toMove() == side) {
      // The same side acts again (a morris removal): a win within this turn counts as one.
      scanReplies(c, after, side, *scratch_[1], scanActions_);
    }
  }
  tryProve(root_, side);
}

bool Tree::scanChild(const Edge& edge) {
  Node& c = *edge.node();
  if (c.scanned || c.result() != Proven::kUnknown) return false;
  State& after = *scratch_[0];
  after.copyFrom(*rootState_);
  after.apply(edge.action);
  scanReplies(c, after, root_.toMove, *scratch_[1], scanActions_);
  return c.result() != Proven::kUnknown;
}

bool Tree::proveChild(const Edge& edge, int turns, int winner) {
  Node& c = *edge.node();
  if (c.result() != Proven::kUnknown) return false;
  const int side = root_.toMove;
  State& after = *scratch_[0];
  after.copyFrom(*rootState_);
  after.apply(edge.action);
  // Our own turns left after this action: it used one, unless the same side acts again.
  const int left = winner == side && after.toMove() != side ? turns - 1 : turns;
  if (left < 1 || !prover_.wins(after, winner, left)) return false;
  c.proven.store(winner == side ? Proven::kWin : Proven::kLoss, std::memory_order_relaxed);
  return true;
}

void Tree::proveRootWins(int turns) {
  std::vector<int> order;  // the most visited first: where a win is likeliest
  for (int i = 0; i < root_.numEdges; ++i)
    if (root_.edges[i].node()) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return edgeVisits(root_.edges[a]) > edgeVisits(root_.edges[b]); });
  for (const int i : order)
    if (proveChild(root_.edges[i], turns, root_.toMove)) break;
  tryProve(root_, root_.toMove);
}

bool Tree::refute(const Edge& edge, int lookahead) {
  if (!edge.node()) return false;
  if (lookahead < 4) return scanChild(edge);
  return proveChild(edge, lookahead / 2, 1 - root_.toMove);
}

Action Tree::pickMove(const SearchOptions& options, std::mt19937_64& rng, const std::function<bool()>& timeUp) {
  if (options.rootLookahead >= 3) {
    prover_.refill(kWinProofBudget, timeUp);
    proveRootWins((options.rootLookahead + 1) / 2);
    prover_.refill(kLossProofBudget, timeUp);
  }
  for (;;) {
    const Action a = gumbel() ? chooseGumbelMove(root_) : chooseMove(root_, rootState_->ply(), options, rng);
    if (options.rootLookahead < 2) return a;
    const Edge* edge = nullptr;
    for (int i = 0; i < root_.numEdges && !edge; ++i)
      if (root_.edges[i].action == a) edge = &root_.edges[i];
    if (!refute(*edge, options.rootLookahead)) return a;
    tryProve(root_, root_.toMove);  // proved: choose again, knowing more
  }
}

}  // namespace tz::mcts
