// The pure-MCTS playout policy and priors on concrete positions: wins in one are always
// taken, the results are reproducible for a seed, likely captures are favoured and moves
// that leave a piece en prise are not; and the mix of another evaluator with playouts.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "game/base/error.h"
#include "game/registry.h"
#include "game/tafl/tafl_playout.h"
#include "mcts/evaluators.h"
#include "mcts/rollout_policy.h"
#include "tests/game/tafl/tafl_helpers.h"
#include "tests/mcts/toy_game.h"

namespace tz {
namespace {

using test::position;

constexpr int kDefenders = 1;
constexpr int kAttackers = 0;

// The evaluator's value (for the side to move) and priors of `state`.
float evaluate(Evaluator& evaluator, const State& state, std::vector<float>* priors = nullptr) {
  std::vector<Action> legal;
  state.legalActions(legal);
  std::vector<float> p(legal.size());
  EvalRequest request{&state, legal.data(), int(legal.size()), p.data()};
  evaluator.evaluate(&request, 1);
  if (priors) *priors = p;
  return request.value;
}

// The winner of each of `count` playouts from `state`, one generator seed each.
std::set<int> winners(const State& state, int count) {
  RolloutPolicy policy;
  std::set<int> out;
  for (int seed = 1; seed <= count; ++seed) {
    std::mt19937_64 rng{uint64_t(seed)};
    out.insert(policy.playOut(state, rng));
  }
  return out;
}

TEST(RolloutPolicy, KingEscapesInOneOnAnEdge) {
  auto game = loadGame("linnaeus");
  // King on c3 with open lines to c1 and a3.
  auto state = position(*game, {{"c3", 'K'}, {"e6", 't'}, {"g5", 't'}, {"h8", 't'}, {"d8", 'T'}}, "defenders");
  ASSERT_FALSE(state->outcome().over);
  EXPECT_EQ(winners(*state, 64), std::set<int>{kDefenders});
  RolloutEvaluator evaluator(8, 3);
  EXPECT_FLOAT_EQ(evaluate(evaluator, *state), 1.f);
}

TEST(RolloutPolicy, KingEscapesInOneToACorner) {
  auto game = loadGame("brandubh");
  // King on e1: f1 blocks g1, but d1-c1-b1 lead to the corner a1.
  auto state = position(*game, {{"e1", 'K'}, {"f1", 't'}, {"d3", 't'}, {"b5", 't'}, {"f6", 't'}, {"c6", 'T'}},
                        "defenders");
  ASSERT_FALSE(state->outcome().over);
  EXPECT_EQ(winners(*state, 64), std::set<int>{kDefenders});
}

TEST(RolloutPolicy, AttackersCaptureTheKingInOne) {
  auto game = loadGame("linnaeus");
  // King on e7 (away from the throne) next to d7; f9-f7 takes him. He also threatens to
  // escape up the e-file, so answering that threat instead would not do.
  auto state = position(*game, {{"e7", 'K'}, {"d7", 't'}, {"f9", 't'}, {"a2", 't'}, {"b5", 'T'}}, "attackers");
  ASSERT_FALSE(state->outcome().over);
  EXPECT_EQ(winners(*state, 64), std::set<int>{kAttackers});
  RolloutEvaluator evaluator(8, 3);
  EXPECT_FLOAT_EQ(evaluate(evaluator, *state), 1.f);
}

TEST(RolloutPolicy, AttackersCaptureTheKingInOneOnASmallBoard) {
  auto game = loadGame("brandubh");
  // King on b6 next to a6; c1-c6 takes him.
  auto state = position(*game, {{"b6", 'K'}, {"a6", 't'}, {"c1", 't'}, {"g3", 't'}, {"e2", 'T'}}, "attackers");
  ASSERT_FALSE(state->outcome().over);
  EXPECT_EQ(winners(*state, 64), std::set<int>{kAttackers});
}

TEST(RolloutPolicy, ReproducibleForASeed) {
  auto game = loadGame("linnaeus");
  auto start = game->newGame();
  RolloutEvaluator a(16, 5), b(16, 5);
  std::vector<float> values;
  for (int call = 0; call < 6; ++call) {
    const float v = evaluate(a, *start);
    EXPECT_FLOAT_EQ(v, evaluate(b, *start)) << "call " << call;
    values.push_back(v);
  }
  // Successive calls draw fresh playouts.
  EXPECT_GT(std::set<float>(values.begin(), values.end()).size(), 1u);
  RolloutPolicy p, q;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    std::mt19937_64 r1(seed), r2(seed);
    EXPECT_EQ(p.playOut(*start, r1), q.playOut(*start, r2)) << "seed " << seed;
  }
}

TEST(RolloutPolicy, PriorsFavourCapturesAndShunHangingPieces) {
  auto game = loadGame("linnaeus");
  // d1-d7 takes c7 (against b7); f1-f4 puts an attacker next to g4 where the king can
  // reach e4 and take it; h2-h3 is quiet.
  auto state = position(
      *game, {{"e5", 'K'}, {"c7", 'T'}, {"g4", 'T'}, {"b7", 't'}, {"d1", 't'}, {"f1", 't'}, {"h2", 't'}}, "attackers");
  RolloutEvaluator evaluator(1, 1);
  std::vector<float> priors;
  evaluate(evaluator, *state, &priors);
  std::vector<Action> legal;
  state->legalActions(legal);
  float sum = 0.f, capture = 0.f, hanging = 0.f, quiet = 0.f;
  for (size_t i = 0; i < legal.size(); ++i) {
    sum += priors[i];
    const std::string name = state->actionName(legal[i]);  // with capture and threat marks
    if (name.rfind("d1-d7", 0) == 0) capture = priors[i];
    if (name.rfind("f1-f4", 0) == 0) hanging = priors[i];
    if (name.rfind("h2-h3", 0) == 0) quiet = priors[i];
  }
  EXPECT_NEAR(sum, 1.f, 1e-5f);
  ASSERT_GT(quiet, 0.f);
  EXPECT_NEAR(capture, quiet * tafl::TaflPlayoutPolicy::kCaptureWeight, 1e-6f);
  EXPECT_NEAR(hanging, quiet / tafl::TaflPlayoutPolicy::kCaptureWeight, 1e-6f);
}

TEST(RolloutPolicy, OtherGamesPlayAtRandomWithUniformPriors) {
  // Whatever is played, the game is drawn.
  test::ToyGame game(3, {0, 1, 0, 1, 0}, [](const std::vector<Action>&) { return -1; });
  auto start = game.newGame();
  RolloutEvaluator evaluator(4, 2);
  std::vector<float> priors;
  EXPECT_FLOAT_EQ(evaluate(evaluator, *start, &priors), 0.f);
  for (float p : priors) EXPECT_FLOAT_EQ(p, 1.f / 3.f);
}

// Priors rising with the action's index and a fixed value: the stand-in for a network.
class FixedEvaluator final : public Evaluator {
 public:
  explicit FixedEvaluator(float value) : value_(value) {}
  void evaluate(EvalRequest* requests, int count) override {
    for (int k = 0; k < count; ++k) {
      const int n = requests[k].numLegal;
      for (int i = 0; i < n; ++i) requests[k].priors[i] = 2.f * float(i + 1) / float(n * (n + 1));
      requests[k].value = value_;
    }
  }
  std::string name() const override { return "fixed"; }

 private:
  float value_;
};

TEST(RolloutMixEvaluator, MixesTheInnerValueWithAPlayoutAndKeepsItsPriors) {
  auto game = loadGame("linnaeus");
  // The king escapes in one: every playout is a win (1) for the defenders to move.
  auto state = position(*game, {{"c3", 'K'}, {"e6", 't'}, {"g5", 't'}, {"h8", 't'}, {"d8", 'T'}}, "defenders");
  auto inner = std::make_shared<FixedEvaluator>(-0.4f);
  std::vector<float> expected, priors;
  evaluate(*inner, *state, &expected);
  for (const auto& [mix, value] : std::vector<std::pair<float, float>>{{0.f, -0.4f}, {0.5f, 0.3f}, {1.f, 1.f}}) {
    RolloutMixEvaluator evaluator(inner, mix, 7);
    EXPECT_FLOAT_EQ(evaluate(evaluator, *state, &priors), value) << "mix " << mix;
    EXPECT_EQ(priors, expected) << "mix " << mix;
  }
  EXPECT_NE(RolloutMixEvaluator(inner, 0.25f).name().find("fixed"), std::string::npos);
}

TEST(RolloutMixEvaluator, RefusesAMixOutsideZeroToOne) {
  auto inner = std::make_shared<FixedEvaluator>(0.f);
  EXPECT_THROW(RolloutMixEvaluator(inner, -0.1f), Error);
  EXPECT_THROW(RolloutMixEvaluator(inner, 1.5f), Error);
  EXPECT_THROW(RolloutMixEvaluator(nullptr, 0.5f), Error);
}

TEST(RolloutEvaluator, AsksForEveryChildTriedOnceAndLeavesTheRestOfTheSearch) {
  SearchOptions base;
  base.simulations = 123;
  base.cPuct = 2.f;
  const SearchOptions wanted = RolloutEvaluator(1, 1).preferredSearch(base);
  EXPECT_EQ(wanted.fpuReduction, -2.f);
  EXPECT_EQ(wanted.simulations, 123);
  EXPECT_EQ(wanted.cPuct, 2.f);
  EXPECT_EQ(UniformEvaluator().preferredSearch(base).fpuReduction, base.fpuReduction);
}

}  // namespace
}  // namespace tz
