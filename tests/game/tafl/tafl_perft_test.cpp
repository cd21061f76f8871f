// Perft counts: the reference counts of docs/RULES.md section 10, and pinned counts of the other
// presets computed by this engine (explained in docs/RULES.md).
#include "tests/game/tafl/tafl_helpers.h"
#include "tests/support/test_name.h"

namespace tz::test {
namespace {

struct PerftCase {
  const char* variant;
  std::vector<uint64_t> counts;  // depth 1, 2, ...
};

class TaflPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(TaflPerft, MatchesPinnedCounts) {
  const PerftCase& c = GetParam();
  auto game = variant(c.variant);
  auto state = game->newGame();
  for (size_t depth = 1; depth <= c.counts.size(); ++depth) {
    EXPECT_EQ(state->perft(int(depth)), c.counts[depth - 1]) << c.variant << " depth " << depth;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Presets, TaflPerft,
    ::testing::Values(
        // Reference counts from an independent implementation (docs/RULES.md section 10).
        PerftCase{"brandubh", {40, 960, 39512, 1007392}},
        PerftCase{"linnaeus", {56, 4408, 251856, 20023920}},
        // Counts of this engine, pinned: camps and thrones change depth 3 onwards.
        PerftCase{"ashton", {56, 4408, 248456}},
        PerftCase{"foteviken", {56, 4408, 248616}},
        PerftCase{"tablut-reconstructed", {56, 4408, 248616}},
        PerftCase{"hnefatafl-9", {56, 3968, 225224}},
        PerftCase{"hnefatafl-11", {60, 6900, 440056}},
        PerftCase{"hnefatafl-13", {128, 22540, 2874960}},
        PerftCase{"alea-evangelii", {184, 106400}},
        // OpenTafl 0.4.8's own counts (docs/RULES.md section 10).
        PerftCase{"copenhagen", {116, 6788, 806344, 50456804}},
        PerftCase{"fetlar", {116, 6788, 806344, 50456804}}),
    [](const ::testing::TestParamInfo<PerftCase>& info) { return testName(info.param.variant); });

TEST(TaflPerft, DivideSumsToPerftAndFinishedGamesHaveNoChildren) {
  auto g = variant("linnaeus");
  auto s = g->newGame();
  uint64_t sum = 0;
  for (const auto& [move, count] : s->divide(3)) sum += count;
  EXPECT_EQ(sum, s->perft(3));
  // The king escapes in one: that child is a leaf at depth 1 and has no children below.
  auto k = position(*g, {{"c3", 'K'}, {"h8", 't'}}, "defenders");
  for (const auto& [move, count] : k->divide(2)) {
    if (move == "c3-c1") {
      EXPECT_EQ(count, 0u);
    }
  }
  EXPECT_EQ(k->perft(0), 1u);
}

}  // namespace
}  // namespace tz::test
