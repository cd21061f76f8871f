#pragma once
// Optional game knowledge a family offers generic code: a playout policy for pure MCTS,
// a tree walker with a static evaluation for the baseline players, a board drawing for
// reports, and solved endgame tables. Generic code asks Game::expertise() (or State::expertise()) and falls back to
// game-blind behaviour where the game offers nothing.
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "game/endgame_tables.h"
#include "game/game.h"

namespace tz {

/// Playouts and priors of pure MCTS for one game: working space of one thread.
class PlayoutPolicy {
 public:
  virtual ~PlayoutPolicy() = default;
  /// Plays `state` (an ongoing game) out to its end, drawing from `rng`. Returns the
  /// winner (0 or 1), or -1 for a draw. The same state and generator give the same result.
  virtual int playOut(const State& state, std::mt19937_64& rng) = 0;
  /// Writes a positive weight (unnormalised prior) for each of the `count` legal actions
  /// `legal` of `state` (an ongoing game) to `weights`.
  virtual void weights(const State& state, const Action* legal, int count, float* weights) = 0;
};

/// A game tree walked by play and undo, with a static evaluation: what the greedy and
/// alpha-beta players search. Moves are small codes below codeSpace(), in a fixed order.
class TreeWalker {
 public:
  virtual ~TreeWalker() = default;
  /// Side to move.
  virtual int toMove() const = 0;
  /// Result so far.
  virtual const Outcome& outcome() const = 0;
  /// Position hash.
  virtual uint64_t hash() const = 0;
  /// Fills `out` with the codes of the legal moves (empty once the game is over).
  virtual void generate(std::vector<uint32_t>& out) const = 0;
  /// Plays a legal move.
  virtual void play(uint32_t move) = 0;
  /// Takes back the last move played.
  virtual void undo() = 0;
  /// Material of `side` minus the other side's (100 a pawn-like piece; 0 where unknown).
  virtual int material(int side) const = 0;
  /// Heuristic value of an ongoing position for the side to move.
  virtual int evaluate() const = 0;
  /// The game action of a move.
  virtual Action action(uint32_t move) const = 0;
  /// Number of distinct move codes.
  virtual int codeSpace() const = 0;
};

/// A point of a board drawing where a piece may stand.
struct BoardPoint {
  std::string name;  // its name in action names ("e5")
  double x = 0;      // centre from the left, in drawing units (a square or grid step is 1)
  double y = 0;      // centre from the top, in drawing units
};

/// How a board looks without its pieces.
struct BoardDrawing {
  double width = 0;                // drawing size in units; 0: the game has no drawing
  double height = 0;               // drawing size in units
  std::string background;          // SVG elements in drawing units, drawn under the pieces
  std::vector<BoardPoint> points;  // where pieces stand
};

/// A piece of a position, for drawing.
struct DrawnPiece {
  int point = 0;      // index into BoardDrawing::points
  std::string kind;   // "dark", "light" or "gold"
  std::string label;  // drawn on the piece ("K"); may be empty
};

/// A position, for drawing on its BoardDrawing.
struct DrawnPosition {
  std::vector<DrawnPiece> pieces;  // the pieces on the board
  std::string caption;             // what the board does not show (pieces in hand); may be empty
};

/// The optional knowledge of one game variant; every member has a game-blind default.
class GameExpertise {
 public:
  virtual ~GameExpertise() = default;
  /// A playout policy (one per thread), or nullptr for uniformly random playouts.
  virtual std::unique_ptr<PlayoutPolicy> newPlayoutPolicy() const { return nullptr; }
  /// A tree walker starting at `state` (of this game), or nullptr to walk through the
  /// State interface with mobility as the only evaluation.
  virtual std::unique_ptr<TreeWalker> newTreeWalker(const State& state) const {
    (void)state;
    return nullptr;
  }
  /// How to draw the board; a width of 0 when the game offers no drawing.
  virtual BoardDrawing boardDrawing() const { return {}; }
  /// The pieces of `state` (of this game) on the points of boardDrawing().
  virtual DrawnPosition drawnPosition(const State& state) const {
    (void)state;
    return {};
  }
  /// The endgame tables in folder `dir` for `game` (a variant of this family), or nullptr
  /// when the family has none. Throws Error when the folder holds no usable tables.
  virtual std::unique_ptr<EndgameTables> openEndgameTables(const Game& game, const std::string& dir) const {
    (void)game;
    (void)dir;
    return nullptr;
  }
};

}  // namespace tz
