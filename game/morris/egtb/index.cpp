#include "game/morris/egtb/index.h"

#include <array>
#include <sstream>

#include "game/base/error.h"

namespace tz::morris::egtb {

namespace {

// Pascal's triangle up to C(24, 9), built at compile time.
using Binomials = std::array<std::array<uint32_t, kPieces + 1>, kPoints + 1>;

constexpr Binomials pascal() {
  Binomials c{};
  for (int n = 0; n <= kPoints; ++n) {
    c[n][0] = 1;
    for (int k = 1; k <= kPieces && k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k < n ? c[n - 1][k] : 0);
  }
  return c;
}

constexpr Binomials kBinomial = pascal();

// C(n, k), 0 when k > n.
uint32_t binomial(int n, int k) { return k > n ? 0 : kBinomial[n][k]; }

// The set of `k` points with colex rank `r`: the i-th lowest point p adds C(p, i).
Mask unrankSet(uint32_t r, int k) {
  const auto& c = kBinomial;
  Mask set = 0;
  for (int p = kPoints - 1; k > 0; --p) {
    if (c[p][k] <= r) {
      r -= c[p][k];
      set |= 1u << p;
      --k;
    }
  }
  return set;
}

const char* kClassForm = "expected MvO, M pieces for the side to move and O for the opponent, each 3..9 (e.g. 3v4)";

}  // namespace

std::string PieceClass::name() const { return std::to_string(mover) + "v" + std::to_string(opponent); }

uint64_t PieceClass::size() const { return uint64_t(binomial(kPoints, mover)) * binomial(kPoints - mover, opponent); }

bool PieceClass::operator<(const PieceClass& o) const {
  const int total = mover + opponent, otherTotal = o.mover + o.opponent;
  return total != otherTotal ? total < otherTotal : mover < o.mover;
}

PieceClass parseClass(const std::string& text) {
  const size_t v = text.find('v');
  auto number = [&](const std::string& digits) {
    return digits.size() == 1 && digits[0] >= '0' + kMinPieces && digits[0] <= '0' + kPieces ? digits[0] - '0' : -1;
  };
  if (v == std::string::npos) throw Error("bad piece class " + quoted(text) + ": " + kClassForm);
  const PieceClass c{number(text.substr(0, v)), number(text.substr(v + 1))};
  if (c.mover < 0 || c.opponent < 0) throw Error("bad piece class " + quoted(text) + ": " + kClassForm);
  if (c.size() > UINT32_MAX) {
    throw Error("piece class " + c.name() + " has " + std::to_string(c.size()) +
                " positions, more than the database's 32-bit index holds");
  }
  return c;
}

std::vector<PieceClass> parseClasses(const std::string& text) {
  std::vector<PieceClass> out;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ',');) out.push_back(parseClass(item));
  if (out.empty() || text.back() == ',') {
    throw Error("bad class list " + quoted(text) + ": " + kClassForm + ", separated by commas");
  }
  return out;
}

uint32_t positionIndex(Mask own, Mask opp) {
  // Colex ranks of both sets in one pass over their points, lowest first: the i-th point
  // p of `own` adds C(p, i), the j-th point p of `opp` adds C(p - (points of `own` below
  // p), j), its place among the points outside `own`.
  uint32_t ownRank = 0, oppRank = 0;
  int i = 0, j = 0;
  for (Mask all = own | opp; all; all &= all - 1) {
    const int p = lowest(all);
    if (own >> p & 1) ownRank += kBinomial[p][++i];
    else oppRank += kBinomial[p - i][++j];
  }
  return ownRank * kBinomial[kPoints - i][j] + oppRank;
}

void positionAt(const PieceClass& c, uint32_t index, Mask& own, Mask& opp) {
  const uint32_t per = binomial(kPoints - c.mover, c.opponent);
  own = unrankSet(index / per, c.mover);
  opp = deposit(unrankSet(index % per, c.opponent), kAllPoints & ~own);
}

}  // namespace tz::morris::egtb
