#include "game/tafl/position.h"

#include <algorithm>
#include <cstring>

namespace tz::tafl {

namespace {

// Whether the square `s` is an anvil against a victim of kind `victim` (docs/RULES.md
// 4.1-4.3, 5; `always` hostility whoever stands there: 8.22).
inline bool anvil(const Topology& t, const uint8_t* cells, int s, int victim) {
  const uint16_t f = t.flags[s];
  if (f & (kHostileAlways << victim)) return true;
  const uint8_t c = cells[s];
  if (c == kEmpty) return f & (kHostileEmpty << victim);
  if (victim == kVictimAttacker) return c == kDefender || (c == kKing && t.rules.kingArmed);
  return c == kAttacker;
}

// Whether the king on `k` is captured by the attacker that just moved to `hammer`
// (docs/RULES.md section 5).
bool kingCaptured(const Topology& t, const uint8_t* cells, int k, int hammer) {
  const Rules& r = t.rules;
  KingCapture mode = r.kingCapture;
  // Weak king off the throne: on or beside it only attackers count (docs/RULES.md 5.3,
  // 8.19).
  if (mode == KingCapture::kWeakOffThrone) {
    bool onThrone = k == t.throne;
    bool besideThrone = false;
    for (int d : t.step) besideThrone |= (k + d == t.throne);
    if (onThrone || besideThrone) {
      for (int d : t.step) {
        if (k + d != t.throne && cells[k + d] != kAttacker) return false;
      }
      return true;
    }
    mode = KingCapture::kWeak;
  }
  if (mode == KingCapture::kWeak) return anvil(t, cells, k + (k - hammer), kVictimKing);
  for (int d : t.step) {
    const int s = k + d;
    if (cells[s] == kOff) {
      if (!r.kingEdgeHostile) return false;
    } else if (!anvil(t, cells, s, kVictimKing)) {
      return false;
    }
  }
  return true;
}

// Cells of the pieces the piece now standing on `to` captures (at most kMaxCaptures), and
// whether it captures the king. `cells` already shows the move. Custodial capture, armed
// king, shieldwall: docs/RULES.md 4.1, 4.3, 4.5.
int findCaptures(const Topology& t, const uint8_t* cells, int to, uint16_t* out, bool& king) {
  const uint8_t piece = cells[to];
  int n = 0;
  king = false;
  if (piece == kKing && !t.rules.kingArmed) return 0;
  for (int d : t.step) {
    const int v = to + d;
    const uint8_t victim = cells[v];
    if (piece == kAttacker) {
      if (victim == kDefender && anvil(t, cells, v + d, kVictimDefender)) out[n++] = uint16_t(v);
      else if (victim == kKing && kingCaptured(t, cells, v, to)) king = true;
    } else if (victim == kAttacker && anvil(t, cells, v + d, kVictimAttacker)) {
      out[n++] = uint16_t(v);
    }
  }
  if (t.rules.shieldwall && (t.flags[to] & kEdge)) n = shieldwallCaptures(t, cells, to, out, n);
  return n;
}

std::vector<uint8_t> startCells(const Topology& t) {
  std::vector<uint8_t> plainCells(t.size * t.size);
  for (int sq = 0; sq < t.size * t.size; ++sq) plainCells[sq] = t.setup[t.padded(sq)];
  return plainCells;
}

}  // namespace

Position::Position(const Topology& topology)
    : Position(topology, startCells(topology), topology.rules.first) {}

Position::Position(const Topology& topology, const std::vector<uint8_t>& plainCells, int side)
    : topo_(&topology), side_(side) {
  const Topology& t = *topo_;
  std::memset(cells_, kOff, sizeof(cells_));
  for (int sq = 0; sq < t.size * t.size; ++sq) {
    const int cell = t.padded(sq);
    cells_[cell] = plainCells[sq];
    if (plainCells[sq] == kKing) king_ = cell;
  }
  hash_ = computeHash();
  history_.reserve(std::min(t.rules.plyLimit, 1022) + 2);
  if (t.rules.repetitionCountsStart) history_.push_back(hash_);
  if (king_ >= 0 && (t.flags[king_] & kEscapeSquare)) {
    outcome_ = {true, kDefenders, end_reason::kEscape};
  } else if (!hasLegalMove()) {
    outcome_ = {true, 1 - side_, tz::end_reason::kNoMoves};
  }
}

Position& Position::operator=(const Position& other) {
  if (this == &other) return *this;
  topo_ = other.topo_;
  std::memcpy(cells_, other.cells_, sizeof(cells_));
  side_ = other.side_;
  ply_ = other.ply_;
  king_ = other.king_;
  hash_ = other.hash_;
  outcome_ = other.outcome_;
  history_.assign(other.history_.begin() + other.historyStart_, other.history_.end());
  historyStart_ = 0;
  return *this;
}

uint64_t Position::computeHash() const {
  const Topology& t = *topo_;
  uint64_t h = side_ == kAttackers ? t.sideKey : 0;
  for (int cell = 0; cell < t.cells; ++cell) {
    const uint8_t c = cells_[cell];
    if (c != kEmpty && c != kOff) h ^= t.zobrist[c][cell];
  }
  return h;
}

int Position::occurrences(uint64_t h) const {
  int count = 0;
  for (int i = int(history_.size()) - 1; i >= historyStart_; --i) count += history_[i] == h;
  return count;
}

int Position::repetitions() const {
  // The newest history entry, when present, is this position itself.
  const bool selfCounted = int(history_.size()) > historyStart_ && history_.back() == hash_;
  return occurrences(hash_) - (selfCounted ? 1 : 0);
}

// The `forbidden` repetition rule (docs/RULES.md 6.4, 8.2).
bool Position::forbidden(int from, int to) const {
  const Topology& t = *topo_;
  uint8_t scratch[kMaxCells];
  std::memcpy(scratch, cells_, t.cells);
  const uint8_t piece = scratch[from];
  scratch[to] = piece;
  scratch[from] = kEmpty;
  uint16_t captured[kMaxCaptures];
  bool king = false;
  if (findCaptures(t, scratch, to, captured, king) > 0 || king) return false;  // a capture resets the window
  const uint64_t child = hash_ ^ t.zobrist[piece][from] ^ t.zobrist[piece][to] ^ t.sideKey;
  return occurrences(child) + 1 >= t.rules.repetitionCount;
}

void Position::generate(MoveList& list) const {
  list.size = 0;
  if (outcome_.over) return;
  forEachMove([&list](int from, int to, int, int) {
    list.push(from, to);
    return false;
  });
}

bool Position::hasLegalMove() const {
  return forEachMove([](int, int, int, int) { return true; });
}

bool Position::movePiece(Move m, Undo& u) {
  const Topology& t = *topo_;
  const uint8_t piece = cells_[m.from];
  u.move = m;
  u.piece = piece;
  u.hash = hash_;
  u.outcome = outcome_;
  u.historyStart = historyStart_;
  u.kingCell = king_;
  cells_[m.to] = piece;
  cells_[m.from] = kEmpty;
  hash_ ^= t.zobrist[piece][m.from] ^ t.zobrist[piece][m.to] ^ t.sideKey;
  if (piece == kKing) king_ = m.to;
  bool king = false;
  u.captures = uint8_t(findCaptures(t, cells_, m.to, u.captured, king));
  for (int i = 0; i < u.captures; ++i) {
    const int c = u.captured[i];
    u.capturedPiece[i] = cells_[c];
    hash_ ^= t.zobrist[cells_[c]][c];
    cells_[c] = kEmpty;
  }
  return king;
}

void Position::play(Move m, Undo* undo) {
  Undo local;
  Undo& u = undo ? *undo : local;
  const int mover = side_;
  const bool king = movePiece(m, u);
  side_ ^= 1;
  ++ply_;
  // A capture starts a new repetition history (docs/RULES.md 8.12).
  if (u.captures || king) historyStart_ = int(history_.size());
  score(mover, u.piece, king);
  history_.push_back(hash_);
}

void Position::score(int mover, uint8_t piece, bool kingCaptured) {
  const Topology& t = *topo_;
  const Rules& r = t.rules;
  if (piece == kKing && (t.flags[king_] & kEscapeSquare)) {
    outcome_ = {true, kDefenders, end_reason::kEscape};
  } else if (kingCaptured) {
    outcome_ = {true, kAttackers, end_reason::kKingCaptured};
  } else if (r.edgeFort && mover == kDefenders && (t.flags[king_] & kEdge) && edgeFort(t, cells_, king_)) {
    // Judged after the defenders' moves (docs/RULES.md 6.8, 8.29).
    outcome_ = {true, kDefenders, end_reason::kEdgeFort};
  } else if (r.encirclement && mover == kAttackers && enclosed()) {
    outcome_ = {true, kAttackers, end_reason::kEncirclement};
  } else if (r.repetition != Repetition::kNone && r.repetition != Repetition::kForbidden &&
             occurrences(hash_) + 1 >= r.repetitionCount) {
    const int winner = r.repetition == Repetition::kDraw            ? -1
                       : r.repetition == Repetition::kLossDefenders ? int(kAttackers)
                                                                    : 1 - mover;
    outcome_ = {true, winner, tz::end_reason::kRepetition};
  } else if (!hasLegalMove()) {
    outcome_ = {true, mover, tz::end_reason::kNoMoves};
  } else if (ply_ >= r.plyLimit) {
    outcome_ = {true, -1, tz::end_reason::kPlyLimit};
  }
}

void Position::undo(const Undo& u) {
  history_.pop_back();
  for (int i = 0; i < u.captures; ++i) cells_[u.captured[i]] = u.capturedPiece[i];
  cells_[u.move.from] = u.piece;
  cells_[u.move.to] = kEmpty;
  side_ ^= 1;
  --ply_;
  hash_ = u.hash;
  outcome_ = u.outcome;
  historyStart_ = u.historyStart;
  king_ = u.kingCell;
}

bool Position::enclosed() const {
  const Topology& t = *topo_;
  uint8_t seen[kMaxCells];
  std::memset(seen, 0, t.cells);
  uint16_t stack[kMaxCells];
  // Fill from each defender through every square not holding an attacker; reaching the
  // edge means that defender is not enclosed (the same as filling from the edge). The
  // king goes first: he is usually the quickest to show an open way.
  auto reachesEdge = [&](int start) {
    if (seen[start]) return false;
    int top = 0;
    seen[start] = 1;
    stack[top++] = uint16_t(start);
    while (top > 0) {
      const int cell = stack[--top];
      if (t.flags[cell] & kEdge) return true;
      for (int d : t.step) {
        const int next = cell + d;
        const uint8_t c = cells_[next];
        if (!seen[next] && c != kAttacker && c != kOff) {
          seen[next] = 1;
          stack[top++] = uint16_t(next);
        }
      }
    }
    return false;
  };
  if (king_ >= 0 && reachesEdge(king_)) return false;
  for (int cell = 0; cell < t.cells; ++cell) {
    if (cells_[cell] == kDefender && reachesEdge(cell)) return false;
  }
  return true;
}

uint64_t Position::perft(int depth) {
  if (depth == 0) return 1;
  if (outcome_.over) return 0;
  MoveList list;
  generate(list);
  if (depth == 1) return uint64_t(list.size);
  uint64_t nodes = 0;
  Undo u;
  for (int i = 0; i < list.size; ++i) {
    play(list.moves[i], &u);
    nodes += perft(depth - 1);
    undo(u);
  }
  return nodes;
}

int Position::kingEscapeLines() const {
  if (king_ < 0) return 0;
  const Topology& t = *topo_;
  const uint8_t* allow = t.allow[t.moverClass(kKing, king_)].data();
  int lines = 0;
  for (int d : t.step) {
    for (int to = king_ + d; cells_[to] == kEmpty; to += d) {
      if ((allow[to] & kMayStop) && (t.flags[to] & kEscapeSquare)) {
        ++lines;
        break;
      }
      if (!(allow[to] & kMayPass)) break;
    }
  }
  return lines;
}

std::string Position::record() const {
  const Topology& t = *topo_;
  std::vector<uint8_t> plainCells(t.size * t.size);
  for (int sq = 0; sq < t.size * t.size; ++sq) plainCells[sq] = cells_[t.padded(sq)];
  return writeRecord(plainCells, t.size);
}

}  // namespace tz::tafl
