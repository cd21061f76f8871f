#pragma once
// Fitting a move into the server's per-move timeout, without I/O: the time a move may
// take, and how many simulations fit in it for a player that cannot stop on time.
#include <cstdint>

namespace tz::cli::tablut {

/// Most simulations per move when the spec gives no `sims` (the time decides below it).
constexpr int kMaxSimulations = 1000000;

/// Milliseconds a move may take under a timeout of `timeoutSeconds`: the timeout less a
/// safety margin of a fifth, and at least one second (for latency and the server's polling).
/// Throws Error for a timeout under 2 seconds, which leaves no time to think, or over an hour.
int64_t moveBudgetMs(int timeoutSeconds);

/// The simulations per move of a search player, adjusted from its measured speed so that a
/// move takes about half the budget (a harder position may take twice as long as the last).
/// The count drops as soon as a search was too slow, and rises only when twice as many
/// would fit, so that the player is rarely rebuilt (losing its tree).
class SimsGovernor {
 public:
  /// For moves of `budgetMs`, never more than `limit` simulations.
  SimsGovernor(int64_t budgetMs, int limit);
  /// The simulations for the next move.
  int sims() const { return sims_; }
  /// Learns from a search of `sims` simulations that took `ms` milliseconds.
  void record(int sims, double ms);
  /// Fits the next moves into `budgetMs` instead, at the speed last measured (a clock
  /// running down): the count drops at once when the last search would not fit.
  void setBudget(int64_t budgetMs);

 private:
  double targetMs_;
  int limit_;
  int sims_;
  int lastSims_ = 0;     // the last search measured (none yet: 0)
  double lastMs_ = 0.0;  // and how long it took
};

}  // namespace tz::cli::tablut
