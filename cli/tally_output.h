#pragma once
// A player's results as printed by the commands that tally games (arena, records check).
#include <nlohmann/json.hpp>

#include <string>

#include "training/matches/arena.h"

namespace tz::cli {

/// Games, wins, draws, losses, and where there are games the score with its 95% interval and
/// the win rate with its interval.
nlohmann::json tallyJson(const Tally& t);

/// One table row: `label`, games, wins, draws, losses and the score with its 95% interval
/// ("no games" where there are none).
std::string tallyLine(const std::string& label, const Tally& t);

/// The header of tallyLine's rows.
std::string tallyHeader(const std::string& label);

}  // namespace tz::cli
