#include "cli/tablut/game_loop.h"

#include <chrono>

namespace tz::cli::tablut {

namespace {

using Clock = std::chrono::steady_clock;

// Milliseconds from `start` to now.
double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

bool playFrames(ClientSession& session, Turn side, const NextFrame& next, const SendFrame& send, MoveTimes& times) {
  std::optional<Clock::time_point> theirsSince;  // when the opponent's turn began, while it lasts
  while (!session.finished()) {
    const std::optional<std::string> frame = next();
    if (!frame) return false;
    const auto received = Clock::now();
    const auto move = session.onMessage(*frame);
    const bool theirTurn = !session.finished() && session.position().toMove() != sideToMove(side);
    if (theirsSince && !theirTurn) {
      times.theirs.push_back(std::chrono::duration<double, std::milli>(received - *theirsSince).count());
      theirsSince.reset();
    } else if (!theirsSince && theirTurn) {
      theirsSince = received;
    }
    if (move) {
      send(*move);
      times.ours.push_back(msSince(received));
    }
  }
  return true;
}

}  // namespace tz::cli::tablut
