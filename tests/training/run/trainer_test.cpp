// The trainer: it fits a fixed batch, its policy loss runs over the legal actions only,
// and weight decay reaches the weights alone, with AdamW's decoupled decay.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "game/registry.h"
#include "nets/network_impl.h"
#include "tests/support/random_batch.h"
#include "training/run/trainer.h"

namespace tz::test {
namespace {

// A batch of `n` distinct brandubh positions from random games, each with a one-hot policy
// target on a random legal action and a value target of +-1.
Batch fixedBatch(const Game& game, int n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  return randomBatch(game, n, rng, rng);
}

std::unique_ptr<Network> smallNetwork(const Game& game, const std::string& optimizer, double decay) {
  auto net = std::make_unique<Network>(game, loadNetworkConfig("small"), "cpu", 7);
  net->createOptimizer({optimizer, 0.003, 0.9, decay});
  return net;
}

TEST(Trainer, OverfitsOneFixedBatch) {
  auto game = loadGame("brandubh");
  auto net = smallNetwork(*game, "adamw", 0);
  const Batch batch = fixedBatch(*game, 16, 3);
  const StepLosses first = trainStep(*net, batch, 0.003, 1.0);
  StepLosses last = first;
  for (int i = 0; i < 500; ++i) last = trainStep(*net, batch, 0.003, 1.0);
  EXPECT_GT(first.policy, 1.0);  // a fresh network spreads its policy over dozens of moves
  EXPECT_GT(first.value, 0.5);   // and guesses the +-1 results badly
  EXPECT_LT(last.policy, 0.05);
  EXPECT_LT(last.value, 0.02);
  EXPECT_EQ(net->step(), 501);
}

TEST(Trainer, AWinDrawLossHeadLearnsHowOftenEachResultComes) {
  // Half the positions drawn, a quarter won, a quarter lost: the head learns those chances
  // for each position, and win - loss meets the value targets.
  auto game = loadGame("brandubh");
  NetworkConfig config = loadNetworkConfig("small");
  config.valueHead = "wdl";
  Network net(*game, config, "cpu", 7);
  net.createOptimizer({"adamw", 0.003, 0.9, 0});
  Batch batch = fixedBatch(*game, 16, 3);
  for (int i = 0; i < batch.size; ++i) batch.results[size_t(i)] = batch.values[size_t(i)] = i % 2 ? 0.f : i % 4 ? 1.f : -1.f;
  const StepLosses first = trainStep(net, batch, 0.003, 1.0);
  for (int i = 0; i < 300; ++i) trainStep(net, batch, 0.003, 1.0);
  std::vector<float> logits(size_t(batch.size) * game->numActions()), values(batch.size), draws(batch.size);
  net.predict(batch.planes.data(), batch.size, logits.data(), values.data(), false, draws.data());
  for (int i = 0; i < batch.size; ++i) {
    EXPECT_NEAR(draws[size_t(i)], batch.results[size_t(i)] == 0.f ? 1.f : 0.f, 0.1) << i;
    EXPECT_NEAR(values[size_t(i)], batch.values[size_t(i)], 0.1) << i;
  }
  EXPECT_GT(first.value, 1.0);  // a fresh head's cross-entropy is about log 3
}

TEST(Trainer, PolicyLossRunsOverTheLegalActionsOnly) {
  auto game = loadGame("brandubh");
  auto net = smallNetwork(*game, "sgd", 0);
  const Batch batch = fixedBatch(*game, 8, 5);
  // The expected loss from the same training-mode forward pass, normalised over legal actions.
  auto& impl = net->impl();
  const TensorShape in = game->inputShape();
  const int actions = game->numActions();
  torch::Tensor logits;
  {
    torch::NoGradGuard noGrad;
    net->setTraining(true);
    auto x = torch::from_blob(const_cast<float*>(batch.planes.data()), {batch.size, in.planes, in.height, in.width});
    logits = impl.net->forward(x).policy.contiguous();
    net->setTraining(false);
  }
  double expected = 0;
  for (int i = 0; i < batch.size; ++i) {
    const float* row = logits.data_ptr<float>() + size_t(i) * actions;
    double norm = 0;
    for (int a = 0; a < actions; ++a)
      if (batch.legal[size_t(i) * actions + a] > 0) norm += std::exp(double(row[a]));
    for (int a = 0; a < actions; ++a) {
      const float target = batch.policy[size_t(i) * actions + a];
      if (target > 0) expected -= target * (double(row[a]) - std::log(norm));
    }
  }
  expected /= batch.size;
  const StepLosses l = trainStep(*net, batch, 1e-6, 1.0);
  EXPECT_NEAR(l.policy, expected, 1e-4);
}

TEST(Trainer, WeightDecayReachesTheWeightsAloneAndAdamIsDecoupled) {
  auto game = loadGame("brandubh");
  for (const char* kind : {"sgd", "adamw"}) {
    auto net = smallNetwork(*game, kind, 0.01);
    auto& groups = net->impl().optimizer->param_groups();
    ASSERT_EQ(groups.size(), 2u) << kind;
    size_t params = 0;
    for (const auto& p : groups[0].params()) {
      EXPECT_GT(p.dim(), 1) << kind;
      ++params;
    }
    for (const auto& p : groups[1].params()) {
      EXPECT_EQ(p.dim(), 1) << kind;  // batch-norm scales and shifts, biases
      ++params;
    }
    EXPECT_EQ(params, net->impl().net->parameters().size());
    const auto decay = [&](size_t g) {
      const auto& o = groups[g].options();
      return std::string(kind) == "sgd" ? static_cast<const torch::optim::SGDOptions&>(o).weight_decay()
                                        : static_cast<const torch::optim::AdamWOptions&>(o).weight_decay();
    };
    EXPECT_DOUBLE_EQ(decay(0), 0.01) << kind;
    EXPECT_DOUBLE_EQ(decay(1), 0.0) << kind;
  }
  auto adamw = smallNetwork(*game, "adamw", 0.01);
  EXPECT_NE(dynamic_cast<torch::optim::AdamW*>(adamw->impl().optimizer.get()), nullptr);
}

}  // namespace
}  // namespace tz::test
