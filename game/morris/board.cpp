#include "game/morris/board.h"

#include <algorithm>
#include <cstdlib>

#include "game/base/splitmix.h"

namespace tz::morris {

namespace {

// Canonical point order: by file, then rank (docs/MORRIS.md 1.1).
constexpr const char* kNames[kPoints] = {"a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4",
                                         "c5", "d1", "d2", "d3", "d5", "d6", "d7", "e3",
                                         "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7"};

// The 16 mills: the 12 square sides, then the 4 spokes. Consecutive points of a mill are
// the drawn line segments, so the mills also give the adjacency.
constexpr const char* kMillNames[kMills][3] = {
    {"a1", "a4", "a7"}, {"a7", "d7", "g7"}, {"g7", "g4", "g1"}, {"g1", "d1", "a1"},
    {"b2", "b4", "b6"}, {"b6", "d6", "f6"}, {"f6", "f4", "f2"}, {"f2", "d2", "b2"},
    {"c3", "c4", "c5"}, {"c5", "d5", "e5"}, {"e5", "e4", "e3"}, {"e3", "d3", "c3"},
    {"a4", "b4", "c4"}, {"e4", "f4", "g4"}, {"d1", "d2", "d3"}, {"d5", "d6", "d7"}};

// Slot of the point at offset (dx, dy) in {-1, 0, 1}^2 from the centre of its square:
// clockwise from the lower-left corner (a1, b2, c3 are slot 0; a4, b4, c4 slot 1).
int slotAt(int dx, int dy) {
  constexpr int kSlots[3][3] = {{0, 1, 2}, {7, -1, 3}, {6, 5, 4}};  // [dx + 1][dy + 1]
  return kSlots[dx + 1][dy + 1];
}

Board build() {
  Board b{};
  for (int& p : b.pointAt) p = -1;
  for (int p = 0; p < kPoints; ++p) {
    b.file[p] = kNames[p][0] - 'a';
    b.rank[p] = kNames[p][1] - '1';
    b.pointAt[b.cell(p)] = p;
    const int dx = b.file[p] - kGrid / 2, dy = b.rank[p] - kGrid / 2;
    const int half = std::max(std::abs(dx), std::abs(dy));  // 3 outer .. 1 inner
    b.ring[p] = kRings - half;
    b.slot[p] = slotAt(dx / half, dy / half);
  }
  int seen[kPoints] = {};
  for (int m = 0; m < kMills; ++m) {
    int pts[3];
    for (int i = 0; i < 3; ++i) {
      pts[i] = parsePoint(kMillNames[m][i]);
      b.mills[m] |= 1u << pts[i];
    }
    for (int i = 0; i < 3; ++i) b.millsAt[pts[i]][seen[pts[i]]++] = b.mills[m];
    for (int i = 0; i < 2; ++i) {
      b.adjacent[pts[i]] |= 1u << pts[i + 1];
      b.adjacent[pts[i + 1]] |= 1u << pts[i];
    }
  }
  uint64_t seed = 0x4D0221ULL;
  for (auto& side : b.pieceKey)
    for (auto& key : side) key = splitMix64(seed);
  for (auto& side : b.handKey)
    for (auto& key : side) key = splitMix64(seed);
  b.whiteKey = splitMix64(seed);
  b.pendingKey = splitMix64(seed);
  return b;
}

}  // namespace

const Board& board() {
  static const Board tables = build();
  return tables;
}

std::string pointName(int point) { return kNames[point]; }

int parsePoint(const std::string& name) {
  for (int p = 0; p < kPoints; ++p)
    if (name == kNames[p]) return p;
  return -1;
}

}  // namespace tz::morris
