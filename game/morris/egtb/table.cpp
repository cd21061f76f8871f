#include "game/morris/egtb/table.h"

#include <algorithm>

namespace tz::morris::egtb {

bool TableStats::operator==(const TableStats& o) const {
  return positions == o.positions && wins == o.wins && losses == o.losses && draws == o.draws &&
         longestWin == o.longestWin && longestLoss == o.longestLoss;
}

TableStats Table::stats() const {
  uint64_t byCode[256] = {};
  for (uint8_t code : codes) ++byCode[code];
  TableStats s;
  s.positions = codes.size();
  s.draws = byCode[0];
  for (int code = 1; code < 256; ++code) {
    if (!byCode[code]) continue;
    const Value v = decode(uint8_t(code));
    if (v.result == Result::kWin) {
      s.wins += byCode[code];
      s.longestWin = std::max(s.longestWin, v.distance);
    } else {
      s.losses += byCode[code];
      s.longestLoss = std::max(s.longestLoss, v.distance);
    }
  }
  return s;
}

}  // namespace tz::morris::egtb
