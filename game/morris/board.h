#pragma once
// The fixed geometry of the Nine Men's Morris board (docs/MORRIS.md 1.1, 1.2): the 24
// points in canonical order, their places on the 7x7 grid and on the rings, adjacency and
// mill tables as 24-bit masks, and the Zobrist keys. Built once; read in the hot path.
#include <cstdint>
#include <string>

namespace tz::morris {

/// A set of points: bit p is point p in canonical order (a1 a4 a7 b2 ... g7).
using Mask = uint32_t;

constexpr int kPoints = 24;    // points on the board
constexpr int kMills = 16;     // lines of three
constexpr int kGrid = 7;       // the points lie on a 7x7 grid of files a..g and ranks 1..7
constexpr int kRings = 3;      // the outer, middle and inner squares
constexpr int kRingPoints = 8; // points around each square
constexpr int kPieces = 9;     // pieces per side
constexpr Mask kAllPoints = (1u << kPoints) - 1;

/// The immutable board tables.
struct Board {
  int file[kPoints];            // grid column of each point (a = 0)
  int rank[kPoints];            // grid row of each point (rank 1 = 0)
  int pointAt[kGrid * kGrid];   // point at grid cell rank * 7 + file, or -1
  int ring[kPoints];            // square of each point: 0 outer, 1 middle, 2 inner
  int slot[kPoints];            // place around its square, clockwise from the lower-left corner
  Mask adjacent[kPoints];       // points one line segment away
  Mask mills[kMills];           // the 16 mills
  Mask millsAt[kPoints][2];     // the two mills through each point
  uint64_t pieceKey[2][kPoints];     // Zobrist key of a side's piece on a point
  uint64_t handKey[2][kPieces + 1];  // Zobrist key of a side's pieces-in-hand count
  uint64_t whiteKey;                 // hashed in while White is to move
  uint64_t pendingKey;               // hashed in while a removal is pending

  /// Grid cell (rank * 7 + file) of a point.
  int cell(int point) const { return rank[point] * kGrid + file[point]; }
  /// Cell (ring * 8 + slot) of a point on the 3x8 ring layout of the network input
  /// (docs/MORRIS.md 8): neighbours along a square are neighbouring columns, the cross lines
  /// are columns.
  int ringCell(int point) const { return ring[point] * kRingPoints + slot[point]; }
};

/// The board tables (built on first use, thread-safe).
const Board& board();

/// Name of a point ("d2").
std::string pointName(int point);
/// Point of a name, or -1 when it is not one of the 24 points.
int parsePoint(const std::string& name);

/// Number of points in a mask.
inline int count(Mask m) { return __builtin_popcount(m); }
/// Lowest point of a non-empty mask.
inline int lowest(Mask m) { return __builtin_ctz(m); }

}  // namespace tz::morris
