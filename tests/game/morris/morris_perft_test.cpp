// Morris perft on whole turns: pinned counts from the start and from mid-game positions
// with mills, each cross-checked against the naive enumerator of morris_naive.h.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tests/game/morris/morris_helpers.h"
#include "tests/game/morris/morris_naive.h"

namespace tz::test {
namespace {

// The naive enumerator's turn names in a position, sorted.
std::vector<std::string> naiveTurns(const std::string& record, bool flying) {
  std::vector<std::string> out;
  for (const auto& t : naive::turns(naive::fromRecord(record), flying)) out.push_back(t.first);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(MorrisPerft, StartPosition) {
  auto game = morrisGame();
  auto state = game->newGame();
  // No side can hold three pieces before the fifth turn, so no mill and no removal: the
  // first four turns place on any empty point.
  EXPECT_EQ(state->perft(1), 24u);
  EXPECT_EQ(state->perft(2), 24u * 23u);
  EXPECT_EQ(state->perft(3), 24u * 23u * 22u);
  EXPECT_EQ(state->perft(4), 24u * 23u * 22u * 21u);
  // Turn 5 is White's third placement: in 16 mills x 3! orders x 21 * 20 Black placements
  // it completes a mill and splits into two turns, one per Black piece to remove.
  EXPECT_EQ(state->perft(5), 24u * 23u * 22u * 21u * 20u + 16u * 6u * 21u * 20u);
  EXPECT_EQ(state->perft(5), 5140800u);
  const auto start = naive::fromRecord(state->record());
  for (int depth = 1; depth <= 3; ++depth) EXPECT_EQ(state->perft(depth), naive::perft(start, depth, true));
}

// Mid-game positions with mills, protected pieces, flying and the end of the placing phase.
struct Case {
  const char* name;
  std::string record;
  bool flying;
  std::vector<uint64_t> counts;  // perft 1, 2, 3
};

std::vector<Case> cases() {
  return {
      {"moving, mills both ways", morrisRecord("a1 a7 b4 d2 f4 f6", "g1 g4 d6 e5 c5 c3", "white 0 0 30"), true,
       {24, 312, 4487}},
      {"moving, protected mill", morrisRecord("a1 a7 b4 d2 f4", "g1 g4 g7 d6 c3", "white 0 0 30"), true,
       {16, 117, 1469}},
      {"flying three against four", morrisRecord("a1 a4 f4", "g7 d6 b6 e3", "white 0 0 40"), true,
       {54, 596, 31476}},
      {"blocked three, no flying", morrisRecord("a1 a4 f4", "g7 d6 b6 e3", "white 0 0 40"), false,
       {7, 52, 333}},
      {"end of placing", morrisRecord("a1 a4 d2 f2 g7", "b4 b6 d6 e4 e5", "black 1 2 15"), true,
       {26, 488, 10293}},
  };
}

TEST(MorrisPerft, MidGamePinnedAndCrossChecked) {
  auto flying = morrisGame();
  auto noFlying = morrisGame({}, "morris-noflying");
  for (const auto& c : cases()) {
    SCOPED_TRACE(c.name);
    auto state = (c.flying ? flying : noFlying)->fromRecord(c.record, "");
    auto turns = state->legalTurns();
    std::sort(turns.begin(), turns.end());
    EXPECT_EQ(turns, naiveTurns(c.record, c.flying));
    const auto pos = naive::fromRecord(c.record);
    for (size_t d = 0; d < c.counts.size(); ++d) {
      EXPECT_EQ(state->perft(int(d + 1)), c.counts[d]) << "depth " << d + 1;
      EXPECT_EQ(naive::perft(pos, int(d + 1), c.flying), c.counts[d]) << "naive depth " << d + 1;
    }
  }
}

TEST(MorrisPerft, DivideSumsToPerft) {
  auto game = morrisGame();
  auto state = game->fromRecord(cases()[0].record, "");
  uint64_t sum = 0;
  for (const auto& [turn, n] : state->divide(3)) {
    auto child = state->clone();
    child->playTurn(turn);
    EXPECT_EQ(child->perft(2), n) << turn;
    sum += n;
  }
  EXPECT_EQ(sum, state->perft(3));
}

// Positions from random games: the engine's turns and perft(2) agree with the naive ones.
TEST(MorrisPerft, RandomPositionsAgreeWithNaive) {
  for (const std::string variant : {"morris", "morris-noflying"}) {
    // The naive enumerator knows no draw rules, so they are switched off here.
    auto game = morrisGame({"repetition_count=0", "no_removal_plies=0"}, variant);
    std::mt19937_64 rng(7);
    int checked = 0;
    for (int g = 0; g < 16; ++g) {
      auto state = game->newGame();
      for (int turn = 0; !state->outcome().over; ++turn) {
        const auto turns = state->legalTurns();
        if (turn % 6 == 0) {
          auto sorted = turns;
          std::sort(sorted.begin(), sorted.end());
          ASSERT_EQ(sorted, naiveTurns(state->record(), variant == "morris")) << state->record();
          ASSERT_EQ(state->perft(2), naive::perft(naive::fromRecord(state->record()), 2, variant == "morris"))
              << state->record();
          ++checked;
        }
        state->playTurn(turns[rng() % turns.size()]);
      }
    }
    EXPECT_GT(checked, 100);
  }
}

}  // namespace
}  // namespace tz::test
