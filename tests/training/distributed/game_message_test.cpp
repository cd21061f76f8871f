// The game message an actor sends: a record and its positions come back as they went.
#include <gtest/gtest.h>

#include "game/base/error.h"
#include "training/distributed/game_message.h"

namespace tz::test {
namespace {

TEST(GameMessage, RoundTripsARecordAndItsPositions) {
  GameRecord r;
  r.variant = "brandubh";
  r.rules = "board: 7\n";
  r.players[0] = "selfplay:step-10";
  r.players[1] = "past:step-5";
  r.winner = 1;
  r.reason = "king_captured";
  r.plies = 3;
  r.moves = "a4-a5 e4-e5 b4-b5";
  r.actions = {17, 4, 900};
  r.startPosition = "start";
  r.startSide = 1;
  PositionRecord p;
  p.ply = 2;
  p.toMove = 1;
  p.policy = {{900, 0.75f}, {3, 0.25f}};
  p.value = -0.5f;
  p.flags = kTrainingTarget;
  PositionRecord noValue = p;
  noValue.ply = 0;
  noValue.value.reset();

  const auto [back, positions] = decodeGame(encodeGame(r, {noValue, p}));
  EXPECT_EQ(back.variant, r.variant);
  EXPECT_EQ(back.rules, r.rules);
  EXPECT_EQ(back.players[0], r.players[0]);
  EXPECT_EQ(back.players[1], r.players[1]);
  EXPECT_EQ(back.winner, 1);
  EXPECT_EQ(back.reason, r.reason);
  EXPECT_EQ(back.plies, 3);
  EXPECT_EQ(back.moves, r.moves);
  EXPECT_EQ(back.actions, r.actions);
  EXPECT_EQ(back.startPosition, r.startPosition);
  EXPECT_EQ(back.startSide, 1);
  ASSERT_EQ(positions.size(), 2u);
  EXPECT_FALSE(positions[0].value.has_value());
  EXPECT_EQ(positions[1].ply, 2);
  EXPECT_EQ(positions[1].toMove, 1);
  EXPECT_EQ(positions[1].policy, p.policy);
  EXPECT_EQ(positions[1].value, p.value);
  EXPECT_EQ(positions[1].flags, uint32_t(kTrainingTarget));
}

TEST(GameMessage, BytesThatAreNoGameAreAnError) {
  EXPECT_THROW(decodeGame("not a game"), Error);
  EXPECT_THROW(decodeGame(std::string("\x81\xa1x\x01", 4)), Error);  // {"x": 1}
}

}  // namespace
}  // namespace tz::test
