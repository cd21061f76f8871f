// The draw score: a search that values a draw above an even gamble picks the sure draw, one
// that values it below picks the gamble, for the evaluator's draw chances and for proven
// draws alike, and for whichever side the tree searches.
#include <gtest/gtest.h>

#include "mcts/evaluators.h"
#include "mcts/search.h"
#include "tests/mcts/toy_game.h"

namespace tz {
namespace {

using mcts::Node;
using mcts::Proven;
using test::ToyGame;

// Uniform priors and an even expected result everywhere; once the first action was 0 the
// game is a sure draw (draw chance 1), after a first action 1 an even gamble (chance 0).
class SureDrawOrGamble final : public Evaluator {
 public:
  void evaluate(EvalRequest* requests, int count) override {
    UniformEvaluator().evaluate(requests, count);
    for (int k = 0; k < count; ++k) {
      requests[k].value = 0.f;
      requests[k].draw = requests[k].state->record().rfind("0,", 0) == 0 ? 1.f : 0.f;
    }
  }
  std::string name() const override { return "sure-draw-or-gamble"; }
};

// Twelve plies, side `first` moving first, then the sides alternating; every game a draw.
ToyGame alternating(int first) {
  std::vector<int> movers;
  for (int i = 0; i < 12; ++i) movers.push_back((first + i) % 2);
  return ToyGame(2, movers, [](const std::vector<Action>&) { return -1; });
}

SearchOptions withDrawScore(float drawScore, bool gumbel) {
  SearchOptions o;
  o.simulations = 300;
  o.rootLookahead = 0;
  o.drawScore = drawScore;
  o.gumbel = gumbel;
  o.gumbelCandidates = 2;
  return o;
}

TEST(DrawScore, APositiveScorePrefersTheSureDrawANegativeOneTheGamble) {
  for (int first : {0, 1}) {
    for (bool gumbel : {false, true}) {
      const ToyGame game = alternating(first);
      for (float score : {0.3f, -0.3f}) {
        Search search(game, std::make_shared<SureDrawOrGamble>(), withDrawScore(score, gumbel));
        search.setRoot(*game.newGame());
        const SearchResult& r = search.run();
        const std::string where = "first " + std::to_string(first) + " gumbel " + std::to_string(gumbel) +
                                  " score " + std::to_string(score);
        EXPECT_EQ(search.chooseMove(), score > 0 ? 0 : 1) << where;
        // The sure draw's child is worth the score to the side the tree searches for.
        const Node& root = search.tree().root();
        const Node* drawChild = root.edges[0].action == 0 ? root.edges[0].node() : root.edges[1].node();
        ASSERT_NE(drawChild, nullptr) << where;
        EXPECT_NEAR(drawChild->q(), score, 1e-3) << where;
        // PUCT spends its playouts on the better move (sequential halving splits them evenly).
        if (!gumbel) EXPECT_NEAR(r.value, std::max(score, 0.f), 0.05) << where;
      }
    }
  }
}

TEST(DrawScore, WithoutAScoreTheDrawAndTheGambleAreWorthTheSame) {
  const ToyGame game = alternating(0);
  Search search(game, std::make_shared<SureDrawOrGamble>(), withDrawScore(0.f, false));
  search.setRoot(*game.newGame());
  search.run();
  const Node& root = search.tree().root();
  for (int i = 0; i < root.numEdges; ++i) EXPECT_FLOAT_EQ(root.edges[i].node()->q(), 0.f);
}

TEST(DrawScore, AProvenDrawIsWorthTheScoreOfTheSideThatChoseIt) {
  for (int first : {0, 1}) {
    // One ply, both moves drawing at once: the root is a proven draw.
    const ToyGame game(2, {first}, [](const std::vector<Action>&) { return -1; });
    for (float score : {0.5f, -0.25f}) {
      Search search(game, std::make_shared<UniformEvaluator>(), withDrawScore(score, false));
      search.setRoot(*game.newGame());
      const SearchResult& r = search.run();
      EXPECT_EQ(r.proven, Proven::kDraw);
      const Node& root = search.tree().root();
      for (int i = 0; i < root.numEdges; ++i) {
        const Node* child = root.edges[i].node();
        ASSERT_NE(child, nullptr);
        EXPECT_EQ(child->result(), Proven::kDraw);
        EXPECT_FLOAT_EQ(child->q(), score) << "first " << first;
      }
    }
  }
}

TEST(DrawScore, OutOfRangeScoresAreRefused) {
  SearchOptions o;
  o.drawScore = 1.5f;
  EXPECT_THROW(o.check(), Error);
  o.drawScore = -1.f;
  EXPECT_NO_THROW(o.check());
}

}  // namespace
}  // namespace tz
