#include "game/morris/position.h"

namespace tz::morris {

Position::Position(const Rules& rules) : Position(rules, Setup{}) {}

Position::Position(const Rules& rules, const Setup& s) : rules_(&rules) {
  for (int side = 0; side < 2; ++side) {
    c_.bb[side] = s.pieces[side];
    c_.hand[side] = s.hand[side];
  }
  c_.side = s.side;
  c_.pending = s.pending;
  c_.plies = s.plies;
  c_.hash = computeHash();
  history_.reserve(size_t(rules.plyLimit) + 2);
  if (!c_.pending) {
    history_.push_back(c_.hash);
    score();
  }
}

Position::Position(const Position& other) : rules_(other.rules_), c_(other.c_) {
  history_.reserve(other.history_.capacity());
  history_ = other.history_;
}

Setup Position::setup() const {
  Setup s;
  for (int side = 0; side < 2; ++side) {
    s.pieces[side] = c_.bb[side];
    s.hand[side] = c_.hand[side];
  }
  s.side = c_.side;
  s.plies = c_.plies;
  s.pending = c_.pending;
  return s;
}

uint64_t Position::computeHash() const {
  const Board& b = board();
  uint64_t h = (c_.side == kWhite ? b.whiteKey : 0) ^ (c_.pending ? b.pendingKey : 0);
  for (int side = 0; side < 2; ++side) {
    h ^= b.handKey[side][c_.hand[side]];
    for (Mask m = c_.bb[side]; m; m &= m - 1) h ^= b.pieceKey[side][lowest(m)];
  }
  return h;
}

int Position::occurrences(uint64_t h) const {
  // Entries alternate sides to move and `h` is the newest entry's side, so every other
  // entry cannot match.
  int n = 0;
  for (int i = int(history_.size()) - 1; i >= c_.historyStart; i -= 2) n += history_[i] == h;
  return n;
}

int Position::repetitions() const {
  // Outside a pending removal the newest history entry is this position itself.
  return c_.pending ? 0 : occurrences(c_.hash) - 1;
}

Mask Position::removable() const {
  const Mask opp = c_.bb[c_.side ^ 1];
  Mask inMill = 0;
  for (Mask m : board().mills)
    if ((opp & m) == m) inMill |= m;
  const Mask free = opp & ~inMill;
  return free ? free : opp;
}

bool Position::formsMill(int from, int to) const {
  const Board& b = board();
  const Mask own = (c_.bb[c_.side] & ~(from >= 0 ? 1u << from : 0u)) | 1u << to;
  return (own & b.millsAt[to][0]) == b.millsAt[to][0] || (own & b.millsAt[to][1]) == b.millsAt[to][1];
}

bool Position::hasStep() const {
  const Mask empty = this->empty();
  const int s = c_.side;
  if (c_.hand[s] > 0 || mayFly(s)) return empty != 0;
  for (Mask own = c_.bb[s]; own; own &= own - 1)
    if (board().adjacent[lowest(own)] & empty) return true;
  return false;
}

void Position::step(int from, int to) {
  const Board& b = board();
  const int s = c_.side;
  const bool earns = earnsRemoval(from, to);
  if (from < 0) {
    c_.hash ^= b.handKey[s][c_.hand[s]] ^ b.handKey[s][c_.hand[s] - 1];
    --c_.hand[s];
  } else {
    c_.bb[s] &= ~(1u << from);
    c_.hash ^= b.pieceKey[s][from];
  }
  c_.bb[s] |= 1u << to;
  c_.hash ^= b.pieceKey[s][to];
  ++c_.actions;
  if (earns) {
    c_.pending = true;
    c_.hash ^= b.pendingKey;
    return;
  }
  endTurn(from < 0, false);
}

void Position::removePiece(int point) {
  const Board& b = board();
  const int opp = c_.side ^ 1;
  c_.bb[opp] &= ~(1u << point);
  c_.hash ^= b.pieceKey[opp][point] ^ b.pendingKey;
  c_.pending = false;
  ++c_.actions;
  endTurn(false, true);
}

void Position::play(const Turn& t) {
  if (t.to >= 0) step(t.from, t.to);
  if (t.remove >= 0) removePiece(t.remove);
}

void Position::endTurn(bool placed, bool removed) {
  c_.side ^= 1;
  c_.hash ^= board().whiteKey;
  ++c_.plies;
  // Turns without a removal: moving-phase turns only (docs/MORRIS.md 5.9).
  if (removed) c_.noRemoval = 0;
  else if (!placed) ++c_.noRemoval;
  // A placement or removal changes the pieces in play, so no earlier position can recur
  // (docs/MORRIS.md 5.8).
  if (placed || removed) c_.historyStart = int(history_.size());
  history_.push_back(c_.hash);
  score();
}

void Position::score() {
  const Rules& r = *rules_;
  const int s = c_.side, o = s ^ 1;
  if (c_.hand[0] == 0 && c_.hand[1] == 0) {
    // Only the placing phase's last turn can leave both sides short; the side to move is
    // checked first (docs/MORRIS.md 3.1, 5.7).
    if (count(c_.bb[s]) < 3) {
      c_.outcome = {true, o, end_reason::kTooFewPieces};
      return;
    }
    if (count(c_.bb[o]) < 3) {
      c_.outcome = {true, s, end_reason::kTooFewPieces};
      return;
    }
  }
  if (!hasStep()) {
    c_.outcome = {true, o, tz::end_reason::kNoMoves};
  } else if (r.repetitionCount > 0 && occurrences(c_.hash) >= r.repetitionCount) {
    c_.outcome = {true, -1, tz::end_reason::kRepetition};
  } else if (r.noRemovalPlies > 0 && c_.noRemoval >= r.noRemovalPlies) {
    c_.outcome = {true, -1, end_reason::kNoRemoval};
  } else if (c_.plies >= r.plyLimit) {
    c_.outcome = {true, -1, tz::end_reason::kPlyLimit};
  }
}

void Position::generate(TurnList& list) const {
  list.size = 0;
  if (c_.outcome.over) return;
  const Mask rem = removable();
  if (c_.pending) {
    for (Mask m = rem; m; m &= m - 1) list.push(-1, -1, lowest(m));
    return;
  }
  forEachStep([&](int from, int to) {
    if (!earnsRemoval(from, to)) {
      list.push(from, to, -1);
      return;
    }
    for (Mask m = rem; m; m &= m - 1) list.push(from, to, lowest(m));
  });
}

uint64_t Position::countTurns() const {
  const uint64_t removals = uint64_t(count(removable()));
  if (c_.pending) return removals;
  uint64_t n = 0;
  forEachStep([&](int from, int to) { n += earnsRemoval(from, to) ? removals : 1; });
  return n;
}

uint64_t Position::perft(int depth) {
  if (depth == 0) return 1;
  if (c_.outcome.over) return 0;
  if (depth == 1) return countTurns();
  TurnList list;
  generate(list);
  const Core saved = c_;
  const size_t historySize = history_.size();
  uint64_t nodes = 0;
  for (int i = 0; i < list.size; ++i) {
    play(list.turns[i]);
    nodes += perft(depth - 1);
    c_ = saved;
    history_.resize(historySize);
  }
  return nodes;
}

}  // namespace tz::morris
