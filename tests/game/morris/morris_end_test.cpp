// End of a morris game (docs/MORRIS.md section 3): too few pieces, no legal move,
// threefold repetition, plies without a removal and the ply limit.
#include <gtest/gtest.h>

#include "tests/game/morris/morris_helpers.h"

namespace tz::test {
namespace {

using morris::kBlack;
using morris::kWhite;

void expectOver(const State& state, int winner, EndReason reason) {
  EXPECT_TRUE(state.outcome().over);
  EXPECT_EQ(state.outcome().winner, winner);
  EXPECT_EQ(state.outcome().reason, reason);
  EXPECT_TRUE(state.legalTurns().empty());
  std::vector<Action> actions;
  state.legalActions(actions);
  EXPECT_TRUE(actions.empty());
  EXPECT_EQ(state.perft(1), 0u);
}

TEST(MorrisEnd, RemovalBelowThreePiecesLoses) {
  auto game = morrisGame();
  auto state = morrisState(*game, "a1 a7 b4 d2", "g1 g4 d6", "white 0 0 40");
  state->playTurn("b4-a4xg1");
  EXPECT_EQ(onBoard(*state, kBlack), 2);
  expectOver(*state, kWhite, morris::end_reason::kTooFewPieces);
}

TEST(MorrisEnd, FewerThanThreeOnlyCountsOncePlacingIsOver) {
  auto game = morrisGame();
  // White has two pieces left but Black still holds one: the placing phase goes on.
  auto state = morrisState(*game, "a1 d2", "g1 g4 c5 e3 f6", "black 0 1 17");
  EXPECT_FALSE(state->outcome().over);
  state->playTurn("d5");
  expectOver(*state, kBlack, morris::end_reason::kTooFewPieces);
  // A record of such a finished position is over at once.
  expectOver(*game->fromRecord(state->record(), ""), kBlack, morris::end_reason::kTooFewPieces);
}

TEST(MorrisEnd, NoLegalMoveLoses) {
  auto game = morrisGame();
  auto state = morrisState(*game, "a1 a4 a7 d7", "d1 b4 g7 d5", "black 0 0 40");
  EXPECT_FALSE(state->outcome().over);
  state->playTurn("d5-d6");
  expectOver(*state, kBlack, end_reason::kNoMoves);
}

TEST(MorrisEnd, BlockedThreeFlyUnlessFlyingIsOff) {
  const std::string white = "a1 a4 a7", black = "d1 b4 d7 g1";
  auto flyingGame = morrisGame();
  auto flying = morrisState(*flyingGame, white, black, "white 0 0 40");
  EXPECT_FALSE(flying->outcome().over);
  EXPECT_TRUE(hasTurn(*flying, "a1-g7"));
  auto linesGame = morrisGame({}, "morris-noflying");
  auto lines = morrisState(*linesGame, white, black, "white 0 0 40");
  expectOver(*lines, kBlack, end_reason::kNoMoves);
}

// Four turns that bring a moving-phase position back to itself without mills.
constexpr const char* kShuffle = "a1-d1 c3-c4 d1-a1 c4-c3";
const std::string kShuffleWhite = "a1 b4 f2 g7", kShuffleBlack = "c3 e5 d6 g4";

TEST(MorrisEnd, ThirdOccurrenceDraws) {
  auto game = morrisGame();
  auto state = morrisState(*game, kShuffleWhite, kShuffleBlack, "white 0 0 30");
  playTurns(*state, kShuffle);
  EXPECT_FALSE(state->outcome().over);  // second occurrence
  EXPECT_EQ(morrisPosition(*state).repetitions(), 1);
  playTurns(*state, "a1-d1 c3-c4 d1-a1");
  EXPECT_FALSE(state->outcome().over);
  state->playTurn("c4-c3");
  expectOver(*state, -1, end_reason::kRepetition);
}

TEST(MorrisEnd, RepetitionCountIsConfigurable) {
  auto twiceGame = morrisGame({"repetition_count=2"});
  auto twice = morrisState(*twiceGame, kShuffleWhite, kShuffleBlack, "white 0 0 30");
  playTurns(*twice, kShuffle);
  expectOver(*twice, -1, end_reason::kRepetition);
  auto offGame = morrisGame({"repetition_count=0"});
  auto off = morrisState(*offGame, kShuffleWhite, kShuffleBlack, "white 0 0 30");
  playTurns(*off, kShuffle);
  playTurns(*off, kShuffle);
  playTurns(*off, kShuffle);
  EXPECT_FALSE(off->outcome().over);
}

TEST(MorrisEnd, PliesWithoutRemovalDraw) {
  auto game = morrisGame({"no_removal_plies=6"});
  auto state = morrisState(*game, kShuffleWhite, kShuffleBlack, "white 0 0 30");
  playTurns(*state, kShuffle);
  state->playTurn("a1-d1");
  EXPECT_FALSE(state->outcome().over);
  state->playTurn("c3-c4");
  expectOver(*state, -1, morris::end_reason::kNoRemoval);
}

TEST(MorrisEnd, RemovalRestartsTheCount) {
  auto game = morrisGame({"no_removal_plies=3"});
  auto state = morrisState(*game, "a1 a4 a7 d2 f4", "g1 g4 d6 e5 c5", "white 0 0 30");
  playTurns(*state, "a4-b4 e5-e4 b4-a4xg1");
  EXPECT_EQ(morrisPosition(*state).pliesWithoutRemoval(), 0);
  playTurns(*state, "e4-e5 a4-b4");
  EXPECT_FALSE(state->outcome().over);
  state->playTurn("e5-e4");
  expectOver(*state, -1, morris::end_reason::kNoRemoval);
}

TEST(MorrisEnd, PlacingPliesDoNotCountTowardsNoRemoval) {
  auto game = morrisGame({"no_removal_plies=2"});
  auto state = game->newGame();
  playTurns(*state, "a1 g7 d2 b6 f4 c5");
  EXPECT_FALSE(state->outcome().over);
  EXPECT_EQ(morrisPosition(*state).pliesWithoutRemoval(), 0);
}

TEST(MorrisEnd, PlyLimitDraws) {
  auto game = morrisGame({"ply_limit=31"});
  auto state = morrisState(*game, kShuffleWhite, kShuffleBlack, "white 0 0 30");
  EXPECT_FALSE(state->outcome().over);
  state->playTurn("a1-d1");
  expectOver(*state, -1, end_reason::kPlyLimit);
  expectOver(*morrisState(*game, kShuffleWhite, kShuffleBlack, "white 0 0 31"), -1, end_reason::kPlyLimit);
}

TEST(MorrisEnd, ReasonNames) {
  EXPECT_EQ(morris::end_reason::kTooFewPieces, "too_few_pieces");
  EXPECT_EQ(morris::end_reason::kNoRemoval, "no_removal");
}

}  // namespace
}  // namespace tz::test
