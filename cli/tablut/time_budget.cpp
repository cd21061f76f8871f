#include "cli/tablut/time_budget.h"

#include <algorithm>
#include <string>

#include "game/base/error.h"

namespace tz::cli::tablut {

int64_t moveBudgetMs(int timeoutSeconds) {
  if (timeoutSeconds < 2 || timeoutSeconds > 3600) {
    throw Error("timeout of " + std::to_string(timeoutSeconds) + " s: expected 2 to 3600 seconds per move");
  }
  const int64_t timeoutMs = int64_t(timeoutSeconds) * 1000;
  return timeoutMs - std::max<int64_t>(1000, timeoutMs / 5);
}

}  // namespace tz::cli::tablut
