#include "cli/opentafl/otep_clock.h"

#include <algorithm>

#include "game/error.h"

namespace tz::cli::opentafl {

namespace {

// Share of the main time one move may take: a tafl game lasts some dozens of moves a side.
constexpr int64_t kMovesToPlan = 25;
// Margin kept for the pipes and the host's bookkeeping.
constexpr int64_t kLatencyMs = 50;

// A non-negative count of at most 12 digits, or Error naming the field.
int64_t count(const std::string& text, const char* field) {
  if (text.empty() || text.size() > 12 || text.find_first_not_of("0123456789") != std::string::npos) {
    throw Error(std::string("clock: ") + field + " " + quoted(text) + " is not a number");
  }
  return std::stoll(text);
}

}  // namespace

OtepClock parseClock(const std::vector<std::string>& fields) {
  if (fields.size() != 5) {
    throw Error("clock: expected 5 fields (attacker-ms defender-ms overtime-s attacker-overtimes defender-overtimes), got " +
                std::to_string(fields.size()));
  }
  OtepClock clock;
  for (int side = 0; side < 2; ++side) {
    std::string ms = fields[side];
    clock.inOvertime[side] = !ms.empty() && ms.back() == '*';
    if (clock.inOvertime[side]) ms.pop_back();
    clock.ms[side] = count(ms, side == 0 ? "attacker-millis" : "defender-millis");
    clock.overtimes[side] = count(fields[3 + side], side == 0 ? "attacker-overtimes" : "defender-overtimes");
  }
  clock.overtimeMs = count(fields[2], "overtime-seconds") * 1000;
  return clock;
}

int64_t moveBudgetMs(const OtepClock& clock, int side) {
  const int64_t left = clock.ms[side];
  const bool overtimeAhead = clock.overtimes[side] > 0 && clock.overtimeMs > 0;
  int64_t budget;
  int64_t available = left;
  if (clock.inOvertime[side]) {
    budget = left / 2;
  } else {
    budget = left / kMovesToPlan;
    if (overtimeAhead) {
      budget = std::max(budget, clock.overtimeMs / 2);
      available += clock.overtimeMs;
    }
  }
  budget = std::min(budget, available / 2) - kLatencyMs;
  return std::clamp<int64_t>(budget, 1, 3600 * 1000);
}

}  // namespace tz::cli::opentafl
