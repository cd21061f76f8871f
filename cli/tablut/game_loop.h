#pragma once
// The client's side of one game, between a byte stream and a ClientSession: frames in,
// moves out, until the final state or the end of the stream, timing each move of both
// players as the client sees them. Used by tablut-client and tablut-match.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/tablut/client_session.h"

namespace tz::cli::tablut {

/// The time each move took, in milliseconds, as seen by the client.
struct MoveTimes {
  std::vector<double> ours;    // from the state asking for our move to our move sent
  std::vector<double> theirs;  // from a state with the opponent to move to the next state
};

/// The payload of the server's next frame, nothing when the stream has ended. Throws Error
/// when the stream fails or holds no frame.
using NextFrame = std::function<std::optional<std::string>()>;

/// Sends a frame's payload to the server. Throws Error when the connection fails.
using SendFrame = std::function<void(const std::string& payload)>;

/// Plays `session` (whose player is `side`): reads frames with `next`, hands each to the
/// session and sends its moves with `send`, recording the times in `times`. Returns true
/// once the final state arrived, false when the stream ended before it (the server closes
/// the connection on a timeout). Errors of the stream and the session pass through.
bool playFrames(ClientSession& session, Turn side, const NextFrame& next, const SendFrame& send, MoveTimes& times);

}  // namespace tz::cli::tablut
