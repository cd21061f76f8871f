// The self-play producer's pieces: the training position of a searched move (a proven root
// teaches the move it plays) and the full-search coin (a function of seed, game and ply).
#include <gtest/gtest.h>

#include "game/registry.h"
#include "training/run/self_play_producer.h"

namespace tz::test {
namespace {

// A full search of the brandubh start position over three actions with these policy targets.
SelfPlayMove searchedMove(const State& start, std::vector<float> policy) {
  SelfPlayMove m;
  m.state = &start;
  m.search.actions = {3, 7, 9};
  m.search.policy = std::move(policy);
  return m;
}

TEST(Producer, AProvenRootTeachesTheMovePlayedNotLeftoverVisits) {
  auto game = loadGame("brandubh");
  auto state = game->newGame();
  SelfPlayMove m = searchedMove(*state, {0.95f, 0.05f, 0.f});
  m.search.visits = {40, 2, 0};  // visits of a reused subtree, from before the proof
  m.search.proven = mcts::Proven::kWin;
  m.search.value = 1.f;
  m.action = 9;  // the proven win found by the root scan
  const auto p = trainingPosition(m);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->policy.size(), 1u);
  EXPECT_EQ(p->policy[0].first, 9);
  EXPECT_EQ(p->policy[0].second, 1.f);
  EXPECT_EQ(p->value, 1.f);
}

TEST(Producer, AnUnprovenRootTeachesTheSearchPolicy) {
  auto game = loadGame("brandubh");
  auto state = game->newGame();
  // E.g. Gumbel's improved policy, not the visit shares.
  SelfPlayMove m = searchedMove(*state, {0.5f, 0.3f, 0.2f});
  m.search.visits = {6, 2, 0};
  m.action = 3;
  const auto p = trainingPosition(m);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->policy.size(), 3u);
  EXPECT_EQ(p->policy[2].first, 9);
  EXPECT_FLOAT_EQ(p->policy[2].second, 0.2f);
  m.full = false;
  EXPECT_FALSE(trainingPosition(m)) << "a cheap search is no target";
}

TEST(Producer, TheFullSearchCoinDependsOnSeedGameAndPlyAlone) {
  int full = 0;
  for (int game = 0; game < 100; ++game) {
    for (int ply = 0; ply < 100; ++ply) {
      const bool coin = fullSearchCoin(7, game, ply, 0.25);
      EXPECT_EQ(coin, fullSearchCoin(7, game, ply, 0.25));
      full += coin;
    }
  }
  EXPECT_NEAR(full / 10000.0, 0.25, 0.02);
  EXPECT_TRUE(fullSearchCoin(7, 3, 5, 1.0));
  EXPECT_FALSE(fullSearchCoin(7, 3, 5, 0.0));
}

TEST(Producer, TheHandicapHalvesTheStrongSideUntilTheWeakSideWinsItsShare) {
  using H = std::array<double, 2>;
  // Defenders (side 1) win 98 of 100: the attackers have no handicap to lose, so the
  // defenders' budget halves, batch after batch.
  H h = adjustHandicap({1, 1}, 2, 98, 0.3);
  EXPECT_EQ(h, (H{1, 0.5}));
  h = adjustHandicap(h, 5, 95, 0.3);
  EXPECT_EQ(h, (H{1, 0.25}));
  // Inside [0.3, 0.7]: unchanged.
  EXPECT_EQ(adjustHandicap(h, 40, 60, 0.3), h);
  // The attackers now win too often: the defenders get their budget back first.
  h = adjustHandicap(h, 80, 20, 0.3);
  EXPECT_EQ(h, (H{1, 0.5}));
  h = adjustHandicap(adjustHandicap(h, 80, 20, 0.3), 80, 20, 0.3);
  EXPECT_EQ(h, (H{0.5, 1}));
  // Off, or nothing decided: unchanged.
  EXPECT_EQ(adjustHandicap({1, 1}, 0, 100, 0), (H{1, 1}));
  EXPECT_EQ(adjustHandicap({1, 0.5}, 0, 0, 0.3), (H{1, 0.5}));
}

}  // namespace
}  // namespace tz::test
