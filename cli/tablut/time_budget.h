#pragma once
// Fitting a move into the server's per-move timeout, without I/O: the time a move may take.
#include <cstdint>

namespace tz::cli::tablut {

/// Milliseconds a move may take under a timeout of `timeoutSeconds`: the timeout less a
/// safety margin of a fifth, and at least one second (for latency and the server's polling).
/// Throws Error for a timeout under 2 seconds, which leaves no time to think, or over an hour.
int64_t moveBudgetMs(int timeoutSeconds);

}  // namespace tz::cli::tablut
