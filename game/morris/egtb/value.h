#pragma once
// The value of a database position for the side to move (docs/EGTB.md 3): win, loss or
// draw and the distance to the end in plies under perfect play, stored in one byte.
#include <cstdint>

namespace tz::morris::egtb {

/// The game-theoretic result for the side to move.
enum class Result : uint8_t { kLoss, kDraw, kWin };

/// Longest distance a value byte holds.
constexpr int kMaxDistance = 254;

/// A result with its distance in plies (turns) to the end: the shortest win, the longest
/// loss; 0 for a draw.
struct Value {
  Result result = Result::kDraw;  // for the side to move
  int distance = 0;               // plies to the end of the game under perfect play

  /// Values compare by result and distance.
  bool operator==(const Value& o) const { return result == o.result && distance == o.distance; }
};

/// The byte of a value: 0 for a draw, else distance + 1. Wins end after the winner's own
/// turn, so their distances are odd and those of losses even: the byte need not say which.
inline uint8_t encode(const Value& v) { return v.result == Result::kDraw ? 0 : uint8_t(v.distance + 1); }
/// The value of a byte (the inverse of encode).
inline Value decode(uint8_t code) {
  if (code == 0) return {};
  const int d = code - 1;
  return {d % 2 ? Result::kWin : Result::kLoss, d};
}

/// The value for the player of a turn that leads to `child` (valued for the side to move
/// there, the opponent).
inline Value throughTurn(const Value& child) {
  if (child.result == Result::kDraw) return {};
  return {child.result == Result::kLoss ? Result::kWin : Result::kLoss, child.distance + 1};
}

/// Ordering for the side to move: quicker wins first, then draws, then slower losses.
inline int preference(const Value& v) {
  return v.result == Result::kWin ? 1000 - v.distance : v.result == Result::kLoss ? v.distance - 1000 : 0;
}

/// "win", "loss" or "draw".
inline const char* resultName(Result r) { return r == Result::kWin ? "win" : r == Result::kLoss ? "loss" : "draw"; }

}  // namespace tz::morris::egtb
