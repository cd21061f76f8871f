#include "game/morris/notation.h"

#include <sstream>
#include <vector>

#include "game/base/error.h"

namespace tz::morris {

namespace {

const char* kRecordForm =
    "expected '<24 points a1 a4 a7 b2 ... g7 as W, B or .> <white|black> <white in hand> "
    "<black in hand> <plies>', e.g. '........................ white 9 9 0'";

// A non-negative integer no larger than `hi`, or -1.
int parseCount(const std::string& text, int hi) {
  if (text.empty() || text.size() > 7) return -1;
  int v = 0;
  for (char ch : text) {
    if (ch < '0' || ch > '9') return -1;
    v = v * 10 + (ch - '0');
  }
  return v <= hi ? v : -1;
}

// Whether the side owning `own` has a complete mill.
bool hasMill(Mask own) {
  for (Mask m : board().mills)
    if ((own & m) == m) return true;
  return false;
}

}  // namespace

Setup parseRecord(const std::string& record) {
  auto fail = [&](const std::string& why) { return Error("bad morris position record " + quoted(record) + ": " + why); };
  std::istringstream in(record);
  std::vector<std::string> f;
  for (std::string token; in >> token;) f.push_back(token);
  if (f.size() < 5) throw fail(kRecordForm);
  if (f.size() > 6 || (f.size() == 6 && f[5] != "remove")) {
    throw fail("unexpected " + quoted(f[5]) + " after the ply count (only 'remove' may follow)");
  }
  Setup s;
  if (f[0].size() != kPoints) {
    throw fail("the board has " + std::to_string(f[0].size()) + " points, expected 24 (a1 a4 a7 b2 ... g7)");
  }
  for (int p = 0; p < kPoints; ++p) {
    const char ch = f[0][p];
    if (ch == 'W') s.pieces[0] |= 1u << p;
    else if (ch == 'B') s.pieces[1] |= 1u << p;
    else if (ch != '.') throw fail("point " + pointName(p) + " is " + quoted(f[0].substr(p, utf8Length(f[0], p))) + ", expected W, B or .");
  }
  if (f[1] != "white" && f[1] != "black") throw fail("side to move " + quoted(f[1]) + ", expected white or black");
  s.side = f[1] == "white" ? 0 : 1;
  s.pending = f.size() == 6;
  const char* names[2] = {"white", "black"};
  for (int side = 0; side < 2; ++side) {
    s.hand[side] = parseCount(f[2 + side], kPieces);
    if (s.hand[side] < 0) throw fail(std::string(names[side]) + " in hand " + quoted(f[2 + side]) + ", expected 0..9");
    if (count(s.pieces[side]) + s.hand[side] > kPieces) {
      throw fail(std::string(names[side]) + " has " + std::to_string(count(s.pieces[side])) +
                 " on the board and " + std::to_string(s.hand[side]) + " in hand, more than 9");
    }
  }
  s.plies = parseCount(f[4], 9999999);
  if (s.plies < 0) throw fail("plies " + quoted(f[4]) + ", expected a count 0..9999999");
  // White places first, so whoever places next holds as many pieces in hand as the other
  // side (White) or one more (Black). A pending removal belongs to the side that just placed.
  const int next = s.pending ? 1 - s.side : s.side;
  if ((s.hand[0] || s.hand[1]) && s.hand[0] != s.hand[1] - next) {
    throw fail("with " + std::string(names[next]) + " to place next, white must hold " +
               (next == 0 ? "as many pieces in hand as black" : "one piece fewer in hand than black"));
  }
  const int placed = 2 * kPieces - s.hand[0] - s.hand[1];
  if ((s.hand[0] || s.hand[1]) && s.plies + (s.pending ? 1 : 0) != placed) {
    throw fail(std::to_string(placed) + " pieces placed, so " + std::to_string(placed - (s.pending ? 1 : 0)) +
               " plies played in the placing phase, not " + std::to_string(s.plies));
  }
  if (!s.hand[0] && !s.hand[1] && s.plies + (s.pending ? 1 : 0) < placed) {
    throw fail("all 18 pieces placed in only " + std::to_string(s.plies) + " plies");
  }
  if (s.pending && (!hasMill(s.pieces[s.side]) || !s.pieces[1 - s.side])) {
    throw fail("'remove' needs a mill of " + std::string(names[s.side]) + " and an opponent piece to remove");
  }
  return s;
}

std::string writeRecord(const Setup& s) {
  std::string board(kPoints, '.');
  for (int p = 0; p < kPoints; ++p) {
    if (s.pieces[0] >> p & 1) board[p] = 'W';
    if (s.pieces[1] >> p & 1) board[p] = 'B';
  }
  return board + (s.side == 0 ? " white " : " black ") + std::to_string(s.hand[0]) + " " +
         std::to_string(s.hand[1]) + " " + std::to_string(s.plies) + (s.pending ? " remove" : "");
}

std::string turnName(const Turn& t) {
  std::string name;
  if (t.from >= 0) name = pointName(t.from) + "-";
  if (t.to >= 0) name += pointName(t.to);
  if (t.remove >= 0) name += "x" + pointName(t.remove);
  return name;
}

Turn parseTurn(const std::string& notation) {
  auto malformed = [&] {
    return RuleError("malformed move " + quoted(notation) +
                     ": expected a placement (d2), a move (d2-d3), either with a removal (d2xa1, d2-d3xa1), "
                     "or a lone pending removal (xa1)");
  };
  Turn t;
  std::string text = notation;
  const size_t x = text.find('x');
  if (x != std::string::npos) {
    const int r = parsePoint(text.substr(x + 1));
    if (r < 0) throw malformed();
    t.remove = int8_t(r);
    text = text.substr(0, x);
    if (text.empty()) return t;
  }
  const size_t dash = text.find('-');
  if (dash != std::string::npos) {
    const int from = parsePoint(text.substr(0, dash));
    if (from < 0) throw malformed();
    t.from = int8_t(from);
    text = text.substr(dash + 1);
  }
  const int to = parsePoint(text);
  if (to < 0) throw malformed();
  t.to = int8_t(to);
  return t;
}

}  // namespace tz::morris
