#include "cli/opentafl/otep_clock.h"

#include <algorithm>

#include "game/base/error.h"

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

// Whether `side` has overtime periods to come.
bool overtimeAhead(const OtepClock& clock, int side) { return clock.overtimes[side] > 0 && clock.overtimeMs > 0; }

// What `side` may spend in all before it loses on time: its time left, and the next
// overtime period while in main time.
int64_t availableMs(const OtepClock& clock, int side) {
  const bool nextPeriod = !clock.inOvertime[side] && overtimeAhead(clock, side);
  return clock.ms[side] + (nextPeriod ? clock.overtimeMs : 0);
}

// A move's milliseconds: at least 1 ms and at most an hour.
int64_t clampMs(int64_t ms) { return std::clamp<int64_t>(ms, 1, 3600 * 1000); }

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
  int64_t budget = clock.inOvertime[side] ? clock.ms[side] / 2 : clock.ms[side] / kMovesToPlan;
  if (!clock.inOvertime[side] && overtimeAhead(clock, side)) budget = std::max(budget, clock.overtimeMs / 2);
  return clampMs(std::min(budget, availableMs(clock, side) / 2) - kLatencyMs);
}

MoveTime moveTime(const OtepClock& clock, int side) {
  const int64_t planned = moveBudgetMs(clock, side);
  const int64_t limit = clock.inOvertime[side] ? planned : clampMs(std::min(3 * planned, availableMs(clock, side) / 2 - kLatencyMs));
  return MoveTime{double(planned), double(std::max(planned, limit)), true};
}

}  // namespace tz::cli::opentafl
