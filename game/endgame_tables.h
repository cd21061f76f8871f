#pragma once
// Solved endgame tables, as generic code sees them (optional game expertise, see
// GameExpertise::openEndgameTables): the value of a covered position under perfect play,
// the value of each of its turns, and positions drawn from the tables' classes. Turns are
// named in the game's turn notation (State::legalTurns), so that a turn of several
// actions (a morris move and its removal) is one turn.
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "game/game.h"

namespace tz {

/// The game-theoretic result for the side to move; indexes per-result counts.
enum class EndgameResult { kLoss = 0, kDraw = 1, kWin = 2 };

/// "win", "loss" or "draw".
inline const char* endgameResultName(EndgameResult r) {
  return r == EndgameResult::kWin ? "win" : r == EndgameResult::kLoss ? "loss" : "draw";
}

/// A result and its distance to the end in plies under perfect play (the shortest win, the
/// longest loss; 0 for a draw).
struct EndgameValue {
  EndgameResult result = EndgameResult::kDraw;  // for the side to move (or the side playing a turn)
  int distance = 0;                              // plies to the end
};

/// One legal turn of a probed position and its value for the side that plays it.
struct EndgameTurn {
  std::string turn;    // in the game's turn notation
  EndgameValue value;  // for the side playing it
};

/// What the tables say about one position.
struct EndgameProbe {
  std::string positionClass;       // the class the position belongs to ("3v4")
  EndgameValue value;              // for the side to move
  std::vector<EndgameTurn> turns;  // every legal turn
  std::vector<std::string> best;   // the turns that keep `value` (the quickest win, the longest loss, a draw)
};

/// A folder of solved tables for one game variant.
class EndgameTables {
 public:
  virtual ~EndgameTables() = default;
  /// The classes of positions the tables hold, in solving order.
  virtual std::vector<std::string> classes() const = 0;
  /// Why the tables cannot value `state` (empty when they can).
  virtual std::string whyNotCovered(const State& state) const = 0;
  /// Why the tables cannot value the positions of class `positionClass` and their turns
  /// (empty when they can; a name that is no class says so).
  virtual std::string whyClassNotCovered(const std::string& positionClass) const = 0;
  /// The value and turns of `state`; throws Error with whyNotCovered's reason, or when a
  /// table is damaged.
  virtual EndgameProbe probe(const State& state) = 0;
  /// The value of `state` for its side to move, or nothing where the tables do not value it;
  /// searches ask this of every leaf, so tables answer it without scoring the turns where they can.
  virtual std::optional<EndgameValue> valueOf(const State& state) {
    if (!whyNotCovered(state).empty()) return std::nullopt;
    return probe(state).value;
  }
  /// A position drawn uniformly from class `positionClass` with either side to move, redrawn
  /// until the side to move has a legal turn (the game's docs say how).
  virtual std::unique_ptr<State> drawPosition(const std::string& positionClass, std::mt19937_64& rng) = 0;
};

}  // namespace tz
