#include "game/morris/egtb/solver.h"

#include <algorithm>
#include <climits>

#include "game/base/error.h"
#include "game/morris/egtb/turns.h"

namespace tz::morris::egtb {

namespace {

// Exit byte of a position whose captures include one into a draw (it cannot lose).
constexpr uint8_t kDrawExit = 0xFF;

// Whether `point` lies on a mill of the points `set`.
bool inMill(const Board& b, Mask set, int point) {
  return (set & b.millsAt[point][0]) == b.millsAt[point][0] || (set & b.millsAt[point][1]) == b.millsAt[point][1];
}

// The solver of one pair of classes. Positions of both classes share one index space
// (the first class, then the second). Per position it keeps the value byte (0: not known
// yet, a draw at the end), the turns without a removal whose result is not yet known to
// be a win for the opponent, and what the captures lead to: the longest win for the
// opponent among them or kDrawExit. Positions whose value is found wait in a bucket per
// distance; buckets are worked through in increasing distance, so a win is first found
// at its shortest distance and a loss when its longest-resisting turn is settled.
class PairSolver {
 public:
  PairSolver(const PieceClass& c, bool flying, const TableLookup& smaller) : flying_(flying) {
    add(c, smaller);
    if (!(c.swapped() == c)) add(c.swapped(), smaller);
  }

  std::vector<Table> solve() {
    for (const Part& p : parts_) {
      forEachPosition(p.cls, [&](uint32_t i, Mask own, Mask opp) { scan(p, p.offset + i, own, opp); });
    }
    for (int d = 0; d <= kMaxDistance; ++d) {
      for (size_t i = 0; i < buckets_[d].size(); ++i) settleNext(buckets_[d][i], d);
      std::vector<uint32_t>().swap(buckets_[d]);
    }
    std::vector<Table> out;
    for (const Part& p : parts_) {
      const auto first = codes_.begin() + p.offset;
      out.push_back(Table{p.cls, flying_, std::vector<uint8_t>(first, first + p.cls.size())});
    }
    return out;
  }

 private:
  struct Part {
    PieceClass cls;
    uint32_t offset = 0;
    const Table* captures = nullptr;  // the class a capture leads to (none: the opponent has lost)
  };

  void add(const PieceClass& c, const TableLookup& smaller) {
    Part p{c, uint32_t(codes_.size()), nullptr};
    if (c.opponent - 1 >= kMinPieces) p.captures = &smaller(PieceClass{c.opponent - 1, c.mover});
    const size_t total = codes_.size() + c.size();
    if (total > UINT32_MAX) {
      throw Error("piece classes " + c.name() + " and " + c.swapped().name() + " are too large to solve together");
    }
    parts_.push_back(p);
    codes_.resize(total);
    counts_.resize(total);
    exits_.resize(total);
  }

  // Records a found value and queues the position at its distance.
  void found(uint32_t g, const Value& v) {
    if (v.distance > kMaxDistance) {
      throw Error("a distance of more than " + std::to_string(kMaxDistance) + " plies in class " +
                  parts_[0].cls.name() + ": the one-byte value format cannot hold it");
    }
    codes_[g] = encode(v);
    buckets_[v.distance].push_back(g);
  }

  // First look at a position of part `p`: counts its turns within the pair and values
  // its captures.
  void scan(const Part& p, uint32_t g, Mask own, Mask opp) {
    generateTurns(flying_, own, opp, false, turns_);
    if (turns_.size == 0) return found(g, {Result::kLoss, 0});
    const Table* captures = p.captures;
    int inPair = 0, quickestWin = INT_MAX;
    uint8_t exit = 0;
    for (int i = 0; i < turns_.size; ++i) {
      const Turn& t = turns_.turns[i];
      if (t.remove < 0) {
        ++inPair;
        continue;
      }
      const Sides child = childOf(own, opp, t);
      const Value v = captures ? captures->at(child.own, child.opp) : Value{Result::kLoss, 0};
      if (v.result == Result::kLoss) quickestWin = std::min(quickestWin, v.distance + 1);
      else if (v.result == Result::kDraw) exit = kDrawExit;
      else if (exit != kDrawExit) exit = uint8_t(std::max<int>(exit, v.distance));
    }
    counts_[g] = uint8_t(inPair);
    exits_[g] = exit;
    if (quickestWin != INT_MAX) found(g, {Result::kWin, quickestWin});
    else if (inPair == 0 && exit != kDrawExit) found(g, {Result::kLoss, exit + 1});
  }

  // Takes a queued position off bucket `d`, unless a shorter win superseded it, and
  // passes its value on to the positions a turn away before it.
  void settleNext(uint32_t g, int d) {
    if (codes_[g] != d + 1) return;
    const size_t k = g >= parts_.back().offset ? parts_.size() - 1 : 0;
    const Part& p = parts_[k];
    const uint32_t before = parts_[parts_.size() - 1 - k].offset;  // the swapped class's part
    Mask own, opp;
    positionAt(p.cls, g - p.offset, own, opp);
    const bool loss = d % 2 == 0, fly = flying_ && p.cls.opponent == kMinPieces;
    forEachPredecessor(own, opp, fly, [&](Mask mover, Mask other) {
      const uint32_t h = before + positionIndex(mover, other);
      const uint8_t code = codes_[h];
      if (loss) {
        if (code == 0 || code > d + 2) found(h, {Result::kWin, d + 1});
      } else if (code == 0 && --counts_[h] == 0 && exits_[h] != kDrawExit) {
        found(h, {Result::kLoss, std::max<int>(d, exits_[h]) + 1});
      }
    });
  }

  // Calls f(mover, other) for each position one turn without a removal before (own, opp)
  // (`opp` made that turn): a piece of `opp` goes back along a line, or flies back when
  // `fly`, from a point where it stands in no mill.
  template <class F>
  static void forEachPredecessor(Mask own, Mask opp, bool fly, F&& f) {
    const Board& b = board();
    const Mask empty = kAllPoints & ~(own | opp);
    for (Mask pieces = opp; pieces; pieces &= pieces - 1) {
      const int to = lowest(pieces);
      if (inMill(b, opp, to)) continue;
      for (Mask from = fly ? empty : b.adjacent[to] & empty; from; from &= from - 1) {
        f((opp & ~(1u << to)) | (1u << lowest(from)), own);
      }
    }
  }

  bool flying_;
  std::vector<Part> parts_;
  std::vector<uint8_t> codes_, counts_, exits_;
  std::vector<uint32_t> buckets_[kMaxDistance + 1];
  TurnList turns_;
};

}  // namespace

std::vector<Table> solvePair(const PieceClass& c, bool flying, const TableLookup& smaller) {
  return PairSolver(c, flying, smaller).solve();
}

}  // namespace tz::morris::egtb
