#pragma once
// Gumbel root search (Danihelka et al., "Policy improvement by planning with Gumbel",
// ICLR 2022): the root samples m candidate actions without replacement (Gumbel-top-k),
// shares the search's playouts among them by sequential halving, and plays the survivor.
// Its policy target is the improved policy softmax(log prior + sigma(completed Q)). Below
// the root the search stays PUCT.
#include <mutex>
#include <random>
#include <vector>

#include "mcts/node.h"
#include "mcts/search_options.h"

namespace tz::mcts {

/// The visit plan of sequential halving: m candidates, ceil(log2 m) halving phases, phase
/// k keeping ceil(m / 2^k) candidates that get max(1, floor(budget / (phases * kept)))
/// visits each; a last phase gives what is left to the single survivor.
class HalvingPlan {
 public:
  /// A plan for `candidates` (at least 1) sharing `budget` playouts.
  HalvingPlan(int candidates = 1, int budget = 0);
  /// Halving phases: ceil(log2(candidates)), 0 for one candidate.
  int phases() const { return phases_; }
  /// Candidates in phase `k` (0 <= k <= phases()): ceil(candidates / 2^k), 1 in the last.
  int kept(int k) const;
  /// Visits of each candidate in phase `k` < phases(); for k == phases(), the playouts the
  /// halving phases leave (0 when the minimum of one visit each overspends the budget).
  int visits(int k) const;

 private:
  int candidates_, budget_, phases_;
};

/// The completed Q of every root edge (edge order), for the root's side to move: a visited
/// child's mean value, a proven child's exact value, an unvisited child's mixed value
/// (mixedValue); a proven draw is worth `draw` (Tree::drawUtility for the root's side).
std::vector<float> completedQ(const Node& root, float draw = 0.f);

/// The paper's v_mix: (v_net + (sum N) / (sum_{N>0} prior) * sum_{N>0} prior * q) /
/// (1 + sum N), v_net the root's evaluation (Node::netValue).
/// A proven draw among the children is worth `draw`.
float mixedValue(const Node& root, float draw = 0.f);

/// sigma(completed Q) per root edge: (cVisit + max N) * cScale * q, with q rescaled to
/// [0, 1] by min-max over the root's children when `rescale` (the paper), else mapped from
/// the value range [-1, 1]. Min-max brings out small differences (every move of a side
/// that is losing anyway) but also stretches the noise of near-equal values. A proven
/// draw is worth `draw`.
std::vector<float> sigmaQ(const Node& root, float cVisit, float cScale, bool rescale, float draw = 0.f);

/// The improved policy softmax(log prior + sigmaQ) over the root's edges (sums to 1).
std::vector<float> improvedPolicy(const Node& root, float cVisit, float cScale, bool rescale, float draw = 0.f);

/// The Gumbel state of one root: its noise, its candidates and the halving in progress.
/// next() and giveBack() are thread-safe; the rest runs while no playout does.
class GumbelRoot {
 public:
  /// Starts on `root` (expanded, every edge with a child): g(a) ~ Gumbel(0, 1) per edge
  /// from `rng` when `noise`, else 0; the candidates are the top min(m, edges) edges by
  /// g + log prior, those not proven lost first; plans `budget` playouts over them. A
  /// proven draw is worth `draw` to the root's side (Tree::drawUtility).
  void start(const Node& root, const SearchOptions& options, float draw, bool noise, std::mt19937_64& rng,
             int budget);
  /// Plans a further search of `budget` playouts over the first candidates, same noise.
  void restart(const Node& root, int budget);
  /// The root edge of the next playout (round-robin over the phase's candidates), or
  /// nullptr while the phase's playouts are all handed out and some are unfinished.
  Edge* next(const Node& root);
  /// Takes back the playout next() handed out for `edge` (it collided below the root).
  void giveBack(const Node& root, const Edge& edge);
  /// The improved policy over the root's edges (improvedPolicy with this search's constants).
  std::vector<float> policy(const Node& root) const;
  /// The edge to play: the best by g + log prior + sigma among the remaining candidates
  /// not proven lost; else among all edges not proven lost; else among all edges.
  const Edge& choice(const Node& root) const;
  /// The candidates still in the halving, as edge indices, best first after a halving.
  const std::vector<int>& remaining() const { return alive_; }
  /// The current phase (HalvingPlan numbering).
  int phase() const { return phase_; }

 private:
  // g + log prior + sigma of every edge.
  std::vector<float> scores(const Node& root) const;
  // Keeps the best half of the candidates by score and starts the next phase.
  void halve(const Node& root);
  // Drops the candidates proven lost while one that is not remains.
  void dropLost(const Node& root);
  // Starts the current phase: nothing handed out, visits counted from now.
  void beginPhase(const Node& root);
  // Whether every playout handed out in this phase has been backed up.
  bool phaseFinished(const Node& root) const;

  float draw_ = 0.f;  // utility of a proven draw for the root's side
  float cVisit_ = 50.f, cScale_ = 0.1f;
  bool rescale_ = true;
  std::vector<float> g_;         // Gumbel noise per edge
  std::vector<int> first_;       // the candidates at the start
  std::vector<int> alive_;       // the candidates of the current phase
  std::vector<int> handedOut_;   // playouts handed out per candidate in this phase
  std::vector<int> base_;        // child visits of each candidate when the phase began
  int handedTotal_ = 0;          // playouts handed out in this phase
  int quota_ = 0;                // playouts of this phase (unbounded in the last)
  HalvingPlan plan_;
  int phase_ = 0;
  std::mutex mutex_;
};

}  // namespace tz::mcts
