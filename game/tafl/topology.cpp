#include "game/tafl/topology.h"

#include <algorithm>

#include "game/base/error.h"
#include "game/base/splitmix.h"

namespace tz::tafl {

std::vector<uint8_t> parseRecord(const std::string& record, int size) {
  auto bad = [&](const std::string& why) {
    return Error("malformed position record " + quoted(record) + ": " + why);
  };
  if (record.size() < 2 || record.front() != '/' || record.back() != '/') {
    throw bad("it must start and end with '/'");
  }
  std::vector<uint8_t> cells(size * size, kEmpty);
  int rank = 0;
  int file = 0;
  int kings = 0;
  for (size_t i = 1; i < record.size(); ++i) {
    char c = record[i];
    if (c == '/') {
      if (file != size) {
        throw bad("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                  " squares, expected " + std::to_string(size));
      }
      ++rank;
      file = 0;
      continue;
    }
    if (rank >= size) throw bad("more than " + std::to_string(size) + " ranks");
    if (c >= '0' && c <= '9') {
      int run = c - '0';
      if (i + 1 < record.size() && record[i + 1] >= '0' && record[i + 1] <= '9') run = run * 10 + (record[++i] - '0');
      if (run == 0) throw bad("a run of zero empty squares");
      file += run;
      if (file > size) throw bad("rank " + std::to_string(rank + 1) + " is longer than " + std::to_string(size));
      continue;
    }
    uint8_t piece = c == 't' ? kAttacker : c == 'T' ? kDefender : c == 'K' ? kKing : kOff;
    if (piece == kOff) throw bad("unknown piece " + quoted(record.substr(i, utf8Length(record, i))) + " (expected t, T, K or a digit)");
    if (file >= size) throw bad("rank " + std::to_string(rank + 1) + " is longer than " + std::to_string(size));
    if (piece == kKing && ++kings > 1) throw bad("more than one king");
    cells[rank * size + file++] = piece;
  }
  if (rank != size) {
    throw bad(std::to_string(rank) + " ranks, expected " + std::to_string(size));
  }
  if (kings == 0) throw bad("no king (a tafl position has exactly one)");
  return cells;
}

std::string writeRecord(const std::vector<uint8_t>& cells, int size) {
  std::string out = "/";
  for (int rank = 0; rank < size; ++rank) {
    int run = 0;
    for (int file = 0; file < size; ++file) {
      uint8_t c = cells[rank * size + file];
      if (c == kEmpty) {
        ++run;
        continue;
      }
      if (run) out += std::to_string(run);
      run = 0;
      out += c == kAttacker ? 't' : c == kDefender ? 'T' : 'K';
    }
    if (run) out += std::to_string(run);
    out += '/';
  }
  return out;
}

namespace {

bool isKingOnly(Who who) { return who == Who::kKing; }

}  // namespace

Topology::Topology(Rules r, const std::string& file)
    : rules(std::move(r)), size(rules.size), stride(size + 2), cells(stride * stride) {
  const int n = size;
  step = {stride, 1, -stride, -1};
  plainOf.fill(-1);
  for (int sq = 0; sq < n * n; ++sq) plainOf[padded(sq)] = int16_t(sq);
  throne = padded((n / 2) * n + n / 2);

  std::vector<uint8_t> start;
  try {
    start = parseRecord(rules.setup, n);
  } catch (const Error& e) {
    throw ConfigError(file, "setup", std::string("a valid position record (") + e.what() + ")");
  }
  setup.fill(kOff);
  for (int sq = 0; sq < n * n; ++sq) setup[padded(sq)] = start[sq];
  markSquareKinds(file);
  markEscapeSquares(start);
  markHostileSquares();
  buildMovePermissions();
  buildZobristKeys();
}

void Topology::markSquareKinds(const std::string& file) {
  const int n = size;
  for (int sq = 0; sq < n * n; ++sq) {
    int f = sq % n, rk = sq / n;
    if (f == 0 || rk == 0 || f == n - 1 || rk == n - 1) flags[padded(sq)] |= kEdge;
  }
  flags[throne] |= kThrone;
  for (int sq : rules.corners) flags[padded(sq)] |= kCorner;
  for (size_t c = 0; c < rules.camps.size(); ++c) {
    for (int sq : rules.camps[c]) {
      if (campId[padded(sq)]) throw ConfigError(file, "camps", "camps that do not overlap");
      campId[padded(sq)] = uint8_t(c + 1);
      flags[padded(sq)] |= kCamp;
    }
  }
  if (flags[throne] & (kCamp | kCorner)) {
    throw ConfigError(file, "camps/corners.squares", "squares other than the throne");
  }
}

// Escape squares; camp squares never are (docs/RULES.md 6.1, 8.11).
void Topology::markEscapeSquares(const std::vector<uint8_t>& start) {
  const int n = size;
  std::vector<int> escape;
  if (rules.escapeKind == "edge") {
    for (int sq = 0; sq < n * n; ++sq)
      if (flags[padded(sq)] & kEdge) escape.push_back(sq);
  } else if (rules.escapeKind == "corners") {
    escape = rules.corners;
  } else if (rules.escapeKind == "attacker_start") {
    for (int sq = 0; sq < n * n; ++sq)
      if (start[sq] == kAttacker) escape.push_back(sq);
  } else {
    escape = rules.escapeList;
  }
  for (int sq : escape)
    if (!(flags[padded(sq)] & kCamp)) flags[padded(sq)] |= kEscapeSquare;
}

// Hostile squares per victim.
void Topology::markHostileSquares() {
  auto mark = [&](const std::vector<int>& kindSquares, const std::array<Hostility, 3>& table) {
    for (int v = 0; v < 3; ++v) {
      const Hostility& h = table[v];
      if (h.when == Hostility::kNever) continue;
      for (int sq : kindSquares) {
        if (!h.only.empty() && std::find(h.only.begin(), h.only.end(), sq) == h.only.end()) continue;
        flags[padded(sq)] |= uint16_t((h.when == Hostility::kAlways ? kHostileAlways : kHostileEmpty) << v);
      }
    }
  };
  mark({plain(throne)}, rules.throneHostile);
  mark(rules.corners, rules.cornerHostile);
  std::vector<int> campSquares;
  for (const auto& camp : rules.camps) campSquares.insert(campSquares.end(), camp.begin(), camp.end());
  mark(campSquares, rules.campHostile);
}

// Movement permissions per mover class: 0 defender, 1 king, 2+2*camp+onEdge attacker.
// Corners limit stopping only (docs/RULES.md 3.3, 8.10); camps admit only their own
// attackers (3.4); attackers off the edge may be kept off it (3.5).
void Topology::buildMovePermissions() {
  const int n = size;
  const int classes = 2 + 2 * (int(rules.camps.size()) + 1);
  allow.assign(classes, {});
  for (int cls = 0; cls < classes; ++cls) {
    const bool isKing = cls == 1;
    const bool isAttacker = cls >= 2;
    const int camp = isAttacker ? (cls - 2) / 2 : 0;
    const bool onEdge = isAttacker && ((cls - 2) % 2 == 1);
    for (int sq = 0; sq < n * n; ++sq) {
      const int cell = padded(sq);
      bool pass = true, stop = true;
      if (cell == throne) {
        // A king off the throne has left it; re-entering needs king_reenter (docs/RULES.md
        // 3.2, 8.20).
        const bool kingMay = isKing && rules.kingReenter;
        stop = rules.throneStop == Who::kAll ? (!isKing || rules.kingReenter)
               : isKingOnly(rules.throneStop) ? kingMay
                                              : false;
        pass = rules.thronePass == Who::kAll ? (!isKing || rules.kingReenter)
               : isKingOnly(rules.thronePass) ? kingMay
                                              : false;
      }
      if ((flags[cell] & kCorner) && rules.cornersStop == Who::kKing && !isKing) stop = false;
      if (campId[cell] && !(isAttacker && campId[cell] == camp)) pass = stop = false;
      if (isAttacker && !onEdge && !rules.attackersReturnToEdge && (flags[cell] & kEdge)) stop = false;
      allow[cls][cell] = uint8_t((pass ? kMayPass : 0) | (stop ? kMayStop : 0));
    }
  }
}

void Topology::buildZobristKeys() {
  uint64_t seed = 0x7A61F1ULL;
  for (auto& table : zobrist)
    for (auto& key : table) key = splitMix64(seed);
  sideKey = splitMix64(seed);
}

}  // namespace tz::tafl
