#include <gtest/gtest.h>

#include "game/base/error.h"
#include "mcts/players/alphabeta_player.h"
#include "mcts/players/greedy_player.h"
#include "mcts/players/random_player.h"
#include "tests/game/tafl/tafl_helpers.h"
#include "tests/mcts/players/player_helpers.h"

namespace tz::test {
namespace {

using players::AlphaBetaOptions;
using players::AlphaBetaPlayer;

constexpr int kWin = AlphaBetaPlayer::kWin;

// Whether, after every reply of the side to move, the other side can win at once.
bool everyReplyAllowsAWin(const State& state) {
  std::vector<Action> replies;
  state.legalActions(replies);
  for (Action r : replies) {
    auto next = state.clone();
    next->apply(r);
    if (next->outcome().over || !hasWinNow(*next)) return false;
  }
  return !replies.empty();
}

// Linnaeus, defenders to move: the king's four lines are blocked (a4, i4, d1, d9), but
// stepping sideways opens two lines at once, which one attacker move cannot both close.
std::unique_ptr<State> escapeInTwo(const Game& g) {
  return position(g, {{"d4", 'K'}, {"a4", 't'}, {"i4", 't'}, {"d1", 't'}, {"d9", 't'}}, "defenders");
}

TEST(AlphaBeta, FindsTheEscapeInOne) {
  auto g = variant("linnaeus");
  for (bool generic : {false, true}) {
    auto s = position(*g, {{"d4", 'K'}, {"a4", 't'}, {"i4", 't'}, {"d9", 't'}, {"f6", 'T'}, {"g2", 't'}}, "defenders");
    AlphaBetaOptions options;
    options.depth = 3;
    options.generic = generic;
    AlphaBetaPlayer ab(*g, options, 1);
    const Action a = ab.chooseAction(*s);
    EXPECT_EQ(s->actionName(a), "d4-d1") << "generic " << generic;
    EXPECT_EQ(ab.lastSearch().score, kWin - 1);
  }
}

TEST(AlphaBeta, FindsTheForcedEscapeInTwo) {
  auto g = variant("linnaeus");
  for (bool generic : {false, true}) {
    auto s = escapeInTwo(*g);
    ASSERT_FALSE(hasWinNow(*s));
    AlphaBetaOptions options;
    options.depth = 4;
    options.generic = generic;
    AlphaBetaPlayer ab(*g, options, 2);
    const Action a = ab.chooseAction(*s);
    EXPECT_EQ(ab.lastSearch().score, kWin - 3) << "generic " << generic;
    EXPECT_EQ(ab.lastSearch().depth, 3);  // stops deepening once the win is proven
    s->apply(a);
    EXPECT_TRUE(everyReplyAllowsAWin(*s)) << s->diagram();
  }
}

TEST(AlphaBeta, SeesTheForcedLossAndBlocks) {
  // The attackers face d4-d1; the search must block (any other move scores a loss).
  auto g = variant("linnaeus");
  auto s = position(*g, {{"d4", 'K'}, {"a4", 't'}, {"i4", 't'}, {"d9", 't'}, {"b2", 't'}, {"h7", 't'}}, "attackers");
  AlphaBetaOptions options;
  options.depth = 2;
  AlphaBetaPlayer ab(*g, options, 3);
  s->apply(ab.chooseAction(*s));
  EXPECT_FALSE(hasWinNow(*s)) << s->diagram();
}

TEST(AlphaBeta, FastAndGenericPathsAgreeOnTheScoreOfAWin) {
  // Brandubh (corner escape): no corner is in reach of the king on c2, but c2-c1 opens the
  // lines to a1 and g1 at once.
  auto g = variant("brandubh");
  auto s = position(*g, {{"c2", 'K'}, {"a2", 't'}, {"c4", 't'}, {"f5", 't'}}, "defenders");
  int scores[2];
  for (bool generic : {false, true}) {
    AlphaBetaOptions options;
    options.depth = 3;
    options.generic = generic;
    AlphaBetaPlayer ab(*g, options, 4);
    ab.chooseAction(*s);
    scores[generic] = ab.lastSearch().score;
  }
  EXPECT_EQ(scores[0], scores[1]);
  EXPECT_EQ(scores[0], kWin - 3);
}

TEST(AlphaBeta, TimeBudgetGivesALegalMove) {
  auto g = variant("brandubh");
  auto s = g->newGame();
  AlphaBetaOptions options;
  options.depth = 0;
  options.ms = 30;
  AlphaBetaPlayer ab(*g, options, 5);
  const Action a = ab.chooseAction(*s);
  std::vector<Action> legal;
  s->legalActions(legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end());
  EXPECT_GE(ab.lastSearch().depth, 1);
  EXPECT_EQ(ab.name(), "alphabeta(ms=30)");
}

TEST(AlphaBeta, NeedsALimit) {
  auto g = variant("brandubh");
  AlphaBetaOptions options;
  options.depth = 0;
  EXPECT_THROW(AlphaBetaPlayer(*g, options, 1), Error);
}

TEST(AlphaBeta, BeatsGreedy) {
  for (const char* name : {"linnaeus", "brandubh"}) {
    auto g = variant(name);
    AlphaBetaOptions options;
    options.depth = 2;
    AlphaBetaPlayer ab(*g, options, 8);
    players::GreedyPlayer greedy(*g, 9);
    EXPECT_GE(matchScore(*g, ab, greedy, 10), 0.7) << name;
  }
}

TEST(AlphaBetaOptions, CheckRefusesNoBudgetNegativeLimitsAndNoTable) {
  EXPECT_NO_THROW(AlphaBetaOptions{}.check());
  AlphaBetaOptions o;
  o.depth = 0;
  EXPECT_THROW(o.check(), Error);  // neither a depth nor a time budget
  o.ms = 100;
  EXPECT_NO_THROW(o.check());
  o.ms = -1;
  EXPECT_THROW(o.check(), Error);
  o = AlphaBetaOptions{};
  o.ttMegabytes = 0;
  EXPECT_THROW(o.check(), Error);
}

}  // namespace
}  // namespace tz::test
