// Morris rules with concrete positions: placing, moving, mills, protected pieces, double
// mills and flying (docs/MORRIS.md section 2).
#include <gtest/gtest.h>

#include "game/base/error.h"
#include "tests/game/morris/morris_helpers.h"

namespace tz::test {
namespace {

using morris::kBlack;
using morris::kWhite;
using Strings = std::vector<std::string>;

TEST(MorrisRules, WhiteMovesFirstAndPlacesAnywhere) {
  auto game = morrisGame();
  EXPECT_EQ(game->family(), "morris");
  auto state = game->newGame();
  EXPECT_EQ(state->toMove(), kWhite);
  EXPECT_EQ(game->sideName(state->toMove()), "white");
  EXPECT_EQ(state->record(), "........................ white 9 9 0");
  EXPECT_EQ(state->legalTurns().size(), 24u);
  state->playTurn("d2");
  EXPECT_EQ(state->toMove(), kBlack);
  EXPECT_EQ(state->record(), "..........W............. black 8 9 1");
  EXPECT_FALSE(hasTurn(*state, "d2"));  // occupied
  EXPECT_EQ(state->legalTurns().size(), 23u);
}

TEST(MorrisRules, MillWhilePlacingEarnsOneRemovalPerOpponentPiece) {
  auto game = morrisGame();
  auto state = morrisState(*game, "a1 a4", "g1 g4", "white 7 7 4");
  EXPECT_EQ(turnsStartingWith(*state, "a7"), (Strings{"a7xg1", "a7xg4"}));
  EXPECT_FALSE(hasTurn(*state, "a7"));
  EXPECT_TRUE(hasTurn(*state, "d1"));  // a1-d1-g1 is not White's line
  EXPECT_EQ(state->legalTurns().size(), 21u);  // 20 empty points, a7 with two removals
  state->playTurn("a7xg4");
  EXPECT_EQ(state->record(), morrisRecord("a1 a4 a7", "g1", "black 6 7 5"));
}

TEST(MorrisRules, MillIsTwoActionsBySameSide) {
  auto game = morrisGame();
  auto state = morrisState(*game, "a1 a4", "g1 g4", "white 7 7 4");
  state->apply(morris::kPlaceBase + morris::parsePoint("a7"));
  EXPECT_EQ(state->toMove(), kWhite);
  EXPECT_TRUE(morrisPosition(*state).removalPending());
  EXPECT_FALSE(state->outcome().over);
  std::vector<Action> actions;
  state->legalActions(actions);
  EXPECT_EQ(actions, (std::vector<Action>{morris::kRemoveBase + morris::parsePoint("g1"),
                                          morris::kRemoveBase + morris::parsePoint("g4")}));
  EXPECT_EQ(state->actionName(actions[0]), "xg1");
  EXPECT_EQ(state->legalTurns(), (Strings{"xg1", "xg4"}));
  EXPECT_EQ(state->record(), morrisRecord("a1 a4 a7", "g1 g4", "white 6 7 4 remove"));
  // The pending record reads back to the same position.
  EXPECT_EQ(game->fromRecord(state->record(), "")->hash(), state->hash());
  state->apply(actions[1]);
  EXPECT_EQ(state->toMove(), kBlack);
  EXPECT_EQ(state->ply(), 2);  // two actions
  EXPECT_EQ(state->record(), morrisRecord("a1 a4 a7", "g1", "black 6 7 5"));
}

TEST(MorrisRules, MillWhileMovingIncludingReforming) {
  auto game = morrisGame();
  auto state = morrisState(*game, "a1 a7 b4 d2 f4", "g1 g4 d6 e5 c5", "white 0 0 30");
  EXPECT_EQ(turnsStartingWith(*state, "b4-a4"), (Strings{"b4-a4xc5", "b4-a4xd6", "b4-a4xe5", "b4-a4xg1", "b4-a4xg4"}));
  EXPECT_FALSE(hasTurn(*state, "b4-a1"));  // occupied
  EXPECT_FALSE(hasTurn(*state, "b4-c3"));  // not on a line
  // Moving out of a mill and back forms it again.
  playTurns(*state, "b4-a4xg1 e5-e4 a4-b4 e4-e5");
  EXPECT_EQ(turnsStartingWith(*state, "b4-a4"), (Strings{"b4-a4xc5", "b4-a4xd6", "b4-a4xe5", "b4-a4xg4"}));
}

TEST(MorrisRules, PiecesInMillsAreProtectedUnlessAllAre) {
  auto game = morrisGame();
  auto some = morrisState(*game, "a1 a4", "g1 g4 g7 d6", "white 5 5 8");
  EXPECT_EQ(turnsStartingWith(*some, "a7"), (Strings{"a7xd6"}));
  auto all = morrisState(*game, "a1 a4", "g1 g4 g7", "white 5 5 8");
  EXPECT_EQ(turnsStartingWith(*all, "a7"), (Strings{"a7xg1", "a7xg4", "a7xg7"}));
}

TEST(MorrisRules, DoubleMillRemovesOnePiece) {
  auto game = morrisGame();
  auto state = morrisState(*game, "a1 a4 d7 g7", "b2 b4 f6 c3", "white 5 5 8");
  EXPECT_EQ(turnsStartingWith(*state, "a7"), (Strings{"a7xb2", "a7xb4", "a7xc3", "a7xf6"}));
  EXPECT_THROW(state->playTurn("a7xb2xb4"), RuleError);
  state->playTurn("a7xb2");
  EXPECT_EQ(onBoard(*state, kBlack), 3);
  EXPECT_EQ(state->toMove(), kBlack);
}

TEST(MorrisRules, MillWithNoOpponentPieceRemovesNothing) {
  auto game = morrisGame();
  // Black's only pieces were removed; a mill now earns nothing.
  auto state = morrisState(*game, "a1 a4 g1 g4", "", "white 4 4 10");
  EXPECT_TRUE(hasTurn(*state, "a7"));
  EXPECT_EQ(turnsStartingWith(*state, "a7"), (Strings{"a7"}));
}

TEST(MorrisRules, FlyingAtExactlyThreePieces) {
  auto game = morrisGame();
  auto three = morrisState(*game, "a1 d2 f4", "g7 d6 b6 e3", "white 0 0 40");
  EXPECT_TRUE(morrisPosition(*three).mayFly(kWhite));
  EXPECT_FALSE(morrisPosition(*three).mayFly(kBlack));
  EXPECT_TRUE(hasTurn(*three, "a1-g1"));
  EXPECT_TRUE(hasTurn(*three, "f4-c5"));
  EXPECT_EQ(three->legalTurns().size(), 3u * 17u);  // each piece to each empty point, no mill possible
  three->playTurn("a1-c5");
  EXPECT_FALSE(hasTurn(*three, "g7-a1"));  // Black has four: along lines only
  EXPECT_TRUE(hasTurn(*three, "g7-g4"));

  auto four = morrisState(*game, "a1 d2 f4 c4", "g7 d6 b6 e3", "white 0 0 40");
  EXPECT_FALSE(hasTurn(*four, "a1-g1"));
  EXPECT_TRUE(hasTurn(*four, "a1-d1"));

  auto noFlying = morrisGame({}, "morris-noflying");
  auto lines = morrisState(*noFlying, "a1 d2 f4", "g7 d6 b6 e3", "white 0 0 40");
  EXPECT_FALSE(hasTurn(*lines, "a1-g1"));
  EXPECT_EQ(turnsStartingWith(*lines, ""), (Strings{"a1-a4", "a1-d1", "d2-b2", "d2-d1", "d2-d3", "d2-f2", "f4-e4",
                                                    "f4-f2", "f4-f6", "f4-g4"}));
}

TEST(MorrisRules, FlyingIntoMillEarnsRemoval) {
  auto game = morrisGame();
  auto state = morrisState(*game, "a1 a4 f4", "g7 d6 b6 e3", "white 0 0 40");
  EXPECT_EQ(turnsStartingWith(*state, "f4-a7"), (Strings{"f4-a7xb6", "f4-a7xd6", "f4-a7xe3", "f4-a7xg7"}));
}

TEST(MorrisRules, PlacingBeforeMovingWithPiecesInHand) {
  auto game = morrisGame();
  // Three on the board but pieces in hand: White places, it does not fly or move.
  auto state = morrisState(*game, "a1 d2 f4", "g7 d6 b6", "white 6 6 6");
  EXPECT_FALSE(morrisPosition(*state).mayFly(kWhite));
  for (const auto& t : state->legalTurns()) EXPECT_EQ(t.find('-'), std::string::npos) << t;
}

}  // namespace
}  // namespace tz::test
