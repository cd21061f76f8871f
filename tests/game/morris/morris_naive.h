#pragma once
// A second, deliberately naive morris turn enumerator written from the rules text
// (docs/MORRIS.md sections 1-3), sharing no code or tables with the engine: points and
// lines by name, boards as strings. Used to cross-check the engine's turns and perft.
// The draw rules are left out: they cannot apply within the few turns it is used for.
#include <array>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace tz::test::naive {

/// The 24 points in the record's canonical order.
inline const std::vector<std::string>& points() {
  static const std::vector<std::string> p = {"a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d2", "d3",
                                             "d5", "d6", "d7", "e3", "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7"};
  return p;
}

/// The drawn lines of three points: the sides of the three squares and the four spokes.
inline const std::vector<std::array<std::string, 3>>& lines() {
  static const std::vector<std::array<std::string, 3>> l = {
      {"a1", "d1", "g1"}, {"g1", "g4", "g7"}, {"g7", "d7", "a7"}, {"a7", "a4", "a1"},  // outer square
      {"b2", "d2", "f2"}, {"f2", "f4", "f6"}, {"f6", "d6", "b6"}, {"b6", "b4", "b2"},  // middle square
      {"c3", "d3", "e3"}, {"e3", "e4", "e5"}, {"e5", "d5", "c5"}, {"c5", "c4", "c3"},  // inner square
      {"a4", "b4", "c4"}, {"e4", "f4", "g4"}, {"d1", "d2", "d3"}, {"d5", "d6", "d7"}};  // spokes
  return l;
}

/// A position: who stands where, who is to move, what is in hand.
struct Pos {
  std::string board;   // 24 characters 'W', 'B' or '.', canonical order
  char mover = 'W';    // 'W' or 'B'
  int handW = 9, handB = 9;
};

/// Reads the first four fields of a position record.
inline Pos fromRecord(const std::string& record) {
  std::istringstream in(record);
  Pos p;
  std::string side;
  in >> p.board >> side >> p.handW >> p.handB;
  p.mover = side == "white" ? 'W' : 'B';
  return p;
}

inline int indexOf(const std::string& name) {
  for (size_t i = 0; i < points().size(); ++i)
    if (points()[i] == name) return int(i);
  return -1;
}

inline bool adjacent(const std::string& a, const std::string& b) {
  for (const auto& l : lines())
    for (int i = 0; i < 2; ++i)
      if ((l[i] == a && l[i + 1] == b) || (l[i] == b && l[i + 1] == a)) return true;
  return false;
}

/// Whether the piece on `name` is part of a line of three of its colour.
inline bool inMill(const std::string& board, const std::string& name) {
  const char c = board[indexOf(name)];
  for (const auto& l : lines()) {
    bool onLine = false, full = true;
    for (const auto& q : l) {
      onLine |= q == name;
      full &= board[indexOf(q)] == c;
    }
    if (onLine && full) return true;
  }
  return false;
}

inline int piecesOf(const std::string& board, char c) {
  int n = 0;
  for (char x : board) n += x == c;
  return n;
}

/// Whether the game has ended by the piece count: placing over, a side below three.
inline bool tooFew(const Pos& p) {
  return p.handW == 0 && p.handB == 0 && (piecesOf(p.board, 'W') < 3 || piecesOf(p.board, 'B') < 3);
}

/// Every legal turn in notation with the position after it.
inline std::vector<std::pair<std::string, Pos>> turns(const Pos& p, bool flyingRule) {
  std::vector<std::pair<std::string, Pos>> out;
  if (tooFew(p)) return out;
  const char me = p.mover, them = me == 'W' ? 'B' : 'W';
  const int hand = me == 'W' ? p.handW : p.handB;
  const bool fly = flyingRule && hand == 0 && piecesOf(p.board, me) == 3;
  std::vector<std::pair<std::string, std::string>> steps;  // (from or "", to)
  for (const auto& to : points()) {
    if (p.board[indexOf(to)] != '.') continue;
    if (hand > 0) {
      steps.push_back({"", to});
      continue;
    }
    for (const auto& from : points())
      if (p.board[indexOf(from)] == me && (fly || adjacent(from, to))) steps.push_back({from, to});
  }
  for (const auto& [from, to] : steps) {
    Pos next = p;
    if (from.empty()) (me == 'W' ? next.handW : next.handB) -= 1;
    else next.board[indexOf(from)] = '.';
    next.board[indexOf(to)] = me;
    next.mover = them;
    const std::string name = (from.empty() ? "" : from + "-") + to;
    std::vector<std::string> victims, unprotected;
    if (inMill(next.board, to)) {
      for (const auto& q : points()) {
        if (next.board[indexOf(q)] != them) continue;
        victims.push_back(q);
        if (!inMill(next.board, q)) unprotected.push_back(q);
      }
      if (!unprotected.empty()) victims = unprotected;
    }
    if (victims.empty()) out.push_back({name, next});
    for (const auto& v : victims) {
      Pos after = next;
      after.board[indexOf(v)] = '.';
      out.push_back({name + "x" + v, after});
    }
  }
  return out;
}

/// Leaf count of the turn tree.
inline uint64_t perft(const Pos& p, int depth, bool flyingRule) {
  if (depth == 0) return 1;
  uint64_t n = 0;
  for (const auto& t : turns(p, flyingRule)) n += perft(t.second, depth - 1, flyingRule);
  return n;
}

}  // namespace tz::test::naive
