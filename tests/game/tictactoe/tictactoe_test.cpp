// Tic-tac-toe as a registered game: the known counts of its game tree, results and
// reasons, notation and records.
#include <gtest/gtest.h>

#include <functional>

#include "game/base/error.h"
#include "game/registry.h"

namespace tz::test {
namespace {

TEST(TicTacToe, PerftMatchesTheKnownCounts) {
  auto g = loadGame("tictactoe");
  auto s = g->newGame();
  const uint64_t expected[] = {1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
  for (int depth = 0; depth <= 9; ++depth) EXPECT_EQ(s->perft(depth), expected[depth]) << "depth " << depth;
  uint64_t sum = 0;
  for (const auto& [move, count] : s->divide(9)) sum += count;
  EXPECT_EQ(sum, 127872u);
}

TEST(TicTacToe, ThereAre255168Games) {
  auto g = loadGame("tictactoe");
  uint64_t games = 0, xWins = 0, draws = 0;
  std::function<void(const State&)> walk = [&](const State& s) {
    if (s.outcome().over) {
      ++games;
      xWins += s.outcome().winner == 0;
      draws += s.outcome().winner < 0;
      return;
    }
    std::vector<Action> legal;
    s.legalActions(legal);
    for (Action a : legal) {
      auto next = s.clone();
      next->apply(a);
      walk(*next);
    }
  };
  walk(*g->newGame());
  EXPECT_EQ(games, 255168u);
  EXPECT_EQ(xWins, 131184u);
  EXPECT_EQ(draws, 46080u);
}

TEST(TicTacToe, ALineWinsAndAFullBoardDraws) {
  auto g = loadGame("tictactoe");
  auto s = g->newGame();
  for (const char* m : {"a1", "a2", "b1", "b2", "c1"}) s->playTurn(m);
  EXPECT_TRUE(s->outcome().over);
  EXPECT_EQ(s->outcome().winner, 0);
  EXPECT_EQ(s->outcome().reason, "three_in_a_row");
  auto d = g->newGame();
  for (const char* m : {"a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"}) d->playTurn(m);
  EXPECT_EQ(d->outcome().winner, -1);
  EXPECT_EQ(d->outcome().reason, "board_full");
}

TEST(TicTacToe, NotationAndRecords) {
  auto g = loadGame("tictactoe");
  auto s = g->newGame();
  EXPECT_EQ(s->actionName(0), "a1");
  EXPECT_EQ(s->actionName(5), "c2");
  s->playTurn("b2");
  EXPECT_EQ(s->record(), "....x....");
  EXPECT_THROW(s->playTurn("b2"), RuleError);
  EXPECT_THROW(s->playTurn("d4"), RuleError);
  auto read = g->fromRecord("x...o....", "");
  EXPECT_EQ(read->toMove(), 0);
  EXPECT_THROW(g->fromRecord("xx.......", ""), Error);
  EXPECT_THROW(g->fromRecord("x........", "x"), Error);
  EXPECT_THROW(loadGame("tictactoe", {"size=4"}), Error);
}

}  // namespace
}  // namespace tz::test
