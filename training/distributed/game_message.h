#pragma once
// A finished self-play game with its training positions as one message (MessagePack):
// what an actor sends to the learner. No LibTorch here.
#include <string>
#include <utility>
#include <vector>

#include "training/matches/records.h"

namespace tz {

/// The bytes of a game and its positions (the record's id, tag, round and time are the
/// learner's to set and are not sent).
std::string encodeGame(const GameRecord& record, const std::vector<PositionRecord>& positions);

/// The game and positions of encodeGame's bytes; throws Error when they are not one.
std::pair<GameRecord, std::vector<PositionRecord>> decodeGame(const std::string& bytes);

}  // namespace tz
