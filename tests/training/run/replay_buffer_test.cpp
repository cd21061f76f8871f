// The replay buffer: training samples from stored games, the sliding window, and batches
// whose planes and policy targets are transformed by the same board symmetry.
#include <gtest/gtest.h>

#include <numeric>
#include <set>

#include "game/registry.h"
#include "training/run/replay_buffer.h"

namespace tz::test {
namespace {

// A short stored game of brandubh with positions at plies 0 and 2 as training targets.
struct StoredGame {
  GameRecord record;
  std::vector<PositionRecord> positions;
};

StoredGame shortGame(const Game& game) {
  StoredGame g;
  auto s = game.newGame();
  g.record.startPosition = s->record();
  g.record.startSide = s->toMove();
  std::vector<Action> legal;
  for (int ply = 0; ply < 3; ++ply) {
    s->legalActions(legal);
    PositionRecord p;
    p.ply = ply;
    p.toMove = s->toMove();
    p.policy = {{legal[0], 0.75f}, {legal[1], 0.25f}};
    p.flags = ply == 1 ? 0u : uint32_t(kTrainingTarget);
    g.positions.push_back(p);
    g.record.actions.push_back(legal[ply]);
    s->apply(legal[ply]);
  }
  g.record.winner = 1;  // defenders
  return g;
}

TEST(ReplayBuffer, SamplesOfAStoredGameAreItsTrainingTargets) {
  auto game = loadGame("brandubh");
  const StoredGame g = shortGame(*game);
  ReplayBuffer buffer(*game, 100, 1);
  const auto samples = buffer.samplesOf(g.record, g.positions);
  ASSERT_EQ(samples.size(), 2u);
  auto s = game->newGame();
  std::vector<float> planes(game->inputShape().size());
  s->encode(planes.data());
  EXPECT_EQ(samples[0].planes, planes);
  EXPECT_EQ(samples[0].toMove, 0);       // attackers move first in brandubh
  EXPECT_EQ(samples[0].value, -1.f);     // and lost
  EXPECT_EQ(samples[1].toMove, 0);       // ply 2: attackers again
  EXPECT_EQ(samples[1].policy, g.positions[2].policy);
}

TEST(ReplayBuffer, ValueTargetsMixResultAndSearchValue) {
  auto game = loadGame("brandubh");
  StoredGame g = shortGame(*game);
  g.positions[0].value = 0.5f;  // the search thought the attackers were doing well
  ReplayBuffer half(*game, 100, 1, 0.5);
  const auto samples = half.samplesOf(g.record, g.positions);
  EXPECT_FLOAT_EQ(samples[0].value, 0.5f * -1.f + 0.5f * 0.5f);
  EXPECT_FLOAT_EQ(samples[1].value, -1.f);  // no search value: the result alone
}

TEST(ReplayBuffer, WindowKeepsTheNewestAndCountsEverything) {
  auto game = loadGame("brandubh");
  ReplayBuffer buffer(*game, 100, 1);
  const StoredGame g = shortGame(*game);
  for (int i = 0; i < 80; ++i) buffer.add(buffer.samplesOf(g.record, g.positions));
  EXPECT_EQ(buffer.size(), 100u);
  EXPECT_EQ(buffer.added(), 160);
}

TEST(ReplayBuffer, BatchesTransformPlanesAndPolicyByTheSameSymmetry) {
  auto game = loadGame("brandubh");
  ASSERT_EQ(game->numSymmetries(), 8);
  ReplayBuffer buffer(*game, 100, 7);
  const StoredGame g = shortGame(*game);
  const auto samples = buffer.samplesOf(g.record, g.positions);
  buffer.add({samples[1]});
  const Batch b = buffer.sample(64);
  const int in = game->inputShape().size(), area = 49, planes = game->inputShape().planes;
  const int actions = game->numActions();
  std::set<int> seen;
  for (int i = 0; i < b.size; ++i) {
    const float* pol = b.policy.data() + size_t(i) * actions;
    EXPECT_NEAR(std::accumulate(pol, pol + actions, 0.0), 1.0, 1e-6);
    bool matched = false;
    for (int k = 0; k < game->numSymmetries() && !matched; ++k) {
      bool same = true;
      for (int p = 0; p < planes && same; ++p)
        for (int c = 0; c < area && same; ++c)
          same = b.planes[size_t(i) * in + p * area + game->cellMap(k)[c]] == samples[1].planes[p * area + c];
      for (const auto& [a, prob] : samples[1].policy) same = same && pol[game->actionMap(k)[a]] == prob;
      if (same) {
        matched = true;
        seen.insert(k);
      }
    }
    EXPECT_TRUE(matched) << "row " << i;
    EXPECT_EQ(b.values[i], -1.f);
  }
  EXPECT_GT(seen.size(), 3u);  // symmetries are actually drawn
}

}  // namespace
}  // namespace tz::test
