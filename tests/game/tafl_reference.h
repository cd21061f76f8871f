#pragma once
// A deliberately naive second implementation of docs/RULES.md, written straight from the text
// with a plain character board and no precomputed tables. Tests play both engines side by
// side and compare every legal move list and result: a test oracle, not production code.
#include <algorithm>
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
  void move(int from, int to, bool score) {
    const char p = b_[from];
    b_[to] = p;
    b_[from] = '.';
    const int tf = to % n_, tr = to / n_;
    const int df[4] = {0, 1, 0, -1}, dr[4] = {1, 0, -1, 0};
    bool kingTaken = false, captured = false;
    for (int d = 0; d < 4; ++d) {
      const int vf = tf + df[d], vr = tr + dr[d];
      if (!onBoard(vf, vr)) continue;
      const char v = b_[vr * n_ + vf];
      if (p == 't' && v == 'T' && anvil(vf + df[d], vr + dr[d], 1)) {
        b_[vr * n_ + vf] = '.';
        captured = true;
      } else if (p == 't' && v == 'K' && kingCaptured(vr * n_ + vf, tf, tr)) {
        kingTaken = true;
      } else if ((p == 'T' || (p == 'K' && r_.kingArmed)) && v == 't' && anvil(vf + df[d], vr + dr[d], 0)) {
        b_[vr * n_ + vf] = '.';
        captured = true;
      }
    }
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
