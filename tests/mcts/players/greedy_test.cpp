#include <gtest/gtest.h>

#include <random>

#include "game/tafl/position.h"
#include "game/tafl/tafl_game.h"
#include "mcts/players/greedy_player.h"
#include "mcts/players/random_player.h"
#include "tests/game/tafl/tafl_helpers.h"
#include "tests/mcts/players/player_helpers.h"

namespace tz::test {
namespace {

using players::GreedyPlayer;
using players::RandomPlayer;

// Linnaeus, defenders to move: the king's only way out in one is d4-d1.
std::unique_ptr<State> escapeInOne(const Game& g) {
  return position(g, {{"d4", 'K'}, {"a4", 't'}, {"i4", 't'}, {"d9", 't'}, {"f6", 'T'}, {"g2", 't'}}, "defenders");
}

TEST(Greedy, TakesTheEscapeInOne) {
  auto g = variant("linnaeus");
  auto s = escapeInOne(*g);
  GreedyPlayer greedy(*g, 1);
  const Action a = greedy.chooseAction(*s);
  EXPECT_EQ(s->actionName(a), "d4-d1");
  EXPECT_TRUE(winsNow(*s, a));
}

TEST(Greedy, CapturesTheKing) {
  auto g = variant("linnaeus");
  auto s = position(*g, {{"d4", 'K'}, {"c4", 't'}, {"e2", 't'}, {"a7", 't'}, {"h8", 'T'}}, "attackers");
  GreedyPlayer greedy(*g, 1);
  const Action a = greedy.chooseAction(*s);
  EXPECT_EQ(s->actionName(a), "e2-e4");
  s->apply(a);
  EXPECT_EQ(s->outcome().reason, tafl::end_reason::kKingCaptured);
}

TEST(Greedy, BlocksTheOnlyEscapeLine) {
  // Attackers to move; the king threatens d4-d1. Every move but a block on d1-d3 loses.
  auto g = variant("linnaeus");
  auto s = position(*g, {{"d4", 'K'}, {"a4", 't'}, {"i4", 't'}, {"d9", 't'}, {"b2", 't'}, {"h7", 't'}}, "attackers");
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    GreedyPlayer greedy(*g, seed);
    auto after = s->clone();
    after->apply(greedy.chooseAction(*s));
    EXPECT_FALSE(hasWinNow(*after)) << after->diagram();
  }
}

TEST(Greedy, CapturesWhenNothingBetterIsAvailable) {
  // Defenders to move: f5-f3 captures e3 (anvil d3); no escape is possible.
  auto g = variant("linnaeus");
  auto s = position(*g, {{"e5", 'K'}, {"e4", 'T'}, {"f5", 'T'}, {"d3", 'T'}, {"e3", 't'}, {"d5", 't'}, {"e6", 't'},
                         {"a1", 't'}, {"i9", 't'}},
                    "defenders");
  ASSERT_FALSE(hasWinNow(*s));
  GreedyPlayer greedy(*g, 3);
  auto after = s->clone();
  after->apply(greedy.chooseAction(*s));
  const auto& p = dynamic_cast<const tafl::TaflState&>(*after).position();
  int attackers = 0;
  for (int cell = 0; cell < tafl::kMaxCells; ++cell) attackers += p.at(cell) == tafl::kAttacker;
  EXPECT_EQ(attackers, 4) << after->diagram();
}

// In random games, whenever the side to move can win at once, greedy does.
TEST(Greedy, NeverMissesAWinInOne) {
  for (const char* name : {"linnaeus", "brandubh"}) {
    auto g = variant(name);
    GreedyPlayer greedy(*g, 7);
    RandomPlayer random(11);
    int chances = 0;
    for (int game = 0; game < 30; ++game) {
      auto s = g->newGame();
      while (!s->outcome().over) {
        if (hasWinNow(*s)) {
          ++chances;
          ASSERT_TRUE(winsNow(*s, greedy.chooseAction(*s))) << name << "\n" << s->diagram();
        }
        s->apply(random.chooseAction(*s));
      }
    }
    EXPECT_GT(chances, 10) << name;
  }
}

TEST(Greedy, BeatsRandom) {
  for (const char* name : {"linnaeus", "brandubh"}) {
    auto g = variant(name);
    GreedyPlayer greedy(*g, 5);
    RandomPlayer random(6);
    EXPECT_GE(matchScore(*g, greedy, random, 20), 0.8) << name;
  }
}

}  // namespace
}  // namespace tz::test
