// The baselines on morris, through the generic State interface (a turn with a removal is
// two actions by the same side).
#include <gtest/gtest.h>

#include "game/error.h"
#include "mcts/players/alphabeta_player.h"
#include "mcts/players/greedy_player.h"
#include "mcts/players/random_player.h"
#include "mcts/players/search_adapters.h"
#include "tests/game/morris_helpers.h"
#include "tests/players/player_helpers.h"

namespace tz::test {
namespace {

// Pieces on the board plus in hand, per side.
std::pair<int, int> material(const State& s) {
  int pieces[2];
  players::morrisMaterial(s.record(), pieces);
  return {pieces[0], pieces[1]};
}

TEST(MorrisPlayers, MaterialFromTheRecord) {
  int pieces[2];
  players::morrisMaterial(morrisRecord("a1 a4 a7", "g1", "black 6 7 5"), pieces);
  EXPECT_EQ(pieces[0], 9);
  EXPECT_EQ(pieces[1], 8);
  EXPECT_THROW(players::morrisMaterial("WWW white", pieces), Error);
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
