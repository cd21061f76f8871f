// The sequential design's looks and boundaries: the schedule, the spending function, the
// boundaries against published values (gsDesign's sfLDOF) and against simulated paths.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "training/balance/sequential_design.h"

namespace tz {
namespace {

TEST(SequentialDesign, LooksAtMinGamesThenEveryBatchUpToMaxGames) {
  EXPECT_EQ(lookSchedule(40, 100, 40), (std::vector<int>{40, 80, 100}));
  EXPECT_EQ(lookSchedule(40, 40, 40), (std::vector<int>{40}));
  EXPECT_EQ(lookSchedule(40, 800, 40).size(), 20u);
  EXPECT_EQ(lookIndex({40, 80, 100}, 10), 0);
  EXPECT_EQ(lookIndex({40, 80, 100}, 79), 0);
  EXPECT_EQ(lookIndex({40, 80, 100}, 80), 1);
  EXPECT_EQ(lookIndex({40, 80, 100}, 500), 2);
}

TEST(SequentialDesign, OBrienFlemingSpendingReachesAlphaAtTheEnd) {
  EXPECT_DOUBLE_EQ(obrienFlemingSpent(0.05, 0), 0);
  EXPECT_NEAR(obrienFlemingSpent(0.05, 1), 0.05, 1e-12);
  // 2 - 2 Phi(1.959964 / sqrt(0.5)) = 0.0055746.
  EXPECT_NEAR(obrienFlemingSpent(0.05, 0.5), 0.0055746, 1e-6);
  EXPECT_LT(obrienFlemingSpent(0.05, 0.1), 1e-9);  // 5.7e-10: almost nothing at the first tenth
}

TEST(SequentialDesign, BoundariesMatchPublishedValues) {
  // One look: the fixed-sample critical value.
  EXPECT_NEAR(sequentialBoundaries({100}, 0.05)[0], 1.644854, 1e-5);
  // Five equal looks, one-sided 0.025 (gsDesign, sfLDOF): 4.8769 3.3569 2.6803 2.2898 2.0310.
  const std::vector<double> c = sequentialBoundaries({1, 2, 3, 4, 5}, 0.025);
  const std::vector<double> published{4.8769, 3.3569, 2.6803, 2.2898, 2.0310};
  ASSERT_EQ(c.size(), published.size());
  for (size_t k = 0; k < c.size(); ++k) EXPECT_NEAR(c[k], published[k], 2e-4) << "look " << k;
  EXPECT_EQ(scheduleBoundaries(40, 800, 40, 0.05), sequentialBoundaries(lookSchedule(40, 800, 40), 0.05));
}

TEST(SequentialDesign, SimulatedPathsCrossAtRateAlpha) {
  // Sums of independent normal games observed at the shipped looks (40, 80, ..., 800): the
  // share of paths that ever reach a boundary is alpha within three standard errors.
  const std::vector<int> looks = lookSchedule(40, 800, 40);
  const std::vector<double> c = sequentialBoundaries(looks, 0.05);
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  constexpr int kPaths = 40000;
  int crossed = 0;
  for (int i = 0; i < kPaths; ++i) {
    double sum = 0;
    int games = 0;
    for (size_t k = 0; k < looks.size(); ++k) {
      sum += normal(rng) * std::sqrt(double(looks[k] - games));  // the games since the last look
      games = looks[k];
      if (sum / std::sqrt(double(games)) >= c[k]) {
        ++crossed;
        break;
      }
    }
  }
  EXPECT_NEAR(double(crossed) / kPaths, 0.05, 3 * std::sqrt(0.05 * 0.95 / kPaths));
}

}  // namespace
}  // namespace tz
