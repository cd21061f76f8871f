#include <cstring>

#include "game/base/error.h"
#include "game/morris/morris_expertise.h"
#include "game/morris/morris_game.h"

namespace tz::morris {

MorrisState::MorrisState(const MorrisGame& game, Position position) : PositionState(game, std::move(position)) {}

void MorrisState::legalActions(std::vector<Action>& out) const {
  out.clear();
  if (pos_.outcome().over) return;
  if (pos_.removalPending()) {
    for (Mask m = pos_.removable(); m; m &= m - 1) out.push_back(kRemoveBase + lowest(m));
    return;
  }
  pos_.forEachStep([&](int from, int to) {
    out.push_back(from < 0 ? kPlaceBase + to : kMoveBase + from * kPoints + to);
  });
}

void MorrisState::apply(Action a) {
  if (a >= kRemoveBase) pos_.removePiece(a - kRemoveBase);
  else if (a >= kMoveBase) pos_.step((a - kMoveBase) / kPoints, (a - kMoveBase) % kPoints);
  else pos_.step(-1, a - kPlaceBase);
}

std::string MorrisState::actionName(Action a) const {
  if (a >= kRemoveBase) return "x" + pointName(a - kRemoveBase);
  if (a >= kMoveBase) return pointName((a - kMoveBase) / kPoints) + "-" + pointName((a - kMoveBase) % kPoints);
  return pointName(a - kPlaceBase);
}

std::vector<std::string> MorrisState::legalTurns() const {
  TurnList list;
  pos_.generate(list);
  std::vector<std::string> out;
  out.reserve(list.size);
  for (int i = 0; i < list.size; ++i) out.push_back(turnName(list.turns[i]));
  return out;
}

std::string MorrisState::whyIllegal(const Turn& t) const {
  const int s = pos_.toMove();
  const std::string side = game_->sideName(s);
  if (pos_.removalPending()) return side + " has formed a mill and must name the removal alone (e.g. xa1)";
  if (t.to < 0) return "no removal is pending";
  if (t.from < 0 && pos_.inHand(s) == 0) return side + " has no pieces in hand: move a piece (d2-d3)";
  if (t.from >= 0 && pos_.inHand(s) > 0) return side + " still has pieces in hand: place one (d2)";
  bool stepLegal = false;
  pos_.forEachStep([&](int from, int to) { stepLegal |= from == t.from && to == t.to; });
  if (!stepLegal) return "";
  const std::string step = turnName(Turn{t.from, t.to, -1});
  if (!pos_.earnsRemoval(t.from, t.to)) return step + " forms no mill, so it removes nothing";
  if (t.remove < 0) return step + " forms a mill: name the removal too (" + step + "x<point>)";
  if (!(pos_.pieces(s ^ 1) >> t.remove & 1)) return pointName(t.remove) + " holds no opponent piece";
  return pointName(t.remove) + " is in a mill, and the opponent has pieces outside mills";
}

void MorrisState::playTurn(const std::string& notation) {
  const Turn t = parseTurn(notation);
  const std::string where = " in position " + record() + " (" + game_->sideName(pos_.toMove()) + " to move)";
  if (pos_.outcome().over) throw RuleError("illegal move " + quoted(notation) + ": the game is over" + where);
  TurnList list;
  pos_.generate(list);
  for (int i = 0; i < list.size; ++i) {
    const Turn& m = list.turns[i];
    if (m.from == t.from && m.to == t.to && m.remove == t.remove) {
      pos_.play(m);
      return;
    }
  }
  const std::string why = whyIllegal(t);
  throw RuleError("illegal move " + quoted(notation) + (why.empty() ? "" : ": " + why) + where);
}

std::vector<std::pair<std::string, uint64_t>> MorrisState::divide(int depth) const {
  std::vector<std::pair<std::string, uint64_t>> out;
  if (depth < 1) return out;
  TurnList list;
  pos_.generate(list);
  for (int i = 0; i < list.size; ++i) {
    Position child = pos_;
    child.play(list.turns[i]);
    out.emplace_back(turnName(list.turns[i]), child.perft(depth - 1));
  }
  return out;
}

namespace {

// Empty points where `side` closes a mill with its next placement or move: the other two
// points of a mill through the point are its own, and it can bring a piece there (a piece
// in hand, flying, or a piece of its own next to the point outside that mill).
Mask millThreats(const Position& pos, int side) {
  const Board& b = board();
  const Mask own = pos.pieces(side), empty = pos.empty();
  const bool anywhere = pos.inHand(side) > 0 || pos.mayFly(side);
  Mask threats = 0;
  for (Mask m = empty; m; m &= m - 1) {
    const int p = lowest(m);
    for (const Mask mill : b.millsAt[p]) {
      const Mask others = mill & ~(1u << p);
      if ((others & ~own) == 0 && (anywhere || (b.adjacent[p] & own & ~mill) != 0)) threats |= 1u << p;
    }
  }
  return threats;
}

// Pieces of `side` with somewhere to go: all of them while it flies, else those with an
// empty neighbour.
Mask mobilePieces(const Position& pos, int side) {
  const Board& b = board();
  const Mask own = pos.pieces(side), empty = pos.empty();
  if (pos.mayFly(side)) return own;
  Mask mobile = 0;
  for (Mask m = own; m; m &= m - 1)
    if (b.adjacent[lowest(m)] & empty) mobile |= 1u << lowest(m);
  return mobile;
}

}  // namespace

void MorrisState::encode(float* planes) const {
  const Board& b = board();
  const Rules& r = game_->rules();
  constexpr int area = kRings * kRingPoints;
  std::memset(planes, 0, sizeof(float) * MorrisGame::kPlanes * area);
  const bool placing = pos_.inHand(kWhite) > 0 || pos_.inHand(kBlack) > 0;
  const float constant[] = {
      pos_.toMove() == kWhite ? 1.f : 0.f,
      pos_.removalPending() ? 1.f : 0.f,
      float(pos_.inHand(kWhite)) / kPieces,
      float(pos_.inHand(kBlack)) / kPieces,
      placing ? 1.f : 0.f,
      pos_.mayFly(kWhite) ? 1.f : 0.f,
      pos_.mayFly(kBlack) ? 1.f : 0.f,
      pos_.repetitions() > 0 ? 1.f : 0.f,
      r.noRemovalPlies > 0 ? float(pos_.pliesWithoutRemoval()) / float(r.noRemovalPlies) : 0.f,
      float(pos_.plies()) / float(r.plyLimit),
  };
  constexpr int kFirstConstant = 3, kFirstTactical = kFirstConstant + int(sizeof(constant) / sizeof(float));
  const Mask tactical[] = {millThreats(pos_, kWhite), millThreats(pos_, kBlack), mobilePieces(pos_, kWhite),
                           mobilePieces(pos_, kBlack)};
  constexpr int kMidPoints = kFirstTactical + int(sizeof(tactical) / sizeof(Mask));
  static_assert(kMidPoints + 1 == MorrisGame::kPlanes, "plane count");
  for (int p = 0; p < kPoints; ++p) {
    const int cell = b.ringCell(p);
    planes[0 * area + cell] = float(pos_.pieces(kWhite) >> p & 1);
    planes[1 * area + cell] = float(pos_.pieces(kBlack) >> p & 1);
    planes[2 * area + cell] = 1.f;
    for (int i = 0; i < int(sizeof(tactical) / sizeof(Mask)); ++i)
      planes[(kFirstTactical + i) * area + cell] = float(tactical[i] >> p & 1);
    planes[kMidPoints * area + cell] = float(b.slot[p] & 1);
  }
  for (int i = 0; i < int(sizeof(constant) / sizeof(float)); ++i)
    for (int cell = 0; cell < area; ++cell) planes[(kFirstConstant + i) * area + cell] = constant[i];
}

std::string MorrisState::diagram() const {
  const Board& b = board();
  constexpr int rows = 2 * kGrid - 1, cols = 4 * kGrid - 3;
  std::string canvas[rows];
  for (auto& row : canvas) row.assign(cols, ' ');
  auto rowOf = [&](int p) { return 2 * (kGrid - 1 - b.rank[p]); };
  auto colOf = [&](int p) { return 4 * b.file[p]; };
  for (int p = 0; p < kPoints; ++p) {
    for (Mask m = b.adjacent[p]; m; m &= m - 1) {
      const int q = lowest(m);
      for (int c = std::min(colOf(p), colOf(q)) + 1; c < std::max(colOf(p), colOf(q)); ++c) canvas[rowOf(p)][c] = '-';
      for (int r = std::min(rowOf(p), rowOf(q)) + 1; r < std::max(rowOf(p), rowOf(q)); ++r) canvas[r][colOf(p)] = '|';
    }
  }
  for (int p = 0; p < kPoints; ++p) {
    canvas[rowOf(p)][colOf(p)] = (pos_.pieces(kWhite) >> p & 1) ? 'W' : (pos_.pieces(kBlack) >> p & 1) ? 'B' : '.';
  }
  std::string out;
  for (int r = 0; r < rows; ++r) {
    out += r % 2 == 0 ? std::to_string(kGrid - r / 2) + "  " : "   ";
    out += canvas[r] + "\n";
  }
  out += "   a   b   c   d   e   f   g\n";
  out += "   W white  B black; in hand: white " + std::to_string(pos_.inHand(kWhite)) + ", black " +
         std::to_string(pos_.inHand(kBlack));
  if (pos_.removalPending()) out += "; " + game_->sideName(pos_.toMove()) + " must remove a piece";
  return out + "\n";
}

const GameExpertise* MorrisState::expertise() const { return &MorrisExpertise::instance(); }

}  // namespace tz::morris
