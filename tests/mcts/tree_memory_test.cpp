// The tree has a memory budget: a search that reaches it stops early, says so, and still
// chooses a move; a budgeted self-play game still ends; the default is a share of the
// machine's memory.
#include <gtest/gtest.h>

#include "game/base/error.h"
#include "game/registry.h"
#include "mcts/evaluators.h"
#include "mcts/search.h"
#include "mcts/self_play.h"

namespace tz {
namespace {

TEST(TreeMemory, ASearchStopsAtItsBudgetAndStillChoosesAMove) {
  auto game = loadGame("hnefatafl-13");
  SearchOptions options;
  options.simulations = 2000000;
  options.treeMiB = 2;
  Search search(*game, std::make_shared<UniformEvaluator>(), options);
  search.setRoot(*game->newGame());
  const SearchResult& r = search.run();
  EXPECT_TRUE(r.treeFull);
  EXPECT_GT(r.simulations, 100);
  EXPECT_LT(r.simulations, options.simulations);
  EXPECT_LE(search.tree().bytes(), size_t(3) << 20);  // the budget and at most one chunk more
  std::vector<Action> legal;
  game->newGame()->legalActions(legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), search.chooseMove()), legal.end());

  // A budget the search never reaches changes nothing.
  options.simulations = 200;
  options.treeMiB = 64;
  Search small(*game, std::make_shared<UniformEvaluator>(), options);
  small.setRoot(*game->newGame());
  EXPECT_FALSE(small.run().treeFull);
  EXPECT_EQ(small.run().simulations, 200);
}

TEST(TreeMemory, BudgetedSelfPlayGamesEnd) {
  auto game = loadGame("brandubh");
  SelfPlayOptions o;
  o.gamesPerWorker = 2;
  o.games = 2;
  o.search.simulations = 100000;
  o.search.treeMiB = 1.5;  // reached within the first move's search
  BatchedSelfPlay selfPlay(*game, std::make_shared<UniformEvaluator>(), o);
  int games = 0, cutShort = 0;
  selfPlay.onMove([&](const SelfPlayMove& m) { cutShort += m.search.simulations < 100000; });
  selfPlay.onGame([&](const SelfPlayGame&) { ++games; });
  selfPlay.run();
  EXPECT_EQ(games, 2);
  EXPECT_GT(cutShort, 0);
}

TEST(TreeMemory, TheDefaultBudgetIsAQuarterOfTheMachineAndBadBudgetsAreRefused) {
  SearchOptions options;
  EXPECT_GT(treeByteBudget(options), size_t(64) << 20);
  options.treeMiB = 3;
  EXPECT_EQ(treeByteBudget(options), size_t(3) << 20);
  options.treeMiB = -1;
  EXPECT_THROW(options.check(), Error);
}

// A budget that the expanded root alone fills (the first arena chunk) would stop every search
// after one simulation, and one that rounds to 0 bytes would mean no budget: both are refused.
TEST(TreeMemory, BudgetsWithinTheFirstChunkAreRefused) {
  SearchOptions options;
  for (const double mib : {1.0, 0.5, 1e-7}) {
    options.treeMiB = mib;
    EXPECT_THROW(options.check(), Error) << mib;
  }
  options.treeMiB = 1.01;
  EXPECT_NO_THROW(options.check());
}

}  // namespace
}  // namespace tz
