// Timed searches without timing: the stop rule on given numbers, and searches whose clock
// is their own playout count (one playout = one millisecond), so that every figure is exact.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "game/registry.h"
#include "mcts/evaluators.h"
#include "mcts/mcts_player.h"
#include "mcts/search.h"
#include "tests/mcts/toy_game.h"

namespace tz {
namespace {

using test::ToyGame;

// A root of `moves` moves whose two most visited children have `best` and `second` visits
// out of `total`.
RootShape shape(int best, int second, int total, int moves = 10, bool valueDisagrees = false) {
  RootShape s;
  s.moves = moves;
  s.bestVisits = best;
  s.secondVisits = second;
  s.childVisits = total;
  s.valueDisagrees = valueDisagrees;
  return s;
}

TEST(TimeControl, StopsAtThePlanUnlessUnsureAndAlwaysAtTheLimit) {
  const MoveTime time{1000, 3000, true};
  TimeRule noPruning;
  noPruning.pruneAfter = 1e9;  // never
  const RootShape sure = shape(800, 100, 1000), unsure = shape(300, 250, 1000);
  EXPECT_FALSE(timeToStop(time, 999, 1000, sure, noPruning));
  EXPECT_TRUE(timeToStop(time, 1000, 1000, sure, noPruning));
  // An unsure root (best share under a half, or a better valued rival) runs on to the limit.
  EXPECT_FALSE(timeToStop(time, 1000, 1000, unsure, noPruning));
  EXPECT_FALSE(timeToStop(time, 2999, 3000, unsure, noPruning));
  EXPECT_TRUE(timeToStop(time, 3000, 3000, unsure, noPruning));
  EXPECT_FALSE(timeToStop(time, 1500, 1500, shape(800, 150, 1000, 10, true), noPruning));
  // The limit holds whatever the plan says.
  EXPECT_TRUE(timeToStop(MoveTime{5000, 100}, 100, 10, sure, noPruning));
  EXPECT_TRUE(timeToStop(MoveTime{0, 0}, 0, 0, RootShape{}, noPruning));
}

TEST(TimeControl, StopsEarlyWhenTheBestMoveCannotBeOvertaken) {
  const MoveTime time{1000, 1000, true};
  // 500 ms in at 2 playouts per ms: 1000 playouts are still to come.
  EXPECT_TRUE(timeToStop(time, 500, 1000, shape(1300, 299, 1700)));   // a lead of 1001
  EXPECT_FALSE(timeToStop(time, 500, 1000, shape(1300, 300, 1700)));  // a lead of 1000: it can be caught
  // An unsure root counts the time up to the limit: the same lead is not enough then.
  EXPECT_FALSE(timeToStop(MoveTime{1000, 3000, true}, 500, 1000, shape(1300, 299, 4000)));
  // Time not banked (a per-move limit) is spent whatever the lead.
  EXPECT_FALSE(timeToStop(MoveTime{1000, 1000}, 500, 1000, shape(1300, 0, 1700)));
  // Too early to trust the rate (5% of the plan): no early stop, whatever the lead.
  EXPECT_FALSE(timeToStop(time, 40, 100, shape(100, 0, 100)));
  // A single move worth playing: stop at once.
  EXPECT_TRUE(timeToStop(time, 0, 0, shape(0, 0, 0, 1)));
}

TEST(TimeControl, RootShapeReadsTheVisits) {
  auto game = loadGame("linnaeus");
  Search search(*game, std::make_shared<RolloutEvaluator>(1, 5), SearchOptions());
  search.setRoot(*game->newGame());
  const SearchResult& r = search.run(300);
  std::vector<int> visits = r.visits;
  std::sort(visits.rbegin(), visits.rend());
  const RootShape s = rootShape(search.tree().root());
  EXPECT_EQ(s.bestVisits, visits[0]);
  EXPECT_EQ(s.secondVisits, visits[1]);
  EXPECT_EQ(s.childVisits, std::accumulate(visits.begin(), visits.end(), 0));
  EXPECT_EQ(s.moves, int(visits.size()));
}

// A search of `game` whose clock reads its own completed playouts as milliseconds.
struct CountedSearch {
  Search search;
  CountedSearch(const Game& game, std::shared_ptr<Evaluator> evaluator, const SearchOptions& o)
      : search(game, std::move(evaluator), o) {
    search.setRoot(*game.newGame());
  }
  const SearchResult& runFor(const MoveTime& time, const TimeRule& rule = TimeRule()) {
    return search.runFor(time, 1 << 30, rule, [this] { return double(search.tree().completed()); });
  }
};

TEST(TimedSearch, APassedDeadlineStillGivesALegalMove) {
  auto game = loadGame("brandubh");
  for (const bool gumbel : {false, true}) {
    SearchOptions o;
    o.gumbel = gumbel;
    Search search(*game, std::make_shared<RolloutEvaluator>(1, 1), o);
    auto state = game->newGame();
    search.setRoot(*state);
    const SearchResult& first = search.runFor(MoveTime{0, 0});
    EXPECT_EQ(first.simulations, 1) << "only the root's own evaluation";
    const Action move = search.chooseMove();
    std::vector<Action> legal;
    state->legalActions(legal);
    EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end());
    // An expanded root: no playout at all, and still a move.
    EXPECT_EQ(search.runFor(MoveTime{-1, -1}).simulations, 0);
    EXPECT_NE(std::find(legal.begin(), legal.end(), search.chooseMove()), legal.end());
  }
}

// Branching 3, 16 plies alternating: a first action 0 wins for the first player whatever
// follows, any other lets the second player choose the winner by the parity of the actions.
// Proving move 0 takes thousands of playouts; the search prefers it long before.
ToyGame decidedGame() {
  return ToyGame(3, std::vector<int>{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1}, [](const std::vector<Action>& a) {
    return a[0] == 0 ? 0 : std::accumulate(a.begin(), a.end(), 0) % 2;
  });
}

TEST(TimedSearch, LeavesAShareOfTheMoveToTheProofs) {
  const ToyGame game = decidedGame();
  SearchOptions o;
  o.rootLookahead = 6;  // proofs after the search: its playouts stop sooner
  CountedSearch proving(game, std::make_shared<RolloutEvaluator>(1, 3), o);
  EXPECT_EQ(proving.runFor(MoveTime{1000, 1000}).simulations, int(1000 * (1 - Search::kProofShare)));
  o.rootLookahead = 2;  // only the scans of wins in one, within the search
  CountedSearch scanning(game, std::make_shared<RolloutEvaluator>(1, 3), o);
  EXPECT_EQ(scanning.runFor(MoveTime{1000, 1000}).simulations, 1000);
}

TEST(TimedSearch, SpendsAPerMoveLimitAndStopsADecidedBankedOne) {
  const ToyGame game = decidedGame();
  CountedSearch full(game, std::make_shared<RolloutEvaluator>(1, 3), SearchOptions());
  EXPECT_EQ(full.runFor(MoveTime{1500, 1500}).simulations, 1500) << "a per-move limit is spent";
  CountedSearch pruned(game, std::make_shared<RolloutEvaluator>(1, 3), SearchOptions());
  const SearchResult& r = pruned.runFor(MoveTime{1500, 1500, true});
  EXPECT_LT(r.simulations, 1500) << "move 0 dominates: the search stops once nothing can overtake it";
  EXPECT_GT(r.simulations, 75) << "no early stop before 5% of the plan";
  EXPECT_EQ(pruned.search.chooseMove(), 0);
  // However long it ran, no rival could have caught up in the playouts left.
  const RootShape s = rootShape(pruned.search.tree().root());
  EXPECT_GT(s.bestVisits - s.secondVisits, 1500 - r.simulations);
}

TEST(TimedSearch, AnUnsureRootSearchesPastThePlan) {
  // Every first move leads to an even game: no move dominates.
  const ToyGame game(3, {0, 1, 0, 1, 0, 1, 0, 1},
                     [](const std::vector<Action>& a) { return std::accumulate(a.begin(), a.end(), 0) % 2; });
  CountedSearch search(game, std::make_shared<RolloutEvaluator>(1, 3), SearchOptions());
  const SearchResult& r = search.runFor(MoveTime{300, 900, true});
  EXPECT_GT(r.simulations, 300);
  EXPECT_LE(r.simulations, 900);
}

TEST(TimedSearch, PlayerKeepsItsTreeAcrossBudgetChanges) {
  auto game = loadGame("brandubh");
  SearchOptions o;
  o.simulations = 200;
  MctsPlayer player(*game, std::make_shared<RolloutEvaluator>(1, 1), o);
  auto state = game->newGame();
  player.chooseAction(*state);
  const int firstVisits = player.searchReport()->visits;
  EXPECT_EQ(firstVisits, 200);
  // A new count on the same position: the search adds to the tree it has.
  ASSERT_TRUE(player.setSearchBudget(SearchBudget{50, std::nullopt}));
  player.chooseAction(*state);
  EXPECT_EQ(player.searchReport()->simulations, 50);
  EXPECT_EQ(player.searchReport()->visits, firstVisits + 50);
  // A clock whose time is already up: no playout, and the reused visits are there.
  ASSERT_TRUE(player.setSearchBudget(SearchBudget{0, MoveTime{0, 0}}));
  player.chooseAction(*state);
  EXPECT_EQ(player.searchReport()->simulations, 0);
  EXPECT_EQ(player.searchReport()->visits, firstVisits + 50);
  // Two moves played (each side searched by the player), then a search with no time: it
  // starts from the visits of the subtree kept through both.
  ASSERT_TRUE(player.setSearchBudget(SearchBudget{300, std::nullopt}));
  for (int ply = 0; ply < 2; ++ply) {
    const Action action = player.chooseAction(*state);
    player.observe(*state, action);
    state->apply(action);
  }
  ASSERT_TRUE(player.setSearchBudget(SearchBudget{0, MoveTime{0, 0}}));
  player.chooseAction(*state);
  EXPECT_EQ(player.searchReport()->simulations, 0);
  EXPECT_GT(player.searchReport()->visits, 0);
}

}  // namespace
}  // namespace tz
