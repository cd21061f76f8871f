// The batched evaluator under concurrent load: every requester gets the answer for its own
// positions, large calls are split into batches (run by their caller), a batch runs once all
// clients wait, bad options are refused, and worker errors reach the caller.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <thread>

#include "game/base/error.h"
#include "game/registry.h"
#include "nets/net_evaluator.h"
#include "nets/positions.h"
#include "tests/nets/net_test_helpers.h"

namespace tz {
namespace {

struct Reference {
  std::vector<Action> legal;
  std::vector<float> priors;
  float value = 0;
};

// Priors and value of each position from one-position forward passes.
std::vector<Reference> references(const Network& net, const Game& game,
                                  const std::vector<std::unique_ptr<State>>& states) {
  std::vector<Reference> out;
  std::vector<float> in(game.inputShape().size()), logits(game.numActions());
  for (const auto& s : states) {
    Reference r;
    s->legalActions(r.legal);
    s->encode(in.data());
    net.predict(in.data(), 1, logits.data(), &r.value);
    double z = 0;
    for (Action a : r.legal) z += std::exp(double(logits[a]));
    for (Action a : r.legal) r.priors.push_back(float(std::exp(double(logits[a])) / z));
    out.push_back(std::move(r));
  }
  return out;
}

// Largest difference between an answer and a reference (infinite if they cannot match).
double distance(const Reference& ref, const std::vector<float>& priors, float value) {
  if (priors.size() != ref.priors.size()) return INFINITY;
  double d = std::abs(double(value) - ref.value);
  for (size_t k = 0; k < priors.size(); ++k) d = std::max(d, double(std::abs(priors[k] - ref.priors[k])));
  return d;
}

class EvaluatorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    game_ = loadGame("linnaeus");
    net_ = std::make_shared<Network>(*game_, test::tinyNetwork(), "cpu", 11);
    states_ = randomPositions(*game_, 40);
    ASSERT_EQ(states_.size(), 40u);
    refs_ = references(*net_, *game_, states_);
    // The answers must tell the positions apart for the test to mean anything.
    for (size_t i = 0; i < refs_.size(); ++i) {
      for (size_t j = i + 1; j < refs_.size(); ++j) {
        ASSERT_GT(distance(refs_[i], refs_[j].priors, refs_[j].value), 1e-3) << i << " vs " << j;
      }
    }
  }

  std::unique_ptr<Game> game_;
  std::shared_ptr<Network> net_;
  std::vector<std::unique_ptr<State>> states_;
  std::vector<Reference> refs_;
};

// With workers that wait for fuller batches, and with workers that do not (where a call
// made while no other is in progress runs in its caller's thread).
class ConcurrentEvaluatorTest : public EvaluatorTest, public ::testing::WithParamInterface<int> {};

TEST_P(ConcurrentEvaluatorTest, ConcurrentRequestersEachGetTheirOwnAnswers) {
  NetEvaluatorOptions options;
  options.maxBatch = 16;
  options.maxWaitUs = GetParam();
  options.workers = 2;
  NetEvaluator evaluator(net_, options);
  constexpr int kThreads = 24, kRounds = 25;
  std::atomic<int> wrong{0}, requests{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < kRounds; ++round) {
        // Threads alternate between single requests and small batches of distinct positions.
        const int count = 1 + (t + round) % 3;
        std::vector<int> ids(count);
        std::vector<std::vector<float>> priors(count);
        std::vector<EvalRequest> reqs(count);
        for (int k = 0; k < count; ++k) {
          ids[k] = (t * 7 + round * 3 + k * 13) % int(states_.size());
          const Reference& ref = refs_[ids[k]];
          priors[k].assign(ref.legal.size(), -1.f);
          reqs[k] = {states_[ids[k]].get(), ref.legal.data(), int(ref.legal.size()), priors[k].data()};
        }
        evaluator.evaluate(reqs.data(), count);
        requests += count;
        for (int k = 0; k < count; ++k) {
          if (distance(refs_[ids[k]], priors[k], reqs[k].value) > 1e-5) ++wrong;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(evaluator.stats().positions, uint64_t(requests.load()));
  EXPECT_GE(evaluator.stats().batches, evaluator.stats().positions / 16);
}

INSTANTIATE_TEST_SUITE_P(WaitLimits, ConcurrentEvaluatorTest, ::testing::Values(2000, 0));

TEST_F(EvaluatorTest, OneCallLargerThanABatchIsSplit) {
  NetEvaluatorOptions options;
  options.maxBatch = 8;
  NetEvaluator evaluator(net_, options);
  const int n = int(states_.size());
  std::vector<std::vector<float>> priors(n);
  std::vector<EvalRequest> reqs(n);
  for (int i = 0; i < n; ++i) {
    priors[i].assign(refs_[i].legal.size(), -1.f);
    reqs[i] = {states_[i].get(), refs_[i].legal.data(), int(refs_[i].legal.size()), priors[i].data()};
  }
  evaluator.evaluate(reqs.data(), n);
  for (int i = 0; i < n; ++i) EXPECT_LE(distance(refs_[i], priors[i], reqs[i].value), 1e-5) << "position " << i;
  EXPECT_EQ(evaluator.stats().batches, uint64_t((n + 7) / 8));
  EXPECT_EQ(evaluator.stats().byCallers, uint64_t((n + 7) / 8));  // whole batches: nothing to wait for
  EXPECT_NE(evaluator.name().find("net:linnaeus/tiny"), std::string::npos);
}

TEST_F(EvaluatorTest, ABatchRunsOnceEveryClientWaits) {
  // The wait limit is ten minutes: only the clients rule can start these batches.
  NetEvaluatorOptions options;
  options.maxBatch = 64;
  options.maxWaitUs = 600 * 1000000;
  options.clients = 2;
  NetEvaluator evaluator(net_, options);
  // Two clients with 3 and 5 positions: the batch waits for the second, then runs both.
  std::vector<std::vector<float>> priors(8);
  std::vector<EvalRequest> reqs(8);
  for (int i = 0; i < 8; ++i) {
    priors[i].assign(refs_[i].legal.size(), -1.f);
    reqs[i] = {states_[i].get(), refs_[i].legal.data(), int(refs_[i].legal.size()), priors[i].data()};
  }
  std::thread first([&] { evaluator.evaluate(reqs.data(), 3); });
  evaluator.evaluate(reqs.data() + 3, 5);
  first.join();
  for (int i = 0; i < 8; ++i) EXPECT_LE(distance(refs_[i], priors[i], reqs[i].value), 1e-5) << "position " << i;
  EXPECT_EQ(evaluator.stats().batches, 1u);
  EXPECT_EQ(evaluator.stats().positions, 8u);
  // A lone client's batch runs as soon as it waits.
  options.clients = 1;
  NetEvaluator single(net_, options);
  single.evaluate(reqs.data(), 3);
  EXPECT_EQ(single.stats().batches, 1u);
}

// Requests no other call could join run in the calling thread, with the answers the workers
// give: a call that fills a batch, and a lone call when no worker would wait for more; a
// call that a worker waits to batch with others is queued.
TEST_F(EvaluatorTest, RequestsNoOtherCallCouldJoinAreRunByTheirCaller) {
  std::vector<std::vector<float>> priors(7);
  std::vector<EvalRequest> reqs(7);
  for (int i = 0; i < 7; ++i) {
    priors[i].assign(refs_[i].legal.size(), -1.f);
    reqs[i] = {states_[i].get(), refs_[i].legal.data(), int(refs_[i].legal.size()), priors[i].data()};
  }
  NetEvaluatorOptions options;
  options.maxBatch = 4;
  options.maxWaitUs = 0;
  NetEvaluator atOnce(net_, options);
  atOnce.evaluate(reqs.data(), 4);  // a whole batch
  EXPECT_EQ(atOnce.stats().byCallers, 1u);
  atOnce.evaluate(reqs.data() + 4, 3);  // alone, and no worker waits for more
  EXPECT_EQ(atOnce.stats().byCallers, 2u);
  EXPECT_EQ(atOnce.stats().batches, 2u);
  EXPECT_EQ(atOnce.stats().positions, 7u);
  for (int i = 0; i < 7; ++i) EXPECT_LE(distance(refs_[i], priors[i], reqs[i].value), 1e-5) << "position " << i;
  options.maxWaitUs = 1000;  // a worker would wait for other calls to fill its batch
  NetEvaluator waiting(net_, options);
  waiting.evaluate(reqs.data(), 3);
  EXPECT_EQ(waiting.stats().byCallers, 0u);
  EXPECT_EQ(waiting.stats().batches, 1u);
}

TEST_F(EvaluatorTest, BadOptionsAreRefusedWithTheirName) {
  auto expectRefused = [&](NetEvaluatorOptions options, const std::string& words) {
    try {
      NetEvaluator evaluator(net_, options);
      ADD_FAILURE() << "accepted options that should name " << words;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  NetEvaluatorOptions o;
  o.clients = -1;
  expectRefused(o, "clients must be >= 0");
  o = NetEvaluatorOptions{};
  o.maxWaitUs = -1;
  expectRefused(o, "wait limit");
  o = NetEvaluatorOptions{};
  o.maxBatch = 0;
  expectRefused(o, "max batch");
}

TEST_F(EvaluatorTest, WorkerErrorsReachTheCaller) {
  net_->setTraining(true);  // predict refuses to run a network in training mode
  NetEvaluator evaluator(net_, NetEvaluatorOptions{});
  std::vector<float> priors(refs_[0].legal.size());
  EvalRequest r{states_[0].get(), refs_[0].legal.data(), int(refs_[0].legal.size()), priors.data()};
  EXPECT_THROW(evaluator.evaluate(&r, 1), Error);
}

}  // namespace
}  // namespace tz
