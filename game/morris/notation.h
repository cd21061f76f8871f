#pragma once
// Position records and turn notation of docs/MORRIS.md 1.3 and 1.4: reading them (with a
// one-line error saying what is wrong) and writing them.
#include <cstdint>
#include <string>

#include "game/morris/board.h"

namespace tz::morris {

/// The contents of a position record.
struct Setup {
  Mask pieces[2] = {0, 0};          // each side's points
  int hand[2] = {kPieces, kPieces};  // pieces each side still has to place
  int side = 0;                      // side to move (kWhite or kBlack)
  int plies = 0;                     // plies (turns) played in the game so far
  bool pending = false;              // the side to move has formed a mill and must now remove
};

/// A whole turn: a placement (from < 0) or a move, with the removal it earns (remove < 0:
/// none). Where a removal is already pending the turn is the removal alone (to < 0).
struct Turn {
  int8_t from = -1;    // point left, or -1 for a placement
  int8_t to = -1;      // point reached, or -1 for a lone removal
  int8_t remove = -1;  // opponent point removed, or -1
};

/// Parses a record "<24 x W|B|.> <white|black> <in hand W> <in hand B> <plies> [remove]".
/// The optional fifth field marks a pending removal (a state between a mill-forming move
/// and its removal, which only the action interface can reach). Throws Error naming the
/// record and what is inconsistent.
Setup parseRecord(const std::string& record);
/// Writes a record in the same form.
std::string writeRecord(const Setup& setup);

/// Notation of a turn: "d2", "d2-d3", "d2xa1", "d2-d3xa1", or "xa1" for a lone removal.
std::string turnName(const Turn& turn);
/// Reads a turn's notation; throws RuleError when it is malformed (legality is not checked).
Turn parseTurn(const std::string& notation);

}  // namespace tz::morris
