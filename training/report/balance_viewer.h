#pragma once
// Sample games in the report: stored games replayed into the position record after every
// action, embedded as JSON, and drawn by a small inline script that a reader steps through
// (buttons, slider, arrow keys, or a click on a move). The script knows no game: each game's
// expertise supplies its board drawing and the pieces of each position; a game without one
// is shown as its position records.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game/game.h"
#include "training/matches/records.h"

namespace tz {

/// A stored game as the viewer's JSON (title, the position record before the first and
/// after every action, the moves, the result, and where the game draws its board, the
/// drawing and the pieces of every position), or nothing
/// when the record does not replay on `game` (other rules, or an illegal action).
std::optional<nlohmann::json> viewerGame(const Game& game, const GameRecord& record, const std::string& title);

/// The viewer's HTML: a game chooser, the board, step controls and the move list, with the
/// games embedded as JSON and the drawing script inline.
std::string gameViewerHtml(const std::vector<nlohmann::json>& games);

}  // namespace tz
