// Data-parallel training over loopback: two learner processes, each with half a batch,
// average their gradients with Gloo and take the step the single process takes on the
// whole batch.
//
// Batch norm: in training mode each learner normalises with its own half's statistics, so
// the two-learner step equals the whole-batch step only when both halves have the same
// statistics. The halves here hold the same positions (so the same statistics at every
// layer, and the same as the whole batch's) with different policy and value targets (so
// different gradients): there the equality is exact, and averaging is what makes it hold.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "game/registry.h"
#include "nets/checkpoint.h"
#include "nets/network_impl.h"
#include "tests/support/random_batch.h"
#include "training/distributed/gradient_averager.h"
#include "training/run/trainer.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

const std::string kTinyNet = std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/run/configs/tiny-net.yaml";
constexpr int kHalf = 16;
constexpr double kRate = 0.05, kValueWeight = 1.0;

// `n` distinct brandubh positions from random games with the targets drawn from `seed`: a
// one-hot policy on a random legal action and a value of +-1.
Batch positionsWithTargets(const Game& game, int n, uint64_t seed) {
  std::mt19937_64 positions(99), targets(seed);
  return randomBatch(game, n, positions, targets);
}

Batch concatenated(const Batch& a, const Batch& b) {
  Batch c = a;
  c.size = a.size + b.size;
  c.planes.insert(c.planes.end(), b.planes.begin(), b.planes.end());
  c.policy.insert(c.policy.end(), b.policy.begin(), b.policy.end());
  c.legal.insert(c.legal.end(), b.legal.begin(), b.legal.end());
  c.values.insert(c.values.end(), b.values.begin(), b.values.end());
  return c;
}

// The same freshly initialised network with an SGD optimizer, in every process.
std::unique_ptr<Network> freshNetwork(const Game& game) {
  auto net = std::make_unique<Network>(game, loadNetworkConfig(kTinyNet), "cpu", 7);
  OptimizerConfig o;
  o.learningRate = kRate;
  net->createOptimizer(o);
  return net;
}

// Learner `rank` of two: rank 0 serves the store on a free port and writes it to
// `portFile`; each takes one data-parallel step on its half and saves the network.
int learner(int rank, const fs::path& dir) {
  const auto game = loadGame("brandubh", {});
  const fs::path portFile = dir / "port";
  DistributedOptions o;
  o.rank = rank;
  o.worldSize = 2;
  o.timeoutSeconds = 30;
  o.masterPort = 0;
  if (rank == 1) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!fs::exists(dir / "port.ready") && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::ifstream(portFile) >> o.masterPort;
  }
  RunStore store(o);
  if (rank == 0) {
    std::ofstream(portFile) << store.port();
    std::ofstream(dir / "port.ready") << "1";
  }
  GradientAverager averager(store, "learners/", rank, 2);
  auto net = freshNetwork(*game);
  trainStep(*net, positionsWithTargets(*game, kHalf, 1 + uint64_t(rank)), kRate, kValueWeight, &averager);
  saveCheckpoint(*net, (dir / ("learner" + std::to_string(rank) + ".ckpt")).string());
  return 0;
}

// Runs `learner(rank)` in a forked child (before this process touches LibTorch).
pid_t forkLearner(int rank, const fs::path& dir) {
  const pid_t pid = fork();
  if (pid == 0) {
    int code = 1;
    try {
      code = learner(rank, dir);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "learner %d: %s\n", rank, e.what());
    }
    _exit(code);
  }
  return pid;
}

std::vector<torch::Tensor> parametersOf(Network& net) { return net.impl().net->parameters(); }

double largestDifference(Network& a, Network& b) {
  double most = 0;
  const auto pa = parametersOf(a), pb = parametersOf(b);
  for (size_t i = 0; i < pa.size(); ++i) most = std::max(most, (pa[i] - pb[i]).abs().max().item<double>());
  return most;
}

TEST(DataParallel, TwoLearnersOnHalvesTakeTheWholeBatchStep) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("data_parallel_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const pid_t first = forkLearner(0, dir), second = forkLearner(1, dir);
  int status0 = 0, status1 = 0;
  waitpid(first, &status0, 0);
  waitpid(second, &status1, 0);
  ASSERT_TRUE(WIFEXITED(status0) && WEXITSTATUS(status0) == 0);
  ASSERT_TRUE(WIFEXITED(status1) && WEXITSTATUS(status1) == 0);

  const auto game = loadGame("brandubh", {});
  const Batch a = positionsWithTargets(*game, kHalf, 1), b = positionsWithTargets(*game, kHalf, 2);
  auto whole = freshNetwork(*game);
  trainStep(*whole, concatenated(a, b), kRate, kValueWeight);
  auto halfOnly = freshNetwork(*game);
  trainStep(*halfOnly, a, kRate, kValueWeight);
  auto learner0 = loadCheckpoint((dir / "learner0.ckpt").string(), *game);
  auto learner1 = loadCheckpoint((dir / "learner1.ckpt").string(), *game);

  EXPECT_EQ(largestDifference(*learner0, *learner1), 0.0);  // the replicas stay identical
  EXPECT_LT(largestDifference(*learner0, *whole), 1e-5);    // and took the whole-batch step
  EXPECT_GT(largestDifference(*halfOnly, *whole), 1e-4);    // which one half alone does not
  // Batch-norm running means are averaged too (equal here to the whole batch's).
  const auto buffers0 = learner0->impl().net->named_buffers(), buffersWhole = whole->impl().net->named_buffers();
  int means = 0;
  for (const auto& item : buffers0) {
    if (item.key().find("running_mean") == std::string::npos) continue;
    EXPECT_LT((item.value() - buffersWhole[item.key()]).abs().max().item<double>(), 1e-5) << item.key();
    ++means;
  }
  EXPECT_GT(means, 0);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tz::test
