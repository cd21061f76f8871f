// Tree bookkeeping: visit counts add up with several threads, fixed seeds repeat a search
// exactly with one thread, and the tree is kept from move to move.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <stdexcept>

#include "game/registry.h"
#include "mcts/evaluators.h"
#include "mcts/mcts_player.h"
#include "mcts/search.h"

namespace tz {
namespace {

using mcts::Node;
using mcts::Proven;

// Checks that no playout is left in flight and that every unproven expanded node has one
// visit of its own plus its children's. Returns the number of nodes seen.
int checkCounts(const Node& node) {
  EXPECT_EQ(node.flying(), 0);
  int nodes = 1;
  if (!node.isExpanded()) return nodes;
  int sum = 0;
  for (int i = 0; i < node.numEdges; ++i) {
    if (const Node* c = node.edges[i].node()) {
      sum += c->n();
      nodes += checkCounts(*c);
    }
  }
  if (node.result() == Proven::kUnknown) {
    EXPECT_EQ(node.n(), 1 + sum);
  }
  return nodes;
}

TEST(SearchTree, ThreadsAddUpVisits) {
  auto game = loadGame("linnaeus");
  struct Case {
    std::shared_ptr<Evaluator> evaluator;
    int threads, batch, simulations;
  };
  for (const Case& c : {Case{std::make_shared<UniformEvaluator>(), 4, 4, 4000},
                        Case{std::make_shared<UniformEvaluator>(), 3, 1, 3000},
                        Case{std::make_shared<RolloutEvaluator>(1, 3), 2, 8, 400}}) {
    SearchOptions o;
    o.threads = c.threads;
    o.batchSize = c.batch;
    o.dirichletFraction = 0.25f;
    Search search(*game, c.evaluator, o);
    search.setRoot(*game->newGame());
    const SearchResult& r = search.run(c.simulations);
    EXPECT_EQ(r.simulations, c.simulations);
    EXPECT_EQ(r.rootVisits, c.simulations);
    int sum = 0;
    for (int v : r.visits) sum += v;
    EXPECT_EQ(sum, c.simulations - 1);  // every playout but the root's own evaluation
    EXPECT_GT(checkCounts(search.tree().root()), c.simulations / 2);
  }
}

TEST(SearchTree, ThreadsReserveTheirPlayoutsInBlocksAndNeverOverspend) {
  auto game = loadGame("brandubh");
  mcts::Tree one(*game, 1), two(*game, 2);
  one.beginSearch(1000);
  EXPECT_EQ(one.claimBlock(), 1);  // one thread: the order of its playouts is unchanged
  two.beginSearch(1000);
  EXPECT_EQ(two.claimBlock(), 1000 / (64 * 2));
  two.beginSearch(1 << 20);
  EXPECT_EQ(two.claimBlock(), mcts::Tree::kMaxClaimBlock);
  two.beginSearch(20);
  EXPECT_EQ(two.claimBlock(), 1);
  EXPECT_EQ(two.claim(16), 16);
  EXPECT_EQ(two.claim(16), 4);  // only what is left of the budget
  EXPECT_EQ(two.claim(16), 0);
  two.release(3);
  EXPECT_EQ(two.claim(16), 3);
  const uint64_t first = two.searchId();
  two.beginSearch(20);
  EXPECT_NE(two.searchId(), first);  // a reservation of the last search is void
  EXPECT_EQ(two.claim(16), 16);
}

TEST(SearchTree, ThreadsPlayEveryMovesBudgetOnAKeptTree) {
  auto game = loadGame("brandubh");
  SearchOptions o;
  o.threads = 2;
  Search search(*game, std::make_shared<UniformEvaluator>(), o);
  auto state = game->newGame();
  search.setRoot(*state);
  for (int move = 0; move < 6 && !state->outcome().over; ++move) {
    const int kept = search.tree().root().n();
    const SearchResult& r = search.run(3000);
    if (r.proven == mcts::Proven::kUnknown) EXPECT_EQ(r.simulations, 3000) << "move " << move;
    EXPECT_EQ(search.tree().root().n(), kept + r.simulations);
    checkCounts(search.tree().root());
    const Action a = search.chooseMove();
    search.advance(a);
    state->apply(a);
  }
}

TEST(SearchTree, FixedSeedsRepeatTheSearch) {
  auto game = loadGame("brandubh");
  auto state = game->newGame();
  state->playTurn("d6-f6");
  auto run = [&](uint64_t seed, int batch) {
    SearchOptions o;
    o.simulations = 600;
    o.batchSize = batch;
    o.dirichletFraction = 0.25f;
    o.temperaturePlies = 100;
    o.seed = seed;
    Search search(*game, std::make_shared<RolloutEvaluator>(1, seed), o);
    search.setRoot(*state);
    SearchResult r = search.run();
    return std::make_pair(r.visits, search.chooseMove());
  };
  for (int batch : {1, 8}) {
    const auto a = run(5, batch), b = run(5, batch), c = run(6, batch);
    EXPECT_EQ(a.first, b.first) << "batch " << batch;
    EXPECT_EQ(a.second, b.second);
    EXPECT_NE(a.first, c.first);  // the seed matters (noise, rollouts)
  }
}

TEST(SearchTree, AdvanceKeepsTheSubtree) {
  auto game = loadGame("brandubh");
  SearchOptions o;
  o.simulations = 2000;
  Search search(*game, std::make_shared<RolloutEvaluator>(1, 9), o);
  auto state = game->newGame();
  search.setRoot(*state);
  for (int move = 0; move < 4; ++move) {
    const SearchResult& r = search.run();
    const Action a = search.chooseMove();
    int kept = 0;
    for (size_t i = 0; i < r.actions.size(); ++i)
      if (r.actions[i] == a) kept = r.visits[i];
    const int before = r.rootVisits;
    EXPECT_GE(before, o.simulations);
    search.advance(a);
    state->apply(a);
    ASSERT_TRUE(search.at(*state));
    EXPECT_EQ(search.tree().root().n(), kept);
    EXPECT_EQ(search.tree().root().toMove, state->toMove());
    checkCounts(search.tree().root());
  }
  const SearchResult& r = search.run();
  EXPECT_EQ(r.simulations, o.simulations);
  checkCounts(search.tree().root());
}

TEST(SearchTree, MctsPlayersFinishAGame) {
  auto game = loadGame("brandubh");
  SearchOptions o;
  o.simulations = 48;
  o.threads = 2;
  o.batchSize = 2;
  auto a = makeMctsPlayer(*game, std::make_shared<RolloutEvaluator>(1, 1), o);
  auto b = makeMctsPlayer(*game, std::make_shared<UniformEvaluator>(), o);
  EXPECT_EQ(a->name(), "mcts(rollouts(1),48)");
  auto state = game->newGame();
  std::vector<Action> legal;
  while (!state->outcome().over) {
    Player& p = state->toMove() == 0 ? *a : *b;
    const Action action = p.chooseAction(*state);
    state->legalActions(legal);
    ASSERT_NE(std::find(legal.begin(), legal.end(), action), legal.end());
    a->observe(*state, action);
    b->observe(*state, action);
    state->apply(action);
  }
  EXPECT_LE(state->ply(), 200);
}

// Fails on its `failAt`-th call.
class FailingEvaluator final : public Evaluator {
 public:
  explicit FailingEvaluator(int failAt) : failAt_(failAt) {}
  void evaluate(EvalRequest* requests, int count) override {
    if (++calls_ == failAt_) throw std::runtime_error("evaluator failed");
    UniformEvaluator().evaluate(requests, count);
  }
  std::string name() const override { return "failing"; }

 private:
  std::atomic<int> calls_{0};
  int failAt_;
};

TEST(SearchTree, AFailedEvaluationLeavesAUsableSearch) {
  auto game = loadGame("brandubh");
  for (int failAt : {1, 5}) {
    SearchOptions o;
    o.simulations = 200;
    o.threads = 2;
    Search search(*game, std::make_shared<FailingEvaluator>(failAt), o);
    search.setRoot(*game->newGame());
    EXPECT_THROW(search.run(), std::runtime_error);
    const SearchResult& r = search.run();  // the evaluator works again
    EXPECT_EQ(r.simulations, 200);
    checkCounts(search.tree().root());
  }
}

}  // namespace
}  // namespace tz
