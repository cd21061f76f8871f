#pragma once
// The fast tafl position: mailbox board with a sentinel border, incremental Zobrist hash,
// repetition history, legal-move generation, captures and every end-of-game rule.
// No heap allocation per move: the history's capacity is reserved up front.
#include <cstdint>
#include <string>
#include <vector>

#include "game/game.h"
#include "game/tafl/edge_rules.h"
#include "game/tafl/topology.h"

namespace tz::tafl {

/// The reasons only tafl games end by (the others are tz::end_reason).
namespace end_reason {
inline constexpr EndReason kEscape = "escape";              // the king reached an escape square
inline constexpr EndReason kKingCaptured = "king_captured";  // the king was captured
inline constexpr EndReason kEncirclement = "encirclement";   // every defender is enclosed
inline constexpr EndReason kEdgeFort = "edge_fort";          // the king holds an unbreakable edge fort
}  // namespace end_reason

/// A move between two padded cells.
struct Move {
  uint16_t from = 0;  // padded cell the piece leaves
  uint16_t to = 0;    // padded cell it ends on
};

/// A fixed-capacity move list (each empty square is reached from at most 4 directions).
struct MoveList {
  static constexpr int kCapacity = 4 * 19 * 19;
  Move moves[kCapacity];  // the moves
  int size = 0;           // how many are valid
  /// Appends a move.
  void push(int from, int to) { moves[size++] = Move{uint16_t(from), uint16_t(to)}; }
};

/// What play() changed, so that undo() can restore the position exactly.
struct Undo {
  Move move;              // the move played
  uint8_t piece = 0;      // the piece that moved
  uint8_t captures = 0;   // number of captured pieces
  uint16_t captured[kMaxCaptures];  // their cells (the first `captures`)
  uint8_t capturedPiece[kMaxCaptures];  // their kinds
  uint64_t hash = 0;      // hash before the move
  Outcome outcome;        // outcome before the move
  int historyStart = 0;   // repetition window before the move
  int kingCell = 0;       // king's cell before the move
};

/// A tafl position with everything the rules need to continue the game.
class Position {
 public:
  /// The variant's start position.
  explicit Position(const Topology& topology);
  /// A position from a record with `side` to move; ply and history start at zero, and it
  /// is scored at once for an escape and for no legal move (docs/RULES.md 8.16).
  Position(const Topology& topology, const std::vector<uint8_t>& plainCells, int side);
  /// Copies play on exactly as the original would; only the repetition window since the
  /// last capture is copied, as nothing before it can recur.
  Position(const Position& other) : topo_(other.topo_) { *this = other; }
  /// Becomes a copy of `other`, reusing the history's storage (no allocation once warm).
  Position& operator=(const Position& other);

  /// Side to move (kAttackers or kDefenders).
  int toMove() const { return side_; }
  /// Result so far.
  const Outcome& outcome() const { return outcome_; }
  /// Plies played since this position's start.
  int ply() const { return ply_; }
  /// Zobrist hash of (board, side to move).
  uint64_t hash() const { return hash_; }
  /// Contents of a padded cell.
  uint8_t at(int cell) const { return cells_[cell]; }
  /// Padded cell of the king, or -1 when there is none.
  int kingCell() const { return king_; }
  /// The variant's tables.
  const Topology& topology() const { return *topo_; }
  /// How many earlier positions in the repetition window equal this one.
  int repetitions() const;

  /// Fills `list` with the legal moves (none once the game is over).
  void generate(MoveList& list) const;
  /// Calls sink(from, to, direction, distance) for every legal move, whether or not the
  /// game is over, until the sink returns true; returns whether a sink stopped it.
  template <class Sink>
  bool forEachMove(Sink&& sink) const;
  /// Whether the side to move has a legal move (ignoring whether the game is over).
  bool hasLegalMove() const;
  /// Plays a legal move and scores the result; fills `undo` when given.
  void play(Move move, Undo* undo = nullptr);
  /// Takes back the move recorded in `undo` (the last one played).
  void undo(const Undo& undo);

  /// Leaf count of the legal-move tree of `depth` plies (bulk-counted at the last ply).
  uint64_t perft(int depth);
  /// Number of distinct directions in which the king could reach an escape square now.
  int kingEscapeLines() const;
  /// Position record of the board.
  std::string record() const;
  /// Zobrist hash recomputed from scratch (for checking the incremental one).
  uint64_t computeHash() const;

 private:
  // Moves a piece, removes what it captures, updates the hash; returns king captured.
  bool movePiece(Move move, Undo& u);
  // Whether the move would create a position forbidden by the repetition rule.
  bool forbidden(int from, int to) const;
  // Whether the attackers have enclosed every defender and the king (docs/RULES.md 6.3,
  // 8.21).
  bool enclosed() const;
  // Scores the position after a move by `mover`, in order (docs/RULES.md section 6).
  void score(int mover, uint8_t piece, bool kingCaptured);
  // Number of positions in the window equal to `h`.
  int occurrences(uint64_t h) const;

  const Topology* topo_;
  uint8_t cells_[kMaxCells];
  int side_ = 0;
  int ply_ = 0;
  int king_ = -1;
  uint64_t hash_ = 0;
  Outcome outcome_;
  std::vector<uint64_t> history_;  // hashes of positions played (with the start if counted)
  int historyStart_ = 0;           // first entry of the repetition window (since last capture)
};

template <class Sink>
bool Position::forEachMove(Sink&& sink) const {
  const Topology& t = *topo_;
  const bool forbid = t.rules.repetition == Repetition::kForbidden;
  const uint8_t ownA = side_ == kAttackers ? kAttacker : kDefender;
  const uint8_t ownB = side_ == kAttackers ? kAttacker : kKing;
  for (int rank = 0; rank < t.size; ++rank) {
    const int rowStart = (rank + 1) * t.stride + 1;
    for (int cell = rowStart; cell < rowStart + t.size; ++cell) {
      const uint8_t piece = cells_[cell];
      if (piece != ownA && piece != ownB) continue;
      const uint8_t* allow = t.allow[t.moverClass(piece, cell)].data();
      for (int dir = 0; dir < 4; ++dir) {
        const int d = t.step[dir];
        int dist = 1;
        for (int to = cell + d; cells_[to] == kEmpty; to += d, ++dist) {
          const uint8_t a = allow[to];
          if ((a & kMayStop) && !(forbid && forbidden(cell, to)) && sink(cell, to, dir, dist)) return true;
          if (!(a & kMayPass)) break;
        }
      }
    }
  }
  return false;
}

}  // namespace tz::tafl
