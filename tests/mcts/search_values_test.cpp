// Backed-up values and proofs keep the right sign when a side acts twice in a row
// (morris removals), and draws count as 0.
#include <gtest/gtest.h>

#include <functional>

#include "mcts/evaluators.h"
#include "mcts/search.h"
#include "tests/mcts/toy_game.h"

namespace tz {
namespace {

using mcts::Edge;
using mcts::Node;
using mcts::Proven;
using test::ToyGame;

// Uniform priors; value +0.5 for side 0 to move and -0.5 for side 1: side 0 is always
// better by 0.5, whoever is to move.
class FavoursFirst final : public Evaluator {
 public:
  void evaluate(EvalRequest* requests, int count) override {
    UniformEvaluator().evaluate(requests, count);
    for (int k = 0; k < count; ++k) requests[k].value = requests[k].state->toMove() == 0 ? 0.5f : -0.5f;
  }
  std::string name() const override { return "favours-first"; }
};

SearchOptions quiet(int simulations) {
  SearchOptions o;
  o.simulations = simulations;
  o.rootLookahead = 0;  // leave every proof to the search itself
  return o;
}

// The child of `node` reached by `action`.
const Node* childFor(const Node& node, Action action) {
  for (int i = 0; i < node.numEdges; ++i)
    if (node.edges[i].action == action) return node.edges[i].node();
  return nullptr;
}

// Calls f(node, chooser) for every visited non-root node: chooser is the side whose view
// the node's values are in.
void forEachVisited(const Node& node, const std::function<void(const Node&, int)>& f) {
  if (!node.isExpanded()) return;
  for (int i = 0; i < node.numEdges; ++i) {
    const Node* c = node.edges[i].node();
    if (!c || c->n() == 0) continue;
    f(*c, node.toMove);
    forEachVisited(*c, f);
  }
}

TEST(SearchValues, EveryBackedUpValueIsSeenFromTheChooser) {
  // Side 0 acts twice, then side 1 once, over and over; every game is a draw at the end,
  // far below the search's reach.
  std::vector<int> movers;
  for (int i = 0; i < 60; ++i) movers.push_back(i % 3 == 2 ? 1 : 0);
  ToyGame game(2, movers, [](const std::vector<Action>&) { return -1; });
  Search search(game, std::make_shared<FavoursFirst>(), quiet(300));
  search.setRoot(*game.newGame());
  const SearchResult& r = search.run();
  EXPECT_EQ(r.simulations, 300);
  EXPECT_FLOAT_EQ(r.value, 0.5f);  // the root is side 0's
  int checked = 0, sameSide = 0;
  forEachVisited(search.tree().root(), [&](const Node& n, int chooser) {
    EXPECT_FLOAT_EQ(n.q(), chooser == 0 ? 0.5f : -0.5f) << "chooser " << chooser << " visits " << n.n();
    ++checked;
    if (n.isExpanded() && n.toMove == chooser) ++sameSide;
  });
  EXPECT_GT(checked, 200);
  EXPECT_GT(sameSide, 50);  // many nodes where the chooser moves again
}

TEST(SearchValues, ProofsFollowTheSideThatMovesTwice) {
  // Side 0 picks a then b, side 1 picks c; side 0 wins exactly when a == 1 and b == 1.
  ToyGame game(2, {0, 0, 1}, [](const std::vector<Action>& a) { return a[0] == 1 && a[1] == 1 ? 0 : 1; });
  for (int lookahead : {0, 2}) {
    SearchOptions o = quiet(200);
    o.rootLookahead = lookahead;
    Search search(game, std::make_shared<UniformEvaluator>(), o);
    search.setRoot(*game.newGame());
    const SearchResult& r = search.run();
    EXPECT_EQ(r.proven, Proven::kWin) << lookahead;
    EXPECT_FLOAT_EQ(r.value, 1.f);
    EXPECT_EQ(search.chooseMove(), 1);
    const Node& root = search.tree().root();
    const Node* good = childFor(root, 1);
    const Node* bad = childFor(root, 0);
    ASSERT_TRUE(good && bad);
    EXPECT_EQ(good->result(), Proven::kWin);  // seen by side 0, who chose it
    EXPECT_EQ(bad->result(), Proven::kLoss);
    ASSERT_TRUE(good->isExpanded());
    EXPECT_EQ(good->toMove, 0);  // side 0 moves again
    EXPECT_EQ(childFor(*good, 1)->result(), Proven::kWin);
    // Playouts through a=1, b=1 end in side 0's wins (after a neutral first evaluation).
    EXPECT_GT(childFor(*good, 1)->q(), 0.f);
    EXPECT_LT(childFor(*good, 0)->q(), 0.f);
    EXPECT_LT(bad->q(), 0.f);
  }
}

TEST(SearchValues, TheOpponentsDoubleMoveProvesALoss) {
  // Side 0 picks a, side 1 picks b then c and wins when b == c (it always can).
  ToyGame game(3, {0, 1, 1}, [](const std::vector<Action>& a) { return a[1] == a[2] ? 1 : 0; });
  Search search(game, std::make_shared<UniformEvaluator>(), quiet(400));
  search.setRoot(*game.newGame());
  const SearchResult& r = search.run();
  EXPECT_EQ(r.proven, Proven::kLoss);
  EXPECT_FLOAT_EQ(r.value, -1.f);
  const Node& root = search.tree().root();
  for (int i = 0; i < root.numEdges; ++i) EXPECT_EQ(mcts::edgeResult(root.edges[i]), Proven::kLoss);
  const Action a = search.chooseMove();  // still a legal move when everything loses
  EXPECT_TRUE(a >= 0 && a < 3);
}

TEST(SearchValues, DrawsAreWorthZero) {
  ToyGame game(2, {0, 1, 0}, [](const std::vector<Action>&) { return -1; });
  Search search(game, std::make_shared<UniformEvaluator>(), quiet(100));
  search.setRoot(*game.newGame());
  const SearchResult& r = search.run();
  EXPECT_EQ(r.proven, Proven::kDraw);
  EXPECT_FLOAT_EQ(r.value, 0.f);
  forEachVisited(search.tree().root(), [](const Node& n, int) { EXPECT_FLOAT_EQ(n.q(), 0.f); });
}

TEST(SearchValues, RolloutsScoreForTheSideToMove) {
  // Whatever is played, side 0 wins.
  ToyGame game(2, {0, 1, 0, 1}, [](const std::vector<Action>&) { return 0; });
  RolloutEvaluator rollouts(4, 7);
  auto start = game.newGame();
  auto second = game.newGame();
  second->apply(1);
  std::vector<Action> legal{0, 1};
  float priors[2][2];
  EvalRequest requests[2];
  requests[0] = EvalRequest{start.get(), legal.data(), 2, priors[0]};
  requests[1] = EvalRequest{second.get(), legal.data(), 2, priors[1]};
  rollouts.evaluate(requests, 2);
  EXPECT_FLOAT_EQ(requests[0].value, 1.f);   // side 0 to move
  EXPECT_FLOAT_EQ(requests[1].value, -1.f);  // side 1 to move
  EXPECT_FLOAT_EQ(priors[0][0] + priors[0][1], 1.f);
  EXPECT_EQ(rollouts.name(), "rollouts(4)");
}

}  // namespace
}  // namespace tz
