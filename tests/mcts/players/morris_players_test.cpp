// The baselines on morris, through the generic State interface (a turn with a removal is
// two actions by the same side).
#include <gtest/gtest.h>

#include "game/morris/morris_expertise.h"
#include "game/morris/morris_game.h"
#include "mcts/players/alphabeta_player.h"
#include "mcts/players/greedy_player.h"
#include "mcts/players/random_player.h"
#include "tests/game/morris/morris_helpers.h"
#include "tests/mcts/players/player_helpers.h"

namespace tz::test {
namespace {

// Pieces on the board plus in hand, per side.
std::pair<int, int> material(const State& s) {
  const morris::Position& pos = static_cast<const morris::MorrisState&>(s).position();
  return {morris::count(pos.pieces(0)) + pos.inHand(0), morris::count(pos.pieces(1)) + pos.inHand(1)};
}

TEST(MorrisPlayers, MaterialCountsTheBoardAndTheHand) {
  auto game = morrisGame();
  auto s = morrisState(*game, "a1 a4 a7", "g1", "black 6 7 5");
  EXPECT_EQ(material(*s), std::make_pair(9, 8));
  const morris::Position& pos = static_cast<const morris::MorrisState&>(*s).position();
  EXPECT_EQ(morris::material(pos, 0), 100);
  EXPECT_EQ(morris::material(pos, 1), -100);
}

TEST(MorrisPlayers, GreedyClosesTheMillAndRemoves) {
  auto game = morrisGame();
  auto s = morrisState(*game, "a1 a4", "g1 g4", "white 7 7 4");
  players::GreedyPlayer greedy(*game, 1);
  const Action place = greedy.chooseAction(*s);
  EXPECT_EQ(s->actionName(place), "a7");  // closes the mill
  s->apply(place);
  ASSERT_EQ(s->toMove(), 0);
  s->apply(greedy.chooseAction(*s));  // the removal
  EXPECT_EQ(material(*s), std::make_pair(9, 8));
}

TEST(MorrisPlayers, AlphaBetaClosesTheMillAndRemoves) {
  auto game = morrisGame();
  auto s = morrisState(*game, "a1 a4", "g1 g4", "white 7 7 4");
  players::AlphaBetaOptions options;
  options.depth = 3;
  players::AlphaBetaPlayer ab(*game, options, 1);
  s->apply(ab.chooseAction(*s));
  ASSERT_EQ(s->toMove(), 0);
  s->apply(ab.chooseAction(*s));
  EXPECT_EQ(material(*s), std::make_pair(9, 8));
}

TEST(MorrisPlayers, GreedyBeatsRandom) {
  auto game = morrisGame();
  players::GreedyPlayer greedy(*game, 2);
  players::RandomPlayer random(3);
  EXPECT_GE(matchScore(*game, greedy, random, 6), 0.75);
}

}  // namespace
}  // namespace tz::test
