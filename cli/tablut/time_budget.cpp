#include "cli/tablut/time_budget.h"

#include <algorithm>
#include <string>

#include "game/error.h"

namespace tz::cli::tablut {

int64_t moveBudgetMs(int timeoutSeconds) {
  if (timeoutSeconds < 2 || timeoutSeconds > 3600) {
    throw Error("timeout of " + std::to_string(timeoutSeconds) + " s: expected 2 to 3600 seconds per move");
  }
  const int64_t timeoutMs = int64_t(timeoutSeconds) * 1000;
  return timeoutMs - std::max<int64_t>(1000, timeoutMs / 5);
}

SimsGovernor::SimsGovernor(int64_t budgetMs, int limit)
    : targetMs_(double(budgetMs) / 2), limit_(std::max(1, limit)), sims_(limit_) {}

void SimsGovernor::record(int sims, double ms) {
  lastSims_ = sims;
  lastMs_ = ms;
  const double fitting = double(sims) * targetMs_ / std::max(ms, 1.0);
  const int estimate = int(std::clamp(fitting, 1.0, double(limit_)));
  if (estimate < sims_ || estimate >= 2 * double(sims_)) sims_ = estimate;
}

void SimsGovernor::setBudget(int64_t budgetMs) {
  targetMs_ = double(budgetMs) / 2;
  if (lastSims_ > 0) record(lastSims_, lastMs_);
}

}  // namespace tz::cli::tablut
