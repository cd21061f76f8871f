#include "training/run/train_bench.h"

#include <chrono>
#include <random>

#include "game/registry.h"
#include "nets/network_config.h"
#include "nets/network_impl.h"
#include "training/run/replay_buffer.h"
#include "training/run/trainer.h"

namespace tz {

namespace {

using Clock = std::chrono::steady_clock;

// Runs `step` repeatedly for about `seconds` (after one warm-up call); returns steps/s.
template <class Step>
double rate(double seconds, Step step) {
  step();
  const auto start = Clock::now();
  int n = 0;
  double elapsed = 0;
  while (elapsed < seconds) {
    step();
    ++n;
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  return n / elapsed;
}

}  // namespace

TrainBenchResult benchTraining(const std::string& variant, const std::string& network, int batchSize, double seconds) {
  auto game = loadGame(variant);
  Network net(*game, loadNetworkConfig(network), "cpu", 1);
  OptimizerConfig opt;
  net.createOptimizer(opt);
  // A buffer of random positions from random games, with one-hot policies.
  ReplayBuffer buffer(*game, 4096, 1);
  std::mt19937_64 rng(1);
  std::vector<Action> legal;
  while (buffer.size() < 2048) {
    auto s = game->newGame();
    std::vector<Sample> samples;
    while (!s->outcome().over) {
      s->legalActions(legal);
      const Action a = legal[rng() % legal.size()];
      Sample smp;
      smp.planes.resize(game->inputShape().size());
      s->encode(smp.planes.data());
      smp.policy = {{a, 1.f}};
      smp.legal = legal;
      smp.toMove = s->toMove();
      samples.push_back(std::move(smp));
      s->apply(a);
    }
    buffer.add(std::move(samples));
  }
  TrainBenchResult r;
  r.batchSize = batchSize;
  // The ceiling: forward and backward of one fixed batch, no sampling, no optimizer.
  Batch fixed = buffer.sample(batchSize);
  auto& impl = net.impl();
  net.setTraining(true);
  const TensorShape in = game->inputShape();
  auto x = torch::from_blob(fixed.planes.data(), {batchSize, in.planes, in.height, in.width}).clone();
  r.bareSamplesPerSecond = batchSize * rate(seconds, [&] {
    impl.net->zero_grad();
    NetOutput out = impl.net->forward(x);
    (out.policy.sum() + out.value.sum()).backward();
  });
  net.setTraining(false);
  r.trainerSamplesPerSecond =
      batchSize * rate(seconds, [&] { trainStep(net, buffer.sample(batchSize), opt.learningRate, 1.0); });
  return r;
}

}  // namespace tz
