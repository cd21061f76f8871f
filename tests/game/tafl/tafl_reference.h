#pragma once
// A deliberately naive second implementation of docs/RULES.md, written straight from the text
// with a plain character board and no precomputed tables. Tests play both engines side by
// side and compare every legal move list and result: a test oracle, not production code.
#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

#include "game/game.h"
#include "game/tafl/position.h"
#include "game/tafl/rules.h"
#include "game/tafl/topology.h"

namespace tz::test {

/// The reference engine's position.
class ReferenceTafl {
 public:
  /// A position of `rules` from a record with `side` to move.
  ReferenceTafl(const tafl::Rules& rules, const std::string& record, int side) : r_(rules), n_(rules.size), side_(side) {
    const auto cells = tafl::parseRecord(record, n_);
    for (uint8_t c : cells) b_.push_back(c == tafl::kAttacker ? 't' : c == tafl::kDefender ? 'T' : c == tafl::kKing ? 'K' : '.');
    for (int sq = 0; sq < n_ * n_; ++sq)
      if (b_[sq] == 't') attackerStart_.push_back(sq);
    if (r_.repetitionCountsStart) hist_.push_back(key());
    int k = king();
    if (k >= 0 && isEscape(k)) out_ = {true, tafl::kDefenders, tafl::end_reason::kEscape};
    else if (legal().empty()) out_ = {true, 1 - side_, end_reason::kNoMoves};
  }

  /// Result so far.
  const Outcome& outcome() const { return out_; }
  /// Board record.
  std::string record() const {
    std::vector<uint8_t> cells;
    for (char c : b_) cells.push_back(c == 't' ? tafl::kAttacker : c == 'T' ? tafl::kDefender : c == 'K' ? tafl::kKing : tafl::kEmpty);
    return tafl::writeRecord(cells, n_);
  }

  /// Legal moves "a1-a3", sorted.
  std::vector<std::string> legal() const {
    std::vector<std::string> moves;
    for (int from = 0; from < n_ * n_; ++from) {
      const char p = b_[from];
      if (p == '.' || (p == 't') != (side_ == tafl::kAttackers)) continue;
      const int df[4] = {0, 1, 0, -1}, dr[4] = {1, 0, -1, 0};
      for (int d = 0; d < 4; ++d) {
        int f = from % n_ + df[d], rk = from / n_ + dr[d];
        for (; f >= 0 && f < n_ && rk >= 0 && rk < n_; f += df[d], rk += dr[d]) {
          const int sq = rk * n_ + f;
          if (b_[sq] != '.') break;
          if (mayStop(p, from, sq)) {
            ReferenceTafl next = *this;
            next.move(from, sq, false);
            const bool forbidden = r_.repetition == tafl::Repetition::kForbidden && next.lastCount_ >= r_.repetitionCount;
            if (!forbidden) moves.push_back(tafl::squareName(from, n_) + "-" + tafl::squareName(sq, n_));
          }
          if (!mayPass(p, from, sq)) break;
        }
      }
    }
    std::sort(moves.begin(), moves.end());
    return moves;
  }

  /// Plays a move given as "a1-a3".
  void play(const std::string& m) {
    const auto dash = m.find('-');
    move(tafl::parseSquare(m.substr(0, dash), n_), tafl::parseSquare(m.substr(dash + 1), n_), true);
  }

 private:
  int king() const {
    for (int sq = 0; sq < n_ * n_; ++sq)
      if (b_[sq] == 'K') return sq;
    return -1;
  }
  std::string key() const { return std::string(b_.begin(), b_.end()) + char('0' + side_); }
  bool isThrone(int sq) const { return sq == (n_ / 2) * n_ + n_ / 2; }
  bool isCorner(int sq) const { return std::count(r_.corners.begin(), r_.corners.end(), sq) > 0; }
  bool isEdge(int sq) const { return sq % n_ == 0 || sq / n_ == 0 || sq % n_ == n_ - 1 || sq / n_ == n_ - 1; }
  int campOf(int sq) const {
    for (size_t c = 0; c < r_.camps.size(); ++c)
      if (std::count(r_.camps[c].begin(), r_.camps[c].end(), sq)) return int(c) + 1;
    return 0;
  }
  bool isEscape(int sq) const {
    if (campOf(sq)) return false;
    if (r_.escapeKind == "edge") return isEdge(sq);
    if (r_.escapeKind == "corners") return isCorner(sq);
    if (r_.escapeKind == "attacker_start") return std::count(attackerStart_.begin(), attackerStart_.end(), sq) > 0;
    return std::count(r_.escapeList.begin(), r_.escapeList.end(), sq) > 0;
  }
  bool throneAllows(tafl::Who who, char p) const {
    if (p == 'K' && !r_.kingReenter) return false;  // the king off the throne has left it
    return who == tafl::Who::kAll || (who == tafl::Who::kKing && p == 'K');
  }
  bool mayStop(char p, int from, int sq) const {
    if (isThrone(sq) && !throneAllows(r_.throneStop, p)) return false;
    if (isCorner(sq) && r_.cornersStop == tafl::Who::kKing && p != 'K') return false;
    if (campOf(sq) && (p != 't' || campOf(from) != campOf(sq))) return false;
    if (p == 't' && !r_.attackersReturnToEdge && !isEdge(from) && isEdge(sq)) return false;
    return true;
  }
  bool mayPass(char p, int from, int sq) const {
    if (isThrone(sq) && !throneAllows(r_.thronePass, p)) return false;
    if (campOf(sq) && (p != 't' || campOf(from) != campOf(sq))) return false;
    return true;
  }
  // Whether the special square sq is hostile to `victim` (0 attacker, 1 defender, 2 king).
  bool hostileSquare(int sq, int victim) const {
    auto check = [&](const tafl::Hostility& h) {
      if (h.when == tafl::Hostility::kNever) return false;
      if (!h.only.empty() && !std::count(h.only.begin(), h.only.end(), sq)) return false;
      return h.when == tafl::Hostility::kAlways || b_[sq] == '.';
    };
    return (isThrone(sq) && check(r_.throneHostile[victim])) || (isCorner(sq) && check(r_.cornerHostile[victim])) ||
           (campOf(sq) && check(r_.campHostile[victim]));
  }
  bool onBoard(int f, int rk) const { return f >= 0 && rk >= 0 && f < n_ && rk < n_; }
  bool anvil(int f, int rk, int victim) const {
    if (!onBoard(f, rk)) return false;
    const int sq = rk * n_ + f;
    const char c = b_[sq];
    if (victim == 0 && (c == 'T' || (c == 'K' && r_.kingArmed))) return true;
    if (victim != 0 && c == 't') return true;
    return hostileSquare(sq, victim);
  }
  bool kingCaptured(int k, int hf, int hr) const {
    const int kf = k % n_, kr = k / n_;
    const int center = n_ / 2;
    const int df[4] = {0, 1, 0, -1}, dr[4] = {1, 0, -1, 0};
    auto mode = r_.kingCapture;
    if (mode == tafl::KingCapture::kWeakOffThrone) {
      const int dist = std::abs(kf - center) + std::abs(kr - center);
      if (dist <= 1) {
        for (int d = 0; d < 4; ++d) {
          const int f = kf + df[d], rk = kr + dr[d];
          if (isThrone(rk * n_ + f)) continue;
          if (b_[rk * n_ + f] != 't') return false;
        }
        return true;
      }
      mode = tafl::KingCapture::kWeak;
    }
    if (mode == tafl::KingCapture::kWeak) return anvil(2 * kf - hf, 2 * kr - hr, 2);
    for (int d = 0; d < 4; ++d) {
      const int f = kf + df[d], rk = kr + dr[d];
      if (!onBoard(f, rk)) {
        if (!r_.kingEdgeHostile) return false;
      } else if (!anvil(f, rk, 2)) {
        return false;
      }
    }
    return true;
  }
  bool enclosed() const {
    std::vector<char> seen(n_ * n_, 0);
    std::vector<int> todo;
    for (int sq = 0; sq < n_ * n_; ++sq)
      if (isEdge(sq) && b_[sq] != 't') {
        seen[sq] = 1;
        todo.push_back(sq);
      }
    while (!todo.empty()) {
      const int sq = todo.back();
      todo.pop_back();
      if (b_[sq] == 'T' || b_[sq] == 'K') return false;
      const int f = sq % n_, rk = sq / n_;
      const int nb[4][2] = {{f + 1, rk}, {f - 1, rk}, {f, rk + 1}, {f, rk - 1}};
      for (auto& q : nb) {
        if (!onBoard(q[0], q[1])) continue;
        const int s = q[1] * n_ + q[0];
        if (!seen[s] && b_[s] != 't') {
          seen[s] = 1;
          todo.push_back(s);
        }
      }
    }
    return true;
  }
  // Shieldwall (docs/RULES.md 4.5): the mover at (tf, tr) on the edge closes a row of two or
  // more enemies along that edge, each faced by one of the mover's side on the square inward,
  // with a piece of the mover's side or an empty corner square at the row's far end.
  void shieldwalls(int tf, int tr, std::vector<int>& taken) const {
    const bool takeAttackers = b_[tr * n_ + tf] != 't';
    auto victim = [&](char c) { return takeAttackers ? c == 't' : c == 'T' || c == 'K'; };
    auto partner = [&](char c) { return takeAttackers ? c == 'T' || (c == 'K' && r_.kingArmed) : c == 't'; };
    auto at = [&](int f, int rk) { return onBoard(f, rk) ? b_[rk * n_ + f] : '#'; };
    // Each edge the mover stands on: the inward step and the step along it.
    std::vector<std::array<int, 4>> lines;
    if (tr == 0) lines.push_back({0, 1, 1, 0});
    if (tr == n_ - 1) lines.push_back({0, -1, 1, 0});
    if (tf == 0) lines.push_back({1, 0, 0, 1});
    if (tf == n_ - 1) lines.push_back({-1, 0, 0, 1});
    for (const auto& l : lines) {
      for (int sign : {1, -1}) {
        const int af = l[2] * sign, ar = l[3] * sign;
        std::vector<int> row;
        int f = tf + af, rk = tr + ar;
        for (; victim(at(f, rk)) && partner(at(f + l[0], rk + l[1])); f += af, rk += ar) row.push_back(rk * n_ + f);
        const bool corner = onBoard(f, rk) && r_.shieldwallCorners && isCorner(rk * n_ + f) && at(f, rk) == '.';
        if (row.size() < 2 || !(partner(at(f, rk)) || corner)) continue;
        for (int sq : row)
          if (b_[sq] != 'K' && !std::count(taken.begin(), taken.end(), sq)) taken.push_back(sq);
      }
    }
  }
  // Edge fort (docs/RULES.md 6.8, 8.28): the king on the edge can move; the squares he reaches
  // over empty squares touch no attacker; every defender beside them can never be captured.
  bool fort() const {
    const int k = king();
    const int df[4] = {0, 1, 0, -1}, dr[4] = {1, 0, -1, 0};
    bool moves = false;
    for (int d = 0; d < 4; ++d) {
      int f = k % n_ + df[d], rk = k / n_ + dr[d];
      for (; onBoard(f, rk) && b_[rk * n_ + f] == '.'; f += df[d], rk += dr[d]) {
        if (mayStop('K', k, rk * n_ + f)) moves = true;
        if (!mayPass('K', k, rk * n_ + f)) break;
      }
    }
    if (!moves) return false;
    std::vector<char> inside(n_ * n_, 0);
    std::vector<int> todo{k};
    inside[k] = 1;
    while (!todo.empty()) {
      const int sq = todo.back();
      todo.pop_back();
      for (int d = 0; d < 4; ++d) {
        const int f = sq % n_ + df[d], rk = sq / n_ + dr[d];
        if (!onBoard(f, rk)) continue;
        const int q = rk * n_ + f;
        if (b_[q] == 't') return false;
        if (b_[q] == '.' && !inside[q]) {
          inside[q] = 1;
          todo.push_back(q);
        }
      }
    }
    // Defenders that can never be captured: drop, until none changes, every defender with a
    // line (or, with shieldwalls, an inward side on the edge) left without protection.
    std::vector<char> firm(n_ * n_, 0);
    for (int sq = 0; sq < n_ * n_; ++sq) firm[sq] = b_[sq] == 'T';
    auto safe = [&](int f, int rk) {
      if (!onBoard(f, rk)) return true;
      const int q = rk * n_ + f;
      if (firm[q]) return true;
      auto ever = [&](const tafl::Hostility& h) {  // hostile to defenders, empty or not
        return h.when != tafl::Hostility::kNever && (h.only.empty() || std::count(h.only.begin(), h.only.end(), q));
      };
      const bool hostile = (isThrone(q) && ever(r_.throneHostile[1])) || (isCorner(q) && ever(r_.cornerHostile[1])) ||
                           (campOf(q) && ever(r_.campHostile[1]));
      return inside[q] && !hostile;
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (int sq = 0; sq < n_ * n_; ++sq) {
        if (!firm[sq]) continue;
        const int f = sq % n_, rk = sq / n_;
        bool holds = (safe(f, rk + 1) || safe(f, rk - 1)) && (safe(f + 1, rk) || safe(f - 1, rk));
        if (r_.shieldwall) {
          if (rk == 0) holds = holds && safe(f, 1);
          if (rk == n_ - 1) holds = holds && safe(f, n_ - 2);
          if (f == 0) holds = holds && safe(1, rk);
          if (f == n_ - 1) holds = holds && safe(n_ - 2, rk);
        }
        if (!holds) firm[sq] = 0, changed = true;
      }
    }
    for (int sq = 0; sq < n_ * n_; ++sq) {
      if (!inside[sq]) continue;
      for (int d = 0; d < 4; ++d) {
        const int f = sq % n_ + df[d], rk = sq / n_ + dr[d];
        if (onBoard(f, rk) && b_[rk * n_ + f] == 'T' && !firm[rk * n_ + f]) return false;
      }
    }
    return true;
  }
  void move(int from, int to, bool score) {
    const char p = b_[from];
    b_[to] = p;
    b_[from] = '.';
    const int tf = to % n_, tr = to / n_;
    const int df[4] = {0, 1, 0, -1}, dr[4] = {1, 0, -1, 0};
    bool kingTaken = false;
    std::vector<int> taken;  // found on the board as the move left it, then removed together
    for (int d = 0; d < 4; ++d) {
      const int vf = tf + df[d], vr = tr + dr[d];
      if (!onBoard(vf, vr)) continue;
      const char v = b_[vr * n_ + vf];
      if (p == 't' && v == 'T' && anvil(vf + df[d], vr + dr[d], 1)) {
        taken.push_back(vr * n_ + vf);
      } else if (p == 't' && v == 'K' && kingCaptured(vr * n_ + vf, tf, tr)) {
        kingTaken = true;
      } else if ((p == 'T' || (p == 'K' && r_.kingArmed)) && v == 't' && anvil(vf + df[d], vr + dr[d], 0)) {
        taken.push_back(vr * n_ + vf);
      }
    }
    if (r_.shieldwall && (p != 'K' || r_.kingArmed)) shieldwalls(tf, tr, taken);
    for (int sq : taken) b_[sq] = '.';
    const bool captured = !taken.empty();
    const int mover = side_;
    side_ = 1 - side_;
    ++ply_;
    if (captured || kingTaken) hist_.clear();
    const std::string k = key();
    lastCount_ = int(std::count(hist_.begin(), hist_.end(), k)) + 1;
    hist_.push_back(k);
    if (!score) return;
    using R = tafl::Repetition;
    if (p == 'K' && isEscape(to)) out_ = {true, tafl::kDefenders, tafl::end_reason::kEscape};
    else if (kingTaken) out_ = {true, tafl::kAttackers, tafl::end_reason::kKingCaptured};
    else if (r_.edgeFort && mover == tafl::kDefenders && isEdge(king()) && fort())
      out_ = {true, tafl::kDefenders, tafl::end_reason::kEdgeFort};
    else if (r_.encirclement && mover == tafl::kAttackers && enclosed()) out_ = {true, tafl::kAttackers, tafl::end_reason::kEncirclement};
    else if (r_.repetition != R::kNone && r_.repetition != R::kForbidden && lastCount_ >= r_.repetitionCount)
      out_ = {true, r_.repetition == R::kDraw ? -1 : r_.repetition == R::kLossDefenders ? int(tafl::kAttackers) : 1 - mover,
              end_reason::kRepetition};
    else if (legal().empty()) out_ = {true, mover, end_reason::kNoMoves};
    else if (ply_ >= r_.plyLimit) out_ = {true, -1, end_reason::kPlyLimit};
  }

  const tafl::Rules& r_;
  int n_;
  std::vector<char> b_;
  std::vector<int> attackerStart_;
  int side_;
  int ply_ = 0;
  std::vector<std::string> hist_;
  int lastCount_ = 0;
  Outcome out_;
};

}  // namespace tz::test
