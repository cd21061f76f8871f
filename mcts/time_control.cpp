#include "mcts/time_control.h"

#include <algorithm>

namespace tz {

using mcts::Proven;

namespace {

// The value of a root child for the root's side to move: exact when proven.
float childValue(const mcts::Node& child) {
  const Proven r = child.result();
  return r != Proven::kUnknown ? mcts::provenValue(r) : child.q();
}

}  // namespace

RootShape rootShape(const mcts::Node& root) {
  RootShape shape;
  const mcts::Node* best = nullptr;
  for (int i = 0; i < root.numEdges; ++i) {
    const mcts::Edge& e = root.edges[i];
    if (mcts::edgeResult(e) != Proven::kLoss) ++shape.moves;
    const mcts::Node* child = e.node();
    const int visits = child ? child->n() : 0;
    shape.childVisits += visits;
    if (visits > shape.bestVisits) {
      shape.secondVisits = shape.bestVisits;
      shape.bestVisits = visits;
      best = child;
    } else if (visits > shape.secondVisits) {
      shape.secondVisits = visits;
    }
  }
  if (!best) return shape;
  const float bestValue = childValue(*best);
  for (int i = 0; i < root.numEdges; ++i) {
    const mcts::Node* child = root.edges[i].node();
    if (!child || child == best || 4 * child->n() < shape.bestVisits || child->n() == 0) continue;
    if (childValue(*child) > bestValue) shape.valueDisagrees = true;
  }
  return shape;
}

bool timeToStop(const MoveTime& time, double elapsedMs, int simulations, const RootShape& root,
                const TimeRule& rule) {
  if (elapsedMs >= time.limitMs) return true;
  if (root.moves <= 1) return true;  // nothing to choose (a root with every move lost is proven)
  const bool unsure = root.childVisits > 0 &&
                      (root.bestVisits < rule.unsureShare * root.childVisits || root.valueDisagrees);
  const double horizonMs = unsure ? time.limitMs : std::min(time.plannedMs, time.limitMs);
  if (elapsedMs >= horizonMs) return true;
  if (!time.banked || elapsedMs < rule.pruneAfter * time.plannedMs || simulations <= 0 || elapsedMs <= 0) return false;
  const double left = double(simulations) / elapsedMs * (horizonMs - elapsedMs);
  return double(root.bestVisits - root.secondVisits) > left;
}

ElapsedMs wallClockFromNow() {
  const SearchClock::time_point start = SearchClock::now();
  return [start] { return std::chrono::duration<double, std::milli>(SearchClock::now() - start).count(); };
}

}  // namespace tz
