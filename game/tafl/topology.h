#pragma once
// Precomputed board geometry and square properties of one tafl variant: the tables the
// move generator and capture rules read in the hot path.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "game/tafl/rules.h"

namespace tz::tafl {

/// Contents of a board cell; kOff marks the sentinel border around the board.
enum Cell : uint8_t { kEmpty = 0, kAttacker = 1, kDefender = 2, kKing = 3, kOff = 4 };

/// Largest padded board: (19 + 2)^2 cells.
constexpr int kMaxCells = 21 * 21;

/// Square property bits (Topology::flags).
enum SquareFlag : uint16_t {
  kThrone = 1 << 0,
  kCorner = 1 << 1,
  kEscapeSquare = 1 << 2,
  kEdge = 1 << 3,
  kCamp = 1 << 4,
  kHostileAlways = 1 << 5,  // << Victim: anvil for that victim whatever stands on it
  kHostileEmpty = 1 << 8,   // << Victim: anvil for that victim while empty
};

/// Movement permission bits (Topology::allow).
enum Allow : uint8_t { kMayPass = 1, kMayStop = 2 };

/// The immutable tables of one variant. Cells are indexed on a padded board with a
/// one-cell border: padded = (rank + 1) * stride + file + 1.
class Topology {
 public:
  /// Builds the tables; throws ConfigError (naming `file`) when the setup is malformed.
  Topology(Rules rules, const std::string& file);

  const Rules rules;         // the rule values
  const int size;            // board side N
  const int stride;          // N + 2
  const int cells;           // stride * stride
  int throne = 0;            // padded index of the centre square
  std::array<int, 4> step{};  // padded offsets of the directions north, east, south, west
  std::array<uint16_t, kMaxCells> flags{};  // SquareFlag bits per cell
  std::array<uint8_t, kMaxCells> campId{};  // 1-based camp of a cell, 0 if none
  std::array<int16_t, kMaxCells> plainOf{};  // plain index of a cell, -1 off the board
  std::vector<std::array<uint8_t, kMaxCells>> allow;  // Allow bits per mover class and cell
  std::array<uint8_t, kMaxCells> setup{};   // start position cells
  std::array<std::array<uint64_t, kMaxCells>, 4> zobrist{};  // per Cell kind and cell
  uint64_t sideKey = 0;      // hashed in while the attackers are to move

  /// Padded index of a plain square (rank * N + file).
  int padded(int plain) const { return (plain / size + 1) * stride + plain % size + 1; }
  /// Plain index of a padded cell on the board (-1 off the board).
  int plain(int cell) const { return plainOf[cell]; }
  /// Square name ("e5") of a padded cell.
  std::string name(int cell) const { return squareName(plain(cell), size); }
  /// Mover class of a piece standing on a cell: indexes `allow`.
  int moverClass(uint8_t piece, int cell) const {
    if (piece == kDefender) return 0;
    if (piece == kKing) return 1;
    return 2 + 2 * campId[cell] + ((flags[cell] & kEdge) ? 1 : 0);
  }

 private:
  // The constructor's steps, in order.
  void markSquareKinds(const std::string& file);                  // edge, throne, corners, camps
  void markEscapeSquares(const std::vector<uint8_t>& start);     // the king's goals
  void markHostileSquares();                                     // per victim kind
  void buildMovePermissions();                                   // `allow`
  void buildZobristKeys();                                       // `zobrist`, `sideKey`
};

/// Parses a position record into plain-indexed cells (Cell values); throws Error saying
/// what is malformed.
std::vector<uint8_t> parseRecord(const std::string& record, int size);
/// Writes plain-indexed cells as a position record.
std::string writeRecord(const std::vector<uint8_t>& plainCells, int size);

}  // namespace tz::tafl
