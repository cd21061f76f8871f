#pragma once
// Timed searches: how long one move may think (a planned time and a hard limit), and the
// rule that, on a game clock, stops a search before the plan when no other move can
// overtake the most visited one in the time left (lc0's "smart pruning"), or lets it run
// on past the plan up to the limit while the root is unsure. The rule is a pure function of the elapsed time,
// the playouts done and the root's visits, so that it is tested without a clock.
#include <chrono>
#include <functional>

#include "mcts/node.h"

namespace tz {

/// The clock of timed searches.
using SearchClock = std::chrono::steady_clock;

/// The simulation cap of a timed search when the user sets none: beyond any clock used here,
/// so that the time decides (and the tree's memory budget).
constexpr int kTimedSimulationCap = 100000000;

/// The time one move may take, in milliseconds from the start of its search.
struct MoveTime {
  double plannedMs = 0;  // what a move takes unless it is decided sooner or the root is unsure
  double limitMs = 0;    // never passed; an unsure root searches until here (at least plannedMs)
  bool banked = false;   // time a move leaves is kept for later ones (a game clock): a decided search stops early
};

/// What the stop rule reads of the root.
struct RootShape {
  int moves = 0;                // children not proven lost (the moves still worth playing)
  int bestVisits = 0;           // visits of the most visited child
  int secondVisits = 0;         // visits of the next most visited child
  int childVisits = 0;          // visits of all children together
  bool valueDisagrees = false;  // a child with at least a quarter of the best's visits has a better value
};

/// Reads the shape of `root` (expanded; playouts may run meanwhile) for its side to move.
RootShape rootShape(const mcts::Node& root);

/// Settings of the stop rule.
struct TimeRule {
  double unsureShare = 0.5;  // the root is unsure while its most visited child has less than this share of the visits
  double pruneAfter = 0.05;  // no early stop before this share of the planned time (the rate is still a guess)
};

/// Whether a timed search `elapsedMs` into `time`, having run `simulations` playouts, stops
/// now: at the limit; at the planned time unless the root is unsure (its best move's share
/// of visits below rule.unsureShare, or a well visited move valued above it), then at the
/// limit; before that once a single move is left, or, when the time is banked, once the
/// runner-up cannot reach the best move's visits at the measured rate in the time the
/// search still has. Unbanked time (a per-move limit) is lost when not spent, and more
/// search still grows the subtree the next move keeps, so it is spent.
bool timeToStop(const MoveTime& time, double elapsedMs, int simulations, const RootShape& root,
                const TimeRule& rule = TimeRule());

/// Milliseconds elapsed since the search started; a test may count instead of timing.
using ElapsedMs = std::function<double()>;

/// The wall clock from now on, as an ElapsedMs.
ElapsedMs wallClockFromNow();

}  // namespace tz
