#pragma once
// The fast morris position: a 24-bit mask per side, pieces in hand, an incremental
// Zobrist hash, the repetition window, legal turn generation and every end-of-game rule
// of docs/MORRIS.md. No heap allocation per move: the history's capacity is reserved.
#include <cstdint>
#include <vector>

#include "game/game.h"
#include "game/morris/board.h"
#include "game/morris/notation.h"
#include "game/morris/rules.h"

namespace tz::morris {

/// The reasons only Morris games end by (the others are tz::end_reason).
namespace end_reason {
inline constexpr EndReason kTooFewPieces = "too_few_pieces";  // a side has fewer than three pieces
inline constexpr EndReason kNoRemoval = "no_removal";         // too many plies without a removal: draw
}  // namespace end_reason

/// A fixed-capacity list of turns: at most 64 moves (63 flights), each with at most 9
/// removals.
struct TurnList {
  static constexpr int kCapacity = 64 * kPieces;
  Turn turns[kCapacity];  // the turns
  int size = 0;           // how many are valid
  /// Appends a turn.
  void push(int from, int to, int remove) { turns[size++] = Turn{int8_t(from), int8_t(to), int8_t(remove)}; }
};

/// A morris position with everything the rules need to continue the game.
class Position {
 public:
  /// The start position of a variant (`rules` must outlive the position).
  explicit Position(const Rules& rules);
  /// A position from a record's contents; ply count and repetition history start at zero.
  Position(const Rules& rules, const Setup& setup);
  /// A copy with the history's full capacity, so that playing on allocates nothing.
  Position(const Position& other);
  /// Becomes a copy of `other`, reusing this position's history storage.
  Position& operator=(const Position& other) = default;

  /// Side to move (kWhite or kBlack); unchanged while its removal is pending.
  int toMove() const { return c_.side; }
  /// Result so far.
  const Outcome& outcome() const { return c_.outcome; }
  /// Actions (steps and removals) played since this position's start.
  int ply() const { return c_.actions; }
  /// Plies (whole turns) played in the game, as in the record; the ply limit counts these.
  int plies() const { return c_.plies; }
  /// Zobrist hash of (board, side to move, pieces in hand, removal pending).
  uint64_t hash() const { return c_.hash; }
  /// Points of a side.
  Mask pieces(int side) const { return c_.bb[side]; }
  /// The points no piece stands on.
  Mask empty() const { return kAllPoints & ~(c_.bb[0] | c_.bb[1]); }
  /// Pieces a side still has to place.
  int inHand(int side) const { return c_.hand[side]; }
  /// Whether the side to move has formed a mill and must now remove a piece.
  bool removalPending() const { return c_.pending; }
  /// Moving-phase plies since the last removal (or since this position's start).
  int pliesWithoutRemoval() const { return c_.noRemoval; }
  /// How many earlier positions in the repetition window equal this one.
  int repetitions() const;
  /// The variant's rules.
  const Rules& rules() const { return *rules_; }
  /// The record's contents.
  Setup setup() const;

  /// Whether `side` flies: flying is on and it has exactly three pieces and none in hand
  /// (docs/MORRIS.md 2.4, 5.13).
  bool mayFly(int side) const {
    return rules_->flying && c_.hand[side] == 0 && count(c_.bb[side]) == 3;
  }
  /// Opponent pieces the side to move may remove: those outside mills, or all if none is
  /// (docs/MORRIS.md 2.6).
  Mask removable() const;
  /// Whether placing (from < 0) or moving to `to` completes a mill of the side to move
  /// (docs/MORRIS.md 2.5, 5.6).
  bool formsMill(int from, int to) const;
  /// Whether that step earns a removal (a mill, and an opponent piece to remove:
  /// docs/MORRIS.md 5.5).
  bool earnsRemoval(int from, int to) const { return c_.bb[c_.side ^ 1] && formsMill(from, to); }
  /// Calls f(from, to) for each placement (from = -1) or move of the side to move,
  /// ignoring whether the game is over or a removal is pending.
  template <class F>
  void forEachStep(F&& f) const;

  /// Plays a legal placement or move; a mill leaves the same side to remove next.
  void step(int from, int to);
  /// Plays the pending removal of the opponent piece on `point`, ending the turn.
  void removePiece(int point);
  /// Plays a legal whole turn.
  void play(const Turn& turn);
  /// Fills `list` with the legal whole turns (none once the game is over).
  void generate(TurnList& list) const;
  /// Leaf count of the legal-turn tree of `depth` turns (bulk-counted at the last turn).
  uint64_t perft(int depth);
  /// Zobrist hash recomputed from scratch (for checking the incremental one).
  uint64_t computeHash() const;

 private:
  // Everything but the history: small enough to save whole for undo.
  struct Core {
    Mask bb[2] = {0, 0};
    int hand[2] = {kPieces, kPieces};
    int side = kWhite;
    bool pending = false;
    int plies = 0;
    int actions = 0;
    int noRemoval = 0;
    int historyStart = 0;
    uint64_t hash = 0;
    Outcome outcome;
  };

  // Switches sides after a turn, updates counters and history, and scores the result.
  void endTurn(bool placed, bool removed);
  // Sets the outcome for the side to move, checks in order (docs/MORRIS.md section 3).
  void score();
  // Whether the side to move has a placement or move.
  bool hasStep() const;
  // Number of legal turns (the perft leaves one turn deep).
  uint64_t countTurns() const;
  // Number of positions in the repetition window equal to `h`.
  int occurrences(uint64_t h) const;

  const Rules* rules_;
  Core c_;
  std::vector<uint64_t> history_;  // hashes after each turn (and the start), oldest first
};

template <class F>
void Position::forEachStep(F&& f) const {
  const Board& b = board();
  const int s = c_.side;
  const Mask empty = this->empty();
  if (c_.hand[s] > 0) {
    for (Mask e = empty; e; e &= e - 1) f(-1, lowest(e));
    return;
  }
  const bool fly = mayFly(s);
  for (Mask own = c_.bb[s]; own; own &= own - 1) {
    const int from = lowest(own);
    for (Mask to = fly ? empty : b.adjacent[from] & empty; to; to &= to - 1) f(from, lowest(to));
  }
}

}  // namespace tz::morris
