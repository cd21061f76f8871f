// Self-play against a past checkpoint routes each position to the network of the side to move.
#include <gtest/gtest.h>

#include "game/registry.h"
#include "training/side_split_evaluator.h"

namespace tz::test {
namespace {

// Answers every request with a fixed value and a one-hot prior on the first action.
class ConstantEvaluator final : public Evaluator {
 public:
  explicit ConstantEvaluator(float value) : value_(value) {}
  void evaluate(EvalRequest* requests, int count) override {
    for (int i = 0; i < count; ++i) {
      requests[i].value = value_;
      for (int a = 0; a < requests[i].numLegal; ++a) requests[i].priors[a] = a == 0 ? 1.f : 0.f;
    }
  }
  std::string name() const override { return "constant"; }

 private:
  float value_;
};

TEST(SideSplit, EachSideToMoveGoesToItsOwnEvaluator) {
  auto game = loadGame("brandubh");
  auto attackersToMove = game->newGame();
  auto defendersToMove = game->newGame();
  std::vector<Action> legal;
  defendersToMove->legalActions(legal);
  defendersToMove->apply(legal[0]);
  SideSplitEvaluator split(std::make_shared<ConstantEvaluator>(0.25f), std::make_shared<ConstantEvaluator>(-0.5f), 1);
  std::vector<Action> la, ld;
  attackersToMove->legalActions(la);
  defendersToMove->legalActions(ld);
  std::vector<float> pa(la.size()), pd(ld.size());
  EvalRequest requests[3] = {{defendersToMove.get(), ld.data(), int(ld.size()), pd.data()},
                             {attackersToMove.get(), la.data(), int(la.size()), pa.data()},
                             {defendersToMove.get(), ld.data(), int(ld.size()), pd.data()}};
  split.evaluate(requests, 3);
  EXPECT_EQ(requests[0].value, -0.5f);
  EXPECT_EQ(requests[1].value, 0.25f);
  EXPECT_EQ(requests[2].value, -0.5f);
  EXPECT_EQ(pa[0], 1.f);
  EXPECT_EQ(pd[0], 1.f);
}

}  // namespace
}  // namespace tz::test
