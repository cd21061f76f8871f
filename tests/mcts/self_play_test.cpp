// The multi-game driver: every game is played to its end with legal moves, each move is
// reported with its root visits and budget, full/cheap budgets are honoured, a run
// stopped from a callback finishes the games it has begun, an adjudicated game ends with the
// adjudicator's outcome, each side of a game searches
// with its own evaluator, and callbacks never overlap.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <thread>

#include "game/registry.h"
#include "mcts/evaluators.h"
#include "mcts/self_play.h"

namespace tz {
namespace {

// Options of `games` games on `workers` threads of `gamesPerWorker` games, `simulations` a move.
SelfPlayOptions optionsOf(int workers, int gamesPerWorker, int games, int simulations) {
  SelfPlayOptions o;
  o.workers = workers;
  o.gamesPerWorker = gamesPerWorker;
  o.games = games;
  o.search.simulations = simulations;
  return o;
}

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
  const SelfPlayOptions o = optionsOf(1, 4, 20, 8);
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

// A run stopped at once (its time budget spent) drops the games in progress: run() returns
// after the move that stopped it, and no game is reported.
TEST(SelfPlay, StopNowDropsTheGamesInProgress) {
  auto game = loadGame("brandubh");
  const SelfPlayOptions o = optionsOf(1, 4, 20, 8);
  BatchedSelfPlay selfPlay(*game, std::make_shared<RolloutEvaluator>(1, 3), o);
  int moves = 0, games = 0;
  selfPlay.onMove([&](const SelfPlayMove&) {
    if (++moves == 10) selfPlay.stopNow();
  });
  selfPlay.onGame([&](const SelfPlayGame&) { ++games; });
  selfPlay.run();
  EXPECT_EQ(games, 0);
  EXPECT_EQ(selfPlay.stats().games, 0);
  // The other slots may each finish the move they were searching, no more.
  EXPECT_GE(selfPlay.stats().moves, 10);
  EXPECT_LE(selfPlay.stats().moves, 10 + 3);
}

// Counts the positions it is asked to score, then defers to uniform priors and zero values.
class CountingEvaluator final : public Evaluator {
 public:
  void evaluate(EvalRequest* requests, int count) override {
    calls += count;
    inner_.evaluate(requests, count);
  }
  std::string name() const override { return "counting"; }
  std::atomic<int64_t> calls{0};  // positions scored so far

 private:
  UniformEvaluator inner_;
};

TEST(SelfPlay, EachSideSearchesWithItsOwnEvaluator) {
  auto game = loadGame("brandubh");
  const SelfPlayOptions o = optionsOf(1, 1, 2, 16);
  auto a = std::make_shared<CountingEvaluator>();
  auto b = std::make_shared<CountingEvaluator>();
  BatchedSelfPlay selfPlay(*game, a, o);
  // Game 0: b plays side 1; game 1: b plays side 0.
  selfPlay.setPlayers([&](int g) { return g == 0 ? SidePlayers{a, b} : SidePlayers{b, a}; });
  int64_t seenA = 0, seenB = 0, byMover[2] = {0, 0};
  int moves = 0;
  selfPlay.onMove([&](const SelfPlayMove& m) {
    // The search of this move ran since the last report, with the mover's evaluator alone
    // (it may need none when every playout ends in a finished game).
    const bool bMoves = (m.state->toMove() == 1) == (m.game == 0);
    const int64_t newA = a->calls - seenA, newB = b->calls - seenB;
    byMover[bMoves] += bMoves ? newB : newA;
    EXPECT_EQ(bMoves ? newA : newB, 0) << "game " << m.game << " ply " << m.state->ply();
    seenA = a->calls;
    seenB = b->calls;
    ++moves;
  });
  selfPlay.run();
  EXPECT_GT(byMover[0], 0);
  EXPECT_GT(byMover[1], 0);
  EXPECT_EQ(selfPlay.stats().games, 2);
  EXPECT_EQ(selfPlay.stats().moves, moves);
}

TEST(SelfPlay, AnAdjudicatedGameEndsWithTheAdjudicatorsOutcome) {
  auto game = loadGame("brandubh");
  const SelfPlayOptions o = optionsOf(2, 2, 6, 8);
  BatchedSelfPlay selfPlay(*game, std::make_shared<UniformEvaluator>(), o);
  // Every game is adjudicated at ply 5 to a win of side 1 (no brandubh game ends sooner).
  int asked = 0;
  selfPlay.setAdjudicate([&](const State& s) {
    ++asked;
    EXPECT_FALSE(s.outcome().over);
    return s.ply() == 5 ? Outcome{true, 1, end_reason::kTablebase} : Outcome{};
  });
  std::vector<SelfPlayGame> games;
  selfPlay.onGame([&](const SelfPlayGame& g) { games.push_back(g); });
  selfPlay.run();
  ASSERT_EQ(games.size(), 6u);
  for (const SelfPlayGame& g : games) {
    auto replay = game->newGame();
    for (Action a : g.actions) replay->apply(a);
    EXPECT_EQ(g.outcome.reason, end_reason::kTablebase) << "game " << g.game;
    EXPECT_EQ(g.outcome.winner, 1);
    EXPECT_EQ(g.actions.size(), 5u);
    EXPECT_FALSE(replay->outcome().over);
  }
  EXPECT_EQ(asked, 6 * 5);
}

TEST(SelfPlay, CallbacksNeverRunConcurrently) {
  auto game = loadGame("brandubh");
  const SelfPlayOptions o = optionsOf(3, 2, 6, 4);
  BatchedSelfPlay selfPlay(*game, std::make_shared<UniformEvaluator>(), o);
  std::atomic<int> inside{0}, most{0};
  auto enter = [&] {
    most = std::max(most.load(), ++inside);
    std::this_thread::sleep_for(std::chrono::microseconds(50));
    --inside;
  };
  int budgets = 0;  // plain int: a data race here would be a bug of the driver
  selfPlay.setBudget([&](int, const State&) {
    enter();
    ++budgets;
    return MoveBudget{4, true};
  });
  selfPlay.setPlayers([&](int) {
    enter();
    auto e = std::make_shared<UniformEvaluator>();
    return SidePlayers{e, e};
  });
  selfPlay.onMove([&](const SelfPlayMove&) { enter(); });
  selfPlay.run();
  EXPECT_EQ(most.load(), 1);
  EXPECT_EQ(budgets, selfPlay.stats().moves);
}

}  // namespace
}  // namespace tz
