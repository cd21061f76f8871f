#pragma once
// Sample games in the report: stored games replayed into the position record after every
// action, embedded as JSON, and drawn as boards by a small inline script that a reader
// steps through (buttons, slider, arrow keys, or a click on a move).
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game/game.h"
#include "training/matches/records.h"

namespace tz {

/// A stored game as the viewer's JSON (title, board size, special squares, the position
/// record before the first and after every action, the moves, the result), or nothing
/// when the record does not replay on `game` (other rules, or an illegal action).
std::optional<nlohmann::json> viewerGame(const Game& game, const GameRecord& record, const std::string& title);

/// The viewer's HTML: a game chooser, the board, step controls and the move list, with the
/// games embedded as JSON and the drawing script inline.
std::string gameViewerHtml(const std::vector<nlohmann::json>& games);

}  // namespace tz
