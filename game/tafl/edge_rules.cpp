#include "game/tafl/edge_rules.h"

#include <algorithm>
#include <cstring>

namespace tz::tafl {

// A row of two or more enemy pieces along the edge next to the mover, each faced by a piece of
// the mover's side on the inward square, bracketed at the far end by such a piece or (with
// `shieldwall.corner_bracket`) an empty corner square (docs/RULES.md 4.5, 8.25-8.27).
int shieldwallCaptures(const Topology& t, const uint8_t* cells, int to, uint16_t* out, int n) {
  const bool takeAttackers = cells[to] != kAttacker;
  const bool kingArmed = t.rules.kingArmed;
  auto victim = [&](uint8_t c) { return takeAttackers ? c == kAttacker : c == kDefender || c == kKing; };
  auto partner = [&](uint8_t c) {
    return takeAttackers ? c == kDefender || (c == kKing && kingArmed) : c == kAttacker;
  };
  for (int dir = 0; dir < 4; ++dir) {
    const int along = t.step[dir];
    for (int turn : {1, 3}) {
      const int inward = t.step[(dir + turn) % 4];
      if (cells[to - inward] != kOff) continue;  // the row would not lie along this edge
      int end = to + along;
      int members = 0;
      for (; victim(cells[end]) && partner(cells[end + inward]); end += along) ++members;
      const bool corner = t.rules.shieldwallCorners && (t.flags[end] & kCorner) && cells[end] == kEmpty;
      if (members < 2 || !(partner(cells[end]) || corner)) continue;
      for (int c = to + along; c != end; c += along) {
        if (cells[c] != kKing && std::find(out, out + n, uint16_t(c)) == out + n) out[n++] = uint16_t(c);
      }
    }
  }
  return n;
}

namespace {

// The fort: the king's square and every empty square he reaches through empty squares.
// Fills `inside`; returns false when an attacker touches it (it is open to the attackers).
bool fillFort(const Topology& t, const uint8_t* cells, int king, uint8_t* inside) {
  uint16_t stack[kMaxCells];
  int top = 0;
  inside[king] = 1;
  stack[top++] = uint16_t(king);
  while (top > 0) {
    const int cell = stack[--top];
    for (int d : t.step) {
      const int next = cell + d;
      if (cells[next] == kAttacker) return false;
      if (cells[next] == kEmpty && !inside[next]) {
        inside[next] = 1;
        stack[top++] = uint16_t(next);
      }
    }
  }
  return true;
}

// Whether the king has a legal move (docs/RULES.md section 3).
bool kingCanMove(const Topology& t, const uint8_t* cells, int king) {
  const uint8_t* allow = t.allow[t.moverClass(kKing, king)].data();
  for (int d : t.step) {
    for (int to = king + d; cells[to] == kEmpty; to += d) {
      if (allow[to] & kMayStop) return true;
      if (!(allow[to] & kMayPass)) break;
    }
  }
  return false;
}

}  // namespace

// docs/RULES.md 6.8, 8.28: the defenders that can never be captured are the largest set in
// which every member has, on each line through it, a neighbour that is off the board, a fort
// square never hostile to defenders, or another member; with shieldwalls, a member on the
// edge also needs such a neighbour on its inward side. The fort holds when every defender
// around it belongs to that set.
bool edgeFort(const Topology& t, const uint8_t* cells, int king) {
  uint8_t inside[kMaxCells];
  std::memset(inside, 0, t.cells);
  if (!kingCanMove(t, cells, king) || !fillFort(t, cells, king, inside)) return false;
  uint8_t firm[kMaxCells];
  std::memset(firm, 0, t.cells);
  uint16_t defenders[kMaxCells];
  int count = 0;
  for (int cell = 0; cell < t.cells; ++cell) {
    if (cells[cell] == kDefender) {
      firm[cell] = 1;
      defenders[count++] = uint16_t(cell);
    }
  }
  const uint16_t hostile = uint16_t((kHostileEmpty | kHostileAlways) << kVictimDefender);
  auto safe = [&](int c) { return cells[c] == kOff || firm[c] || (inside[c] && !(t.flags[c] & hostile)); };
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < count; ++i) {
      const int c = defenders[i];
      if (!firm[c]) continue;
      bool holds = (safe(c + t.step[0]) || safe(c + t.step[2])) && (safe(c + t.step[1]) || safe(c + t.step[3]));
      for (int d = 0; d < 4 && holds && t.rules.shieldwall; ++d) {
        if (cells[c + t.step[d]] == kOff) holds = safe(c - t.step[d]);
      }
      if (!holds) {
        firm[c] = 0;
        changed = true;
      }
    }
  }
  for (int cell = 0; cell < t.cells; ++cell) {
    if (!inside[cell]) continue;
    for (int d : t.step) {
      if (cells[cell + d] == kDefender && !firm[cell + d]) return false;
    }
  }
  return true;
}

}  // namespace tz::tafl
