// A batch as data-parallel learners pass it: flattened and rebuilt unchanged, and cut into
// shares that put the batch back together in order.
#include <gtest/gtest.h>

#include <random>

#include "game/registry.h"
#include "tests/support/error_of.h"
#include "tests/support/random_batch.h"
#include "training/distributed/batch_share.h"

namespace tz::test {
namespace {

void expectSameBatch(const Batch& a, const Batch& b) {
  EXPECT_EQ(a.size, b.size);
  EXPECT_EQ(a.planes, b.planes);
  EXPECT_EQ(a.policy, b.policy);
  EXPECT_EQ(a.legal, b.legal);
  EXPECT_EQ(a.values, b.values);
}

Batch someBatch(const Game& game, int n) {
  std::mt19937_64 rng(5);
  return randomBatch(game, n, rng, rng);
}

TEST(BatchShare, AFlattenedBatchComesBackUnchanged) {
  const auto game = loadGame("brandubh", {});
  const Batch b = someBatch(*game, 12);
  const BatchLayout layout{12, game->inputShape().size(), game->numActions()};
  const std::vector<float> flat = flattenBatch(b);
  EXPECT_EQ(flat.size(), layout.flatSize());
  expectSameBatch(unflattenBatch(flat, layout), b);
  expectError([&] { unflattenBatch(flat, BatchLayout{11, layout.inputSize, layout.actions}); }, "wrong size");
}

TEST(BatchShare, SharesAreTheBatchInOrder) {
  const auto game = loadGame("brandubh", {});
  const Batch b = someBatch(*game, 12);
  Batch joined;
  for (int i = 0; i < 3; ++i) {
    const Batch share = batchShare(b, i, 3);
    EXPECT_EQ(share.size, 4);
    joined.size += share.size;
    joined.planes.insert(joined.planes.end(), share.planes.begin(), share.planes.end());
    joined.policy.insert(joined.policy.end(), share.policy.begin(), share.policy.end());
    joined.legal.insert(joined.legal.end(), share.legal.begin(), share.legal.end());
    joined.values.insert(joined.values.end(), share.values.begin(), share.values.end());
  }
  expectSameBatch(joined, b);
  EXPECT_EQ(batchShare(b, 1, 3).values, std::vector<float>(b.values.begin() + 4, b.values.begin() + 8));
  expectError([&] { batchShare(b, 0, 5); }, "a batch of 12 does not split into 5 shares");
}

}  // namespace
}  // namespace tz::test
