#pragma once
// The interface every game of the framework implements: search, networks, training and
// the command line talk to games only through Game and State.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tz {

class GameExpertise;

/// Index into a game's fixed action space (what the policy network outputs).
using Action = int32_t;

/// Why a game ended: its lowercase name, as written in records and JSON ("escape", ...).
/// The reasons any game may end by are in `end_reason` below; each family names its own
/// beside its rules (tafl::end_reason, ...), so a new game adds no line to a shared list.
using EndReason = std::string_view;

/// The reasons any game may end by.
namespace end_reason {
inline constexpr EndReason kNone = "none";              // still being played
inline constexpr EndReason kRepetition = "repetition";  // a repeated position, scored by the rules
inline constexpr EndReason kNoMoves = "no_moves";       // the side to move has no legal move and loses
inline constexpr EndReason kPlyLimit = "ply_limit";     // the ply limit was reached: draw
inline constexpr EndReason kTablebase = "tablebase";    // adjudicated by solved endgame tables (self-play)
}  // namespace end_reason

/// The result of a game so far.
struct Outcome {
  bool over = false;                    // the game has ended
  int winner = -1;                      // side 0 or 1 that won; -1 for a draw or ongoing
  EndReason reason = end_reason::kNone;  // why it ended
};

/// Shape of the input tensor a state encodes into: planes x height x width floats.
struct TensorShape {
  int planes = 0;  // number of feature planes
  int height = 0;  // rows of each plane
  int width = 0;   // columns of each plane
  /// Number of floats in one encoded state.
  int size() const { return planes * height * width; }
};

/// A game position with its history, as far as the rules need it. A state refers to its
/// Game's tables: the Game must outlive every state made from it.
class State {
 public:
  virtual ~State() = default;

  /// An independent copy.
  virtual std::unique_ptr<State> clone() const = 0;
  /// Becomes a copy of `other` (a state of the same game), reusing storage.
  virtual void copyFrom(const State& other) = 0;

  /// Side to act next: 0 or 1 (tafl: 0 attackers, 1 defenders; morris: 0 white, 1 black).
  virtual int toMove() const = 0;
  /// Whether and how the game has ended.
  virtual const Outcome& outcome() const = 0;
  /// Plies (actions) played since the position the state started from.
  virtual int ply() const = 0;
  /// Hash of the position (board, side to move and whatever else the rules compare).
  virtual uint64_t hash() const = 0;

  /// Appends the legal actions to `out` (cleared first); empty once the game is over.
  virtual void legalActions(std::vector<Action>& out) const = 0;
  /// Plays a legal action. The same side may act again (morris removals).
  virtual void apply(Action action) = 0;
  /// The notation of a legal action in this position.
  virtual std::string actionName(Action action) const = 0;
  /// Writes the network input planes (Game::inputShape()) to `planes`.
  virtual void encode(float* planes) const = 0;

  /// Every legal whole turn in notation (a turn may be several actions).
  virtual std::vector<std::string> legalTurns() const = 0;
  /// Plays one whole turn given in notation; throws RuleError naming the move and position.
  virtual void playTurn(const std::string& notation) = 0;
  /// Number of leaf nodes of the legal-turn tree of the given depth.
  virtual uint64_t perft(int depth) const = 0;
  /// Each legal turn with the perft count of depth-1 below it.
  virtual std::vector<std::pair<std::string, uint64_t>> divide(int depth) const = 0;

  /// Position record in the game's notation (tafl: the board only; see sideName for the side).
  virtual std::string record() const = 0;
  /// A readable multi-line drawing of the board.
  virtual std::string diagram() const = 0;

  /// The optional knowledge of the state's game (game/expertise.h), nullptr when none.
  virtual const GameExpertise* expertise() const { return nullptr; }
};

/// A variant of a game: its rules, its encoding and action space, and its symmetries.
class Game {
 public:
  virtual ~Game() = default;

  /// Variant name (e.g. "linnaeus").
  virtual const std::string& name() const = 0;
  /// Game family, the name it is registered under ("tafl", "morris", "tictactoe").
  virtual std::string family() const = 0;
  /// Name of a side: "attackers"/"defenders" or "white"/"black".
  virtual std::string sideName(int side) const = 0;
  /// Side index for a name; throws Error for an unknown name.
  virtual int sideFromName(const std::string& name) const = 0;

  /// The start position.
  virtual std::unique_ptr<State> newGame() const = 0;
  /// A position from a record; the side to move may be empty where the record names it.
  /// Its ply count and repetition history start at zero. Throws Error when malformed.
  virtual std::unique_ptr<State> fromRecord(const std::string& record,
                                            const std::string& toMove) const = 0;

  /// Shape of the network input.
  virtual TensorShape inputShape() const = 0;
  /// Size of the action space (policy output length).
  virtual int numActions() const = 0;
  /// Policy output as planes x height x width (planes * height * width == numActions()).
  virtual TensorShape policyShape() const = 0;

  /// Number of board symmetries valid for this variant (1 = identity only).
  virtual int numSymmetries() const = 0;
  /// For symmetry s: cell i of an input plane moves to cell map[i] (height*width entries).
  virtual const std::vector<int>& cellMap(int s) const = 0;
  /// For symmetry s: action a becomes action map[a] (numActions() entries; -1 if none).
  virtual const std::vector<int>& actionMap(int s) const = 0;

  /// The resolved rule values as YAML text (checkpoint metadata, export sidecars).
  virtual std::string rulesYaml() const = 0;
  /// A JSON object describing the input planes and the action encoding for other engines.
  virtual std::string encodingJson() const = 0;

  /// The optional knowledge of this game (game/expertise.h), nullptr when none.
  virtual const GameExpertise* expertise() const { return nullptr; }
};

}  // namespace tz
