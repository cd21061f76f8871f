#include "mcts/root_policy.h"

#include <algorithm>
#include <cmath>

#include "game/base/error.h"
#include "mcts/gumbel.h"

namespace tz {

using mcts::Edge;
using mcts::Node;
using mcts::Proven;

namespace {

// Each action's share of the visits (all 0 without visits).
std::vector<float> visitShares(const std::vector<int>& visits) {
  double total = 0;
  for (const int v : visits) total += v;
  std::vector<float> shares(visits.size(), 0.f);
  if (total > 0)
    for (size_t i = 0; i < visits.size(); ++i) shares[i] = float(visits[i] / total);
  return shares;
}

// Throws unless `root` was expanded with at least one move.
void requireSearched(const Node& root) {
  if (!root.isExpanded() || root.numEdges == 0) throw Error("chooseMove: the root has not been searched");
}

}  // namespace

void describeRoot(const mcts::RootNode& root, SearchResult& out) {
  out.actions.clear();
  out.visits.clear();
  for (int i = 0; i < root.numEdges; ++i) {
    out.actions.push_back(root.edges[i].action);
    out.visits.push_back(mcts::edgeVisits(root.edges[i]));
  }
  out.policy = root.gumbel ? root.gumbel->policy(root) : visitShares(out.visits);
  out.proven = root.result();
  out.value = out.proven != Proven::kUnknown ? mcts::provenValue(out.proven) : root.q();
  out.rootVisits = root.n();
}

const Edge* provenWin(const Node& root) {
  const Edge* win = nullptr;
  auto immediate = [](const Edge& e) { return e.node() && e.node()->isTerminal(); };
  for (int i = 0; i < root.numEdges; ++i) {
    const Edge& e = root.edges[i];
    if (mcts::edgeResult(e) != Proven::kWin) continue;
    if (!win || (immediate(e) && !immediate(*win)) ||
        (immediate(e) == immediate(*win) && mcts::edgeVisits(e) > mcts::edgeVisits(*win)))
      win = &e;
  }
  return win;
}

Action chooseGumbelMove(const mcts::RootNode& root) {
  requireSearched(root);
  if (const Edge* win = provenWin(root)) return win->action;
  return root.gumbel->choice(root).action;
}

Action chooseMove(const Node& root, int ply, const SearchOptions& options, std::mt19937_64& rng) {
  requireSearched(root);
  const int n = root.numEdges;
  const Edge* edges = root.edges;
  if (const Edge* win = provenWin(root)) return win->action;

  bool anyAlive = false;
  for (int i = 0; i < n; ++i) anyAlive |= mcts::edgeResult(edges[i]) != Proven::kLoss;
  auto candidate = [&](const Edge& e) { return !anyAlive || mcts::edgeResult(e) != Proven::kLoss; };

  if (ply < options.temperaturePlies && options.temperature > 0.f) {
    int most = 0;
    for (int i = 0; i < n; ++i)
      if (candidate(edges[i])) most = std::max(most, mcts::edgeVisits(edges[i]));
    if (most > 0) {
      std::vector<double> weights(size_t(n), 0.0);
      for (int i = 0; i < n; ++i) {
        if (candidate(edges[i]))
          weights[size_t(i)] = std::pow(double(mcts::edgeVisits(edges[i])) / most, 1.0 / options.temperature);
      }
      std::discrete_distribution<int> pick(weights.begin(), weights.end());
      return edges[pick(rng)].action;
    }
  }
  const Edge* best = nullptr;
  for (int i = 0; i < n; ++i) {
    const Edge& e = edges[i];
    if (!candidate(e)) continue;
    const int v = mcts::edgeVisits(e);
    if (!best || v > mcts::edgeVisits(*best) || (v == mcts::edgeVisits(*best) && e.prior > best->prior)) best = &e;
  }
  return best->action;
}

}  // namespace tz
