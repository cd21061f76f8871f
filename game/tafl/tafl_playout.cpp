#include "game/tafl/tafl_playout.h"

#include <algorithm>
#include <utility>

namespace tz::tafl {

namespace {

// Whether `cell` is orthogonally next to `king`.
bool besideKing(const Topology& t, int cell, int king) {
  for (int d : t.step)
    if (cell == king + d) return true;
  return false;
}

// Whether some square next to the king could already serve as a second side of a king
// capture: an attacker, a square hostile to the king, or the board's edge where it is
// hostile. Without one no capture rule lets a single move take the king.
bool kingExposed(const Position& pos) {
  const Topology& t = pos.topology();
  const int king = pos.kingCell();
  for (int d : t.step) {
    const int s = king + d;
    const uint8_t c = pos.at(s);
    if (c == kAttacker) return true;
    if (c == kOff ? t.rules.kingEdgeHostile
                        : (t.flags[s] & ((kHostileAlways | kHostileEmpty) << kVictimKing)) != 0)
      return true;
  }
  return false;
}

// Whether the attackers, to move in `pos` (ongoing), capture the king at once; the
// capturing move goes to `win` when given. `pos` is restored.
bool attackersCaptureKing(Position& pos, Move* win) {
  const int king = pos.kingCell();
  if (king < 0 || !kingExposed(pos)) return false;
  const Topology& t = pos.topology();
  Move near[16];  // each of the 4 squares next to the king is reached from at most 4 sides
  int count = 0;
  pos.forEachMove([&](int from, int to, int, int) {
    if (besideKing(t, to, king)) near[count++] = Move{uint16_t(from), uint16_t(to)};
    return count == 16;
  });
  Undo undo;
  for (int i = 0; i < count; ++i) {
    pos.play(near[i], &undo);
    const bool captured = pos.outcome().over && pos.outcome().winner == kAttackers;
    pos.undo(undo);
    if (captured) {
      if (win) *win = near[i];
      return true;
    }
  }
  return false;
}

// A king move of `list` onto an escape square, if any, goes to `win`.
bool kingEscapes(const Position& pos, const MoveList& list, Move* win) {
  const Topology& t = pos.topology();
  const int king = pos.kingCell();
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    if (m.from == king && (t.flags[m.to] & kEscapeSquare)) {
      *win = m;
      return true;
    }
  }
  return false;
}

// Whether the side to move in `pos` (ongoing) wins at once: an open escape line for the
// defenders, a king capture for the attackers. `pos` is restored.
bool threatensToWin(Position& pos) {
  if (pos.toMove() == kDefenders) return pos.kingEscapeLines() > 0;
  return attackersCaptureKing(pos, nullptr);
}

// Whether square `s`, holding `c`, is an anvil for a victim of kind `victim` whose enemy
// pieces are `enemyA`/`enemyB` (a heuristic mirror of the capture rules).
bool anvilFor(const Topology& t, int s, uint8_t c, int victim, uint8_t enemyA, uint8_t enemyB) {
  const uint16_t f = t.flags[s];
  if (f & (kHostileAlways << victim)) return true;
  if (c == kEmpty) return (f & (kHostileEmpty << victim)) != 0;
  return c == enemyA || c == enemyB;
}

// The directions (bit i: Topology::step[i]) in which `m`, by the side to move, closes a
// sandwich on an enemy piece (not the king) against a piece of the mover's or a hostile
// square: likely captures.
unsigned sandwiches(const Position& pos, Move m) {
  const Topology& t = pos.topology();
  const bool attacker = pos.toMove() == kAttackers;
  const int victim = attacker ? kVictimDefender : kVictimAttacker;
  const uint8_t ownA = attacker ? kAttacker : kDefender, ownB = attacker ? kAttacker : kKing;
  unsigned sides = 0;
  for (int i = 0; i < 4; ++i) {
    const int d = t.step[i];
    if (pos.at(m.to + d) != (attacker ? kDefender : kAttacker)) continue;
    const int s = m.to + 2 * d;
    if (anvilFor(t, s, s == m.from ? uint8_t(kEmpty) : pos.at(s), victim, ownA, ownB)) sides |= 1u << i;
  }
  return sides;
}

// Whether the piece `m` moves (not the king) could be taken at once by the reply: an
// enemy could land next to it opposite an enemy piece or a hostile square (a heuristic:
// the pieces' movement limits are ignored). `captured` are the move's sandwiches().
bool hangs(const Position& pos, Move m, unsigned captured) {
  const Topology& t = pos.topology();
  const uint8_t piece = pos.at(m.from);
  if (piece == kKing) return false;
  const bool attacker = piece == kAttacker;
  const int victim = attacker ? kVictimAttacker : kVictimDefender;
  const uint8_t enemyA = attacker ? kDefender : kAttacker, enemyB = attacker ? kKing : kAttacker;
  // The board after the move, its likely captures removed.
  auto cell = [&](int c) {
    if (c == m.from) return uint8_t(kEmpty);
    if (c == m.to) return piece;
    for (int i = 0; i < 4; ++i)
      if ((captured & (1u << i)) && c == m.to + t.step[i]) return uint8_t(kEmpty);
    return pos.at(c);
  };
  for (int d : t.step) {
    const int hammer = m.to - d;
    if (cell(hammer) != kEmpty || !anvilFor(t, m.to + d, cell(m.to + d), victim, enemyA, enemyB)) continue;
    for (int e : t.step) {
      if (e == d) continue;  // towards the moved piece
      int c = hammer + e;
      while (cell(c) == kEmpty) c += e;
      if (cell(c) == enemyA || cell(c) == enemyB) return true;
    }
  }
  return false;
}

// Moves the entries of list[begin, size) satisfying `pred` to its front; returns the end
// of that group.
template <class Pred>
int toFront(MoveList& list, int begin, Pred pred) {
  for (int i = begin; i < list.size; ++i)
    if (pred(list.moves[i])) std::swap(list.moves[i], list.moves[begin++]);
  return begin;
}

// The policy's move for the side to move in `pos` (ongoing); `list` holds its legal moves
// and is reordered.
Move chooseMove(Position& pos, MoveList& list, std::mt19937_64& rng) {
  const int me = pos.toMove();
  Move win;
  if (me == kDefenders ? kingEscapes(pos, list, &win) : attackersCaptureKing(pos, &win)) return win;
  int answers = 0;
  if (me == kAttackers && pos.kingEscapeLines() > 0) {
    const int king = pos.kingCell(), stride = pos.topology().stride;
    answers = toFront(list, 0, [&](Move m) { return m.to / stride == king / stride || m.to % stride == king % stride; });
  }
  const int captures = toFront(list, answers, [&](Move m) { return sandwiches(pos, m) != 0; });
  const int tries = std::min(
      list.size, answers + (me == kAttackers ? TaflPlayoutPolicy::kAttackerTries : TaflPlayoutPolicy::kDefenderTries));
  Undo undo;
  for (int i = 0; i < tries; ++i) {
    const int end = i < answers ? answers : i < captures ? captures : list.size;
    std::swap(list.moves[i], list.moves[i + int(rng() % uint64_t(end - i))]);
    pos.play(list.moves[i], &undo);
    const Outcome& o = pos.outcome();
    const bool safe = o.over ? o.winner != 1 - me : !threatensToWin(pos);
    pos.undo(undo);
    if (safe) return list.moves[i];
  }
  return list.moves[0];
}

}  // namespace

TaflPlayoutPolicy::TaflPlayoutPolicy() : moves_(std::make_unique<MoveList>()) {}

TaflPlayoutPolicy::~TaflPlayoutPolicy() = default;

int TaflPlayoutPolicy::playOut(const State& state, std::mt19937_64& rng) {
  const Position& start = static_cast<const TaflState&>(state).position();
  if (position_) *position_ = start;
  else position_ = std::make_unique<Position>(start);
  Position& pos = *position_;
  MoveList& list = *moves_;
  while (!pos.outcome().over) {
    pos.generate(list);
    pos.play(chooseMove(pos, list, rng));
  }
  return pos.outcome().winner;
}

void TaflPlayoutPolicy::weights(const State& state, const Action* legal, int count, float* weights) {
  const auto& tafl = static_cast<const TaflState&>(state);
  const Position& pos = tafl.position();
  for (int i = 0; i < count; ++i) {
    const Move m = tafl.game().moveOf(legal[i]);
    const unsigned captured = sandwiches(pos, m);
    float w = 1.f;
    if (captured) w *= kCaptureWeight;
    if (hangs(pos, m, captured)) w /= kCaptureWeight;
    weights[i] = w;
  }
}

}  // namespace tz::tafl
