#pragma once
// The game clock of an OTEP `clock` message, and the time a move may take under it.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mcts/time_control.h"

namespace tz::cli::opentafl {

/// Both players' time, as a `clock` message gives it (attackers first).
struct OtepClock {
  std::array<int64_t, 2> ms{};          // main time left, or what is left of the current overtime period
  std::array<bool, 2> inOvertime{};     // whether `ms` is an overtime period's (written with '*')
  int64_t overtimeMs = 0;               // length of one overtime period
  std::array<int64_t, 2> overtimes{};   // overtime periods left
};

/// Reads the five fields of a clock message ("59592 60000 2 3 3", "1500* 60000 2 1 3").
/// Throws Error naming the field for anything else.
OtepClock parseClock(const std::vector<std::string>& fields);

/// Milliseconds `side` (0 attackers, 1 defenders) may spend on its next move: a share of
/// its main time, or half an overtime period once that is what it lives on, and never more
/// than half of what it has left; at least 1 ms and at most an hour.
int64_t moveBudgetMs(const OtepClock& clock, int side);

/// The time of `side`'s next move: moveBudgetMs planned, and a limit an unsure search may
/// run on to: three times the plan, never more than half of what it has left (in overtime,
/// the plan itself); banked, since what a move leaves stays on the clock.
MoveTime moveTime(const OtepClock& clock, int side);

}  // namespace tz::cli::opentafl
