// Random playouts through the action interface, checking the morris invariants at every
// ply (incremental hash, actions against turns, piece counts, termination and its reasons,
// encoding), and the 16 board symmetries: tables, round trips, and legal actions of
// transformed positions. The checks every game shares (clones, results at the end) are in
// conformance_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <random>
#include <set>

#include "tests/game/morris/morris_helpers.h"

namespace tz::test {
namespace {

using morris::kPoints;
using morris::Mask;

const morris::MorrisGame& asMorris(const Game& game) { return static_cast<const morris::MorrisGame&>(game); }

std::vector<Action> sortedActions(const State& state) {
  std::vector<Action> a;
  state.legalActions(a);
  std::sort(a.begin(), a.end());
  return a;
}

// The action of a turn's placement or move.
Action stepAction(const morris::Turn& t) {
  return t.from < 0 ? morris::kPlaceBase + t.to : morris::kMoveBase + t.from * kPoints + t.to;
}

// Every legal turn is a legal step action followed, when it forms a mill, by a legal removal
// action of the same side, reaching the same position; and the actions form no other turns.
void checkTurnsAgainstActions(const State& state) {
  const auto actions = sortedActions(state);
  const auto turns = state.legalTurns();
  if (morrisPosition(state).removalPending()) {
    std::vector<std::string> names;
    for (Action a : actions) names.push_back(state.actionName(a));
    std::sort(names.begin(), names.end());
    auto sortedTurns = turns;
    std::sort(sortedTurns.begin(), sortedTurns.end());
    EXPECT_EQ(names, sortedTurns);
    return;
  }
  for (const auto& name : turns) {
    const morris::Turn t = morris::parseTurn(name);
    const Action step = stepAction(t);
    ASSERT_TRUE(std::binary_search(actions.begin(), actions.end(), step)) << name;
    auto byActions = state.clone();
    byActions->apply(step);
    EXPECT_EQ(morrisPosition(*byActions).removalPending(), t.remove >= 0) << name;
    if (t.remove >= 0) {
      EXPECT_EQ(byActions->toMove(), state.toMove());
      const auto removals = sortedActions(*byActions);
      ASSERT_TRUE(std::binary_search(removals.begin(), removals.end(), morris::kRemoveBase + t.remove)) << name;
      byActions->apply(morris::kRemoveBase + t.remove);
    }
    auto byTurn = state.clone();
    byTurn->playTurn(name);
    EXPECT_EQ(byActions->hash(), byTurn->hash()) << name;
    EXPECT_EQ(byActions->record(), byTurn->record()) << name;
  }
  size_t combined = 0;
  for (Action a : actions) {
    auto child = state.clone();
    child->apply(a);
    combined += morrisPosition(*child).removalPending() ? sortedActions(*child).size() : 1;
  }
  EXPECT_EQ(combined, turns.size());
}

// The record of a state with its board mapped by symmetry s.
std::string transformedRecord(const morris::MorrisGame& game, const State& state, int s) {
  const std::string record = state.record();
  std::string board(kPoints, '.');
  for (int p = 0; p < kPoints; ++p) board[game.mapPoint(s, p)] = record[p];
  return board + record.substr(kPoints);
}

// Symmetry s maps the legal actions, the encoding and the result of every action of
// `state` to those of the transformed position.
void checkSymmetry(const morris::MorrisGame& game, const State& state, int s) {
  auto image = game.fromRecord(transformedRecord(game, state, s), "");
  const auto& amap = game.actionMap(s);
  std::vector<Action> mapped;
  for (Action a : sortedActions(state)) mapped.push_back(amap[a]);
  std::sort(mapped.begin(), mapped.end());
  ASSERT_EQ(mapped, sortedActions(*image)) << state.record() << " symmetry " << s;

  const int area = morris::kRings * morris::kRingPoints;
  std::vector<float> a(game.inputShape().size()), b(a.size());
  state.encode(a.data());
  image->encode(b.data());
  const auto& cmap = game.cellMap(s);
  for (int plane = 0; plane < game.inputShape().planes; ++plane) {
    if (plane == 10 || plane == 11) continue;  // repetition and no-removal history restart in a record
    for (int cell = 0; cell < area; ++cell)
      ASSERT_EQ(a[plane * area + cell], b[plane * area + cmap[cell]]) << "plane " << plane << " symmetry " << s;
  }
  std::vector<Action> actions;
  state.legalActions(actions);
  for (Action act : actions) {
    auto child = state.clone();
    child->apply(act);
    auto childImage = image->clone();
    childImage->apply(amap[act]);
    ASSERT_EQ(transformedRecord(game, *child, s), childImage->record()) << state.actionName(act);
  }
}

void checkEncoding(const Game& game, const State& state) {
  std::vector<float> planes(game.inputShape().size(), -1.f);
  state.encode(planes.data());
  const int area = morris::kRings * morris::kRingPoints;
  for (float v : planes) ASSERT_TRUE(v >= 0.f && v <= 1.f) << v;
  EXPECT_EQ(std::accumulate(planes.begin(), planes.begin() + area, 0.f), float(onBoard(state, 0)));
  EXPECT_EQ(std::accumulate(planes.begin() + area, planes.begin() + 2 * area, 0.f), float(onBoard(state, 1)));
  EXPECT_EQ(std::accumulate(planes.begin() + 2 * area, planes.begin() + 3 * area, 0.f), 24.f);
}

class MorrisPlayout : public ::testing::TestWithParam<std::string> {};

TEST_P(MorrisPlayout, InvariantsHoldAtEveryPly) {
  auto game = morrisGame({}, GetParam());
  const auto& mg = asMorris(*game);
  std::mt19937_64 rng(11);
  std::set<EndReason> reasons;
  std::vector<Action> actions;
  for (int g = 0; g < 24; ++g) {
    auto state = game->newGame();
    int total[2] = {morris::kPieces, morris::kPieces};
    int ply = 0, lastActor = -1;
    bool lastWasRemoval = false;
    while (!state->outcome().over) {
      const auto& pos = morrisPosition(*state);
      ASSERT_EQ(state->hash(), pos.computeHash()) << state->record();
      ASSERT_EQ(state->ply(), ply);
      // Pieces on the board and in hand never increase: the actor keeps its own, and only a
      // removal action takes one from the other side. After placing, board counts only fall.
      for (int side = 0; side < 2; ++side) {
        const int now = morris::count(pos.pieces(side)) + pos.inHand(side);
        const int lost = total[side] - now;
        ASSERT_TRUE(lost == 0 || (lost == 1 && side != lastActor && lastWasRemoval)) << state->record();
        total[side] = now;
      }
      if (g < 6) checkTurnsAgainstActions(*state);
      if (g < 3 && ply % 4 == 0) {
        checkEncoding(*game, *state);
        for (int s = 0; s < game->numSymmetries(); ++s) checkSymmetry(mg, *state, s);
      }
      state->legalActions(actions);
      ASSERT_FALSE(actions.empty());
      const Action action = actions[rng() % actions.size()];
      lastActor = state->toMove();
      lastWasRemoval = action >= morris::kRemoveBase;
      state->apply(action);
      ++ply;
      ASSERT_LE(ply, 2 * mg.rules().plyLimit) << "game does not end";
    }
    const Outcome& out = state->outcome();
    reasons.insert(out.reason);
    const auto& pos = morrisPosition(*state);
    if (out.reason == morris::end_reason::kTooFewPieces) {
      EXPECT_LT(morris::count(pos.pieces(1 - out.winner)), 3);
    } else if (out.reason == end_reason::kNoMoves) {
      EXPECT_EQ(out.winner, 1 - state->toMove());
    } else {
      EXPECT_EQ(out.winner, -1);
    }
  }
  EXPECT_TRUE(reasons.count(morris::end_reason::kTooFewPieces));
}

INSTANTIATE_TEST_SUITE_P(Variants, MorrisPlayout, ::testing::Values("morris", "morris-noflying"),
                         [](const auto& info) { return info.param == "morris" ? "flying" : "noflying"; });

TEST(MorrisSymmetry, TablesArePermutationsThatRoundTrip) {
  auto game = morrisGame();
  const auto& mg = asMorris(*game);
  const auto& b = morris::board();
  const int cells = kPoints;
  ASSERT_EQ(game->numSymmetries(), 16);
  EXPECT_EQ(game->policyShape().size(), game->numActions());
  EXPECT_EQ(game->numActions(), 624);
  std::set<std::vector<int>> distinct;
  for (int s = 0; s < 16; ++s) {
    const auto& cm = game->cellMap(s);
    const auto& am = game->actionMap(s);
    ASSERT_EQ(int(cm.size()), cells);
    ASSERT_EQ(int(am.size()), game->numActions());
    EXPECT_EQ(std::set<int>(cm.begin(), cm.end()).size(), size_t(cells));
    EXPECT_EQ(std::set<int>(am.begin(), am.end()).size(), size_t(game->numActions()));
    for (int p = 0; p < kPoints; ++p) EXPECT_EQ(cm[b.ringCell(p)], b.ringCell(mg.mapPoint(s, p)));
    // Lines map to lines: mills to mills, neighbours to neighbours.
    std::set<Mask> mills(std::begin(b.mills), std::end(b.mills));
    for (Mask m : b.mills) {
      Mask image = 0;
      for (int p = 0; p < kPoints; ++p)
        if (m >> p & 1) image |= 1u << mg.mapPoint(s, p);
      EXPECT_TRUE(mills.count(image)) << "symmetry " << s;
    }
    for (int p = 0; p < kPoints; ++p)
      for (int q = 0; q < kPoints; ++q)
        EXPECT_EQ(b.adjacent[p] >> q & 1, b.adjacent[mg.mapPoint(s, p)] >> mg.mapPoint(s, q) & 1);
    // Some symmetry undoes s on cells and on actions.
    int inverses = 0;
    for (int t = 0; t < 16; ++t) {
      bool undoes = true;
      for (int c = 0; c < cells; ++c) undoes &= game->cellMap(t)[cm[c]] == c;
      for (int a = 0; a < game->numActions(); ++a) undoes &= game->actionMap(t)[am[a]] == a;
      inverses += undoes;
    }
    EXPECT_EQ(inverses, 1) << "symmetry " << s;
    distinct.insert(cm);
  }
  EXPECT_EQ(distinct.size(), 16u);
  for (int c = 0; c < cells; ++c) EXPECT_EQ(game->cellMap(0)[c], c);
  // Symmetry 8 swaps the rings: a1 <-> c3, d1 <-> d3, b2 stays.
  EXPECT_EQ(mg.mapPoint(8, morris::parsePoint("a1")), morris::parsePoint("c3"));
  EXPECT_EQ(mg.mapPoint(8, morris::parsePoint("d3")), morris::parsePoint("d1"));
  EXPECT_EQ(mg.mapPoint(8, morris::parsePoint("b2")), morris::parsePoint("b2"));
}

TEST(MorrisSymmetry, ShapesAndEncodingDescription) {
  auto game = morrisGame();
  EXPECT_EQ(game->inputShape().planes, 18);
  EXPECT_EQ(game->inputShape().height, 3);
  EXPECT_EQ(game->inputShape().width, 8);
  const std::string json = game->encodingJson();
  for (const char* key : {"\"planes\"", "\"place\"", "\"move\"", "\"remove\"", "\"symmetries\""})
    EXPECT_NE(json.find(key), std::string::npos) << key;
}

// The 3x8 ring layout of the input puts every line segment between neighbouring cells:
// along a square in neighbouring columns (the last and first columns close the square),
// across the squares in neighbouring rows of one odd column; the mid-point plane marks
// the 12 points with three or four neighbours.
TEST(MorrisEncoding, RingLayoutPutsNeighboursSideBySide) {
  auto game = morrisGame();
  const auto& b = morris::board();
  std::set<int> cells;
  for (int p = 0; p < kPoints; ++p) cells.insert(b.ringCell(p));
  EXPECT_EQ(cells.size(), size_t(kPoints));
  EXPECT_EQ(*cells.rbegin(), kPoints - 1);
  EXPECT_EQ(b.ringCell(morris::parsePoint("a1")), 0);
  EXPECT_EQ(b.ringCell(morris::parsePoint("d1")), 7);
  EXPECT_EQ(b.ringCell(morris::parsePoint("b4")), 9);
  EXPECT_EQ(b.ringCell(morris::parsePoint("e3")), 22);
  int alongSquares = 0, acrossSquares = 0;
  for (int p = 0; p < kPoints; ++p)
    for (int q = p + 1; q < kPoints; ++q) {
      if (!(b.adjacent[p] >> q & 1)) continue;
      const int columns = std::abs(b.slot[p] - b.slot[q]);
      if (b.ring[p] == b.ring[q] && (columns == 1 || columns == 7)) ++alongSquares;
      else if (columns == 0 && b.slot[p] % 2 == 1 && std::abs(b.ring[p] - b.ring[q]) == 1) ++acrossSquares;
      else ADD_FAILURE() << morris::pointName(p) << "-" << morris::pointName(q) << " are not side by side";
    }
  EXPECT_EQ(alongSquares, 24);
  EXPECT_EQ(acrossSquares, 8);
  std::vector<float> planes(game->inputShape().size());
  game->newGame()->encode(planes.data());
  const int area = morris::kRings * morris::kRingPoints;
  for (int p = 0; p < kPoints; ++p)
    EXPECT_EQ(planes[size_t(17 * area + b.ringCell(p))], morris::count(b.adjacent[p]) >= 3 ? 1.f : 0.f)
        << morris::pointName(p);
}

// The points set in one of the tactical planes (13..16) of a position's encoding.
std::set<std::string> tacticalPlane(const Game& game, const std::string& record, int plane) {
  std::vector<float> planes(game.inputShape().size());
  game.fromRecord(record, "")->encode(planes.data());
  const int area = morris::kRings * morris::kRingPoints;
  std::set<std::string> points;
  for (int p = 0; p < kPoints; ++p)
    if (planes[size_t((13 + plane) * area + morris::board().ringCell(p))] == 1.f) points.insert(morris::pointName(p));
  return points;
}

using Points = std::set<std::string>;

TEST(MorrisEncoding, TacticalPlanesShowMillThreatsAndMobilePieces) {
  auto game = morrisGame();
  // Moving phase. White a1 a4 with d7 next to a7 threatens a7; b2 b4 need b6, which no
  // other white piece touches; a4 b4 need c4, likewise. Black f4 f6 with d2 next to f2
  // threatens f2; g1 g4 need g7, whose other neighbour d7 is white. White b2 is hemmed in
  // by b4 and d2.
  const std::string moving = morrisRecord("a1 a4 b2 b4 d7", "d2 f4 f6 g1 g4", "white 0 0 31");
  EXPECT_EQ(tacticalPlane(*game, moving, 0), Points({"a7"}));
  EXPECT_EQ(tacticalPlane(*game, moving, 1), Points({"f2"}));
  EXPECT_EQ(tacticalPlane(*game, moving, 2), Points({"a1", "a4", "b4", "d7"}));
  EXPECT_EQ(tacticalPlane(*game, moving, 3), Points({"d2", "f4", "f6", "g1", "g4"}));
  // Black down to three flies: every open two is a threat and every piece can go.
  const std::string flying = morrisRecord("a1 a4 b2 b4 d7", "f4 g1 g4", "black 0 0 40");
  EXPECT_EQ(tacticalPlane(*game, flying, 1), Points({"e4", "g7"}));
  EXPECT_EQ(tacticalPlane(*game, flying, 3), Points({"f4", "g1", "g4"}));
  auto noFlying = morrisGame({}, "morris-noflying");
  EXPECT_EQ(tacticalPlane(*noFlying, flying, 1), Points());
  // Placing phase: any open two can be filled from the hand.
  const std::string placing = morrisRecord("a1 a4", "g1 g4", "white 7 7 4");
  EXPECT_EQ(tacticalPlane(*game, placing, 0), Points({"a7"}));
  EXPECT_EQ(tacticalPlane(*game, placing, 1), Points({"g7"}));
}

}  // namespace
}  // namespace tz::test
