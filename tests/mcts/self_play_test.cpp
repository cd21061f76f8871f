// The multi-game driver: every game is played to its end with legal moves, each move is
// reported with its root visits and budget, full/cheap budgets are honoured, and a run
// stopped from a callback finishes the games it has begun.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "game/registry.h"
#include "mcts/evaluators.h"
#include "mcts/self_play.h"

namespace tz {
namespace {

TEST(SelfPlay, PlaysEveryGameWithBatchedEvaluations) {
  auto game = loadGame("brandubh");
  SelfPlayOptions o;
  o.workers = 2;
  o.gamesPerWorker = 3;
  o.leavesPerGame = 2;
  o.games = 8;
  o.search.dirichletFraction = 0.25f;
  o.search.temperaturePlies = 8;
  BatchedSelfPlay selfPlay(*game, std::make_shared<RolloutEvaluator>(1, 2), o);
  selfPlay.setBudget([](int, const State& s) { return s.ply() % 2 ? MoveBudget{8, false} : MoveBudget{32, true}; });
  std::map<int, std::vector<Action>> moves;
  std::vector<SelfPlayGame> games;
  selfPlay.onMove([&](const SelfPlayMove& m) {
    EXPECT_EQ(m.state->ply(), int(moves[m.game].size()));
    EXPECT_EQ(m.full, m.state->ply() % 2 == 0);
    if (m.search.proven == mcts::Proven::kUnknown) {
      EXPECT_EQ(m.search.simulations, m.full ? 32 : 8);
      int visits = 0;
      for (int v : m.search.visits) visits += v;
      EXPECT_EQ(visits + 1, m.search.rootVisits);  // the root's own evaluation aside
    }
    EXPECT_NE(std::find(m.search.actions.begin(), m.search.actions.end(), m.action), m.search.actions.end());
    moves[m.game].push_back(m.action);
  });
  selfPlay.onGame([&](const SelfPlayGame& g) { games.push_back(g); });
  selfPlay.run();

  ASSERT_EQ(games.size(), 8u);
  int64_t total = 0;
  for (const SelfPlayGame& g : games) {
    EXPECT_EQ(g.actions, moves[g.game]);
    auto replay = game->newGame();
    for (Action a : g.actions) replay->apply(a);
    EXPECT_TRUE(replay->outcome().over);
    EXPECT_EQ(replay->outcome().winner, g.outcome.winner);
    total += int64_t(g.actions.size());
  }
  const auto stats = selfPlay.stats();
  EXPECT_EQ(stats.games, 8);
  EXPECT_EQ(stats.moves, total);
  EXPECT_GT(double(stats.evaluations) / double(stats.batches), 1.5);  // leaves of several games per call
}

TEST(SelfPlay, StopStartingLetsTheGamesInProgressFinish) {
  auto game = loadGame("brandubh");
  SelfPlayOptions o;
  o.workers = 1;
  o.gamesPerWorker = 4;
  o.games = 20;
  o.search.simulations = 8;
  BatchedSelfPlay selfPlay(*game, std::make_shared<RolloutEvaluator>(1, 3), o);
  std::vector<SelfPlayGame> games;
  selfPlay.onGame([&](const SelfPlayGame& g) {
    games.push_back(g);
    selfPlay.stopStarting();
  });
  selfPlay.run();
  // The first game to end stops new games; the other three slots finish theirs.
  ASSERT_EQ(games.size(), 4u);
  std::vector<int> ids;
  for (const SelfPlayGame& g : games) {
    auto replay = game->newGame();
    for (Action a : g.actions) replay->apply(a);
    EXPECT_TRUE(replay->outcome().over) << "game " << g.game << " was cut short";
    ids.push_back(g.game);
  }
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(ids, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(selfPlay.stats().games, 4);
}

}  // namespace
}  // namespace tz
