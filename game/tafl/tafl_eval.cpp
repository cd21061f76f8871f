#include "game/tafl/tafl_eval.h"

#include <algorithm>
#include <cstring>

namespace tz::tafl {

namespace {

constexpr int kAttackerWeight = 100;
constexpr int kEscapeBonus[TaflEvaluator::kFar + 1] = {0, 150, 60, 20, 5, 0};  // by escape distance
constexpr int kOpenLinesBonus = 600;  // two or more open lines to escape: a fork
constexpr int kAdjacentPenalty[5] = {0, 15, 45, 120, 250};  // by attackers next to the king
constexpr int kMobilityWeight = 2;

}  // namespace

TaflEvaluator::TaflEvaluator(const Topology& topology) : topo_(&topology) {
  int attackers = 0, defenders = 0;
  for (int cell = 0; cell < topology.cells; ++cell) {
    attackers += topology.setup[cell] == kAttacker;
    defenders += topology.setup[cell] == kDefender;
  }
  if (defenders > 0) defenderWeight_ = (kAttackerWeight * attackers + defenders / 2) / defenders;
}

int TaflEvaluator::material(const Position& pos, int side) const {
  const Topology& t = *topo_;
  int balance = 0;  // attackers' view
  for (int cell = 0; cell < t.cells; ++cell) {
    const uint8_t c = pos.at(cell);
    if (c == kAttacker) balance += kAttackerWeight;
    else if (c == kDefender) balance -= defenderWeight_;
  }
  return side == kAttackers ? balance : -balance;
}

int TaflEvaluator::escapeDistance(const Position& pos) const {
  const Topology& t = *topo_;
  const int king = pos.kingCell();
  if (king < 0) return kFar;
  const uint8_t* allow = t.allow[t.moverClass(kKing, king)].data();
  int8_t dist[kMaxCells];
  std::memset(dist, -1, sizeof(dist));
  uint16_t queue[kMaxCells];
  int head = 0, tail = 0;
  dist[king] = 0;
  queue[tail++] = uint16_t(king);
  while (head < tail) {
    const int cell = queue[head++];
    if (dist[cell] + 1 >= kFar) break;
    for (int d : t.step) {
      for (int to = cell + d; to == king || pos.at(to) == kEmpty; to += d) {
        if ((allow[to] & kMayStop) && dist[to] < 0) {
          if (t.flags[to] & kEscapeSquare) return dist[cell] + 1;
          dist[to] = int8_t(dist[cell] + 1);
          queue[tail++] = uint16_t(to);
        }
        if (!(allow[to] & kMayPass) && to != king) break;
      }
    }
  }
  return kFar;
}

int TaflEvaluator::attackersNextToKing(const Position& pos) const {
  const int king = pos.kingCell();
  if (king < 0) return 0;
  int n = 0;
  for (int d : topo_->step) n += pos.at(king + d) == kAttacker;
  return n;
}

int TaflEvaluator::mobilityBalance(const Position& pos) const {
  const Topology& t = *topo_;
  int balance = 0;
  for (int cell = 0; cell < t.cells; ++cell) {
    const uint8_t piece = pos.at(cell);
    if (piece != kAttacker && piece != kDefender && piece != kKing) continue;
    const uint8_t* allow = t.allow[t.moverClass(piece, cell)].data();
    int moves = 0;
    for (int d : t.step) {
      for (int to = cell + d; pos.at(to) == kEmpty; to += d) {
        moves += (allow[to] & kMayStop) ? 1 : 0;
        if (!(allow[to] & kMayPass)) break;
      }
    }
    balance += piece == kAttacker ? moves : -moves;
  }
  return balance;
}

int TaflEvaluator::evaluate(const Position& pos) const {
  int defenders = -material(pos, kAttackers);
  defenders += kEscapeBonus[escapeDistance(pos)];
  if (pos.kingEscapeLines() >= 2) defenders += kOpenLinesBonus;
  defenders -= kAdjacentPenalty[attackersNextToKing(pos)];
  defenders -= kMobilityWeight * mobilityBalance(pos);
  return pos.toMove() == kDefenders ? defenders : -defenders;
}

}  // namespace tz::tafl
