// Captures of ordinary pieces and of the king (docs/RULES.md sections 4, 5 and the examples of
// section 9), each on a concrete position.
#include "game/tafl/position.h"
#include "tests/game/tafl/tafl_helpers.h"

namespace tz::test {
namespace {

TEST(TaflCapture, Example1WeakKingOffThroneFallsToTwoAttackers) {
  auto g = variant("linnaeus");
  auto s = position(*g, {{"d3", 'K'}, {"c3", 't'}, {"f3", 't'}}, "attackers");
  s->playTurn("f3-e3");
  EXPECT_TRUE(s->outcome().over);
  EXPECT_EQ(s->outcome().winner, tafl::kAttackers);
  EXPECT_EQ(s->outcome().reason, tafl::end_reason::kKingCaptured);
}

TEST(TaflCapture, Example2KingBesideThroneNeedsThreeAttackers) {
  auto g = variant("linnaeus");
  auto s = position(*g, {{"e4", 'K'}, {"d4", 't'}, {"f4", 't'}, {"e1", 't'}}, "attackers");
  s->playTurn("e1-e3");
  EXPECT_EQ(s->outcome().reason, tafl::end_reason::kKingCaptured);
  auto without = position(*g, {{"e4", 'K'}, {"f4", 't'}, {"e1", 't'}}, "attackers");
  without->playTurn("e1-e3");
  EXPECT_FALSE(without->outcome().over);
  EXPECT_EQ(pieceAt(*without, "e4"), 'K');
}

TEST(TaflCapture, Example3KingOnThroneNeedsFourAttackers) {
  auto g = variant("linnaeus");
  auto s = position(*g, {{"e5", 'K'}, {"d5", 't'}, {"f5", 't'}, {"e6", 't'}, {"e1", 't'}}, "attackers");
  s->playTurn("e1-e4");
  EXPECT_EQ(s->outcome().reason, tafl::end_reason::kKingCaptured);
  auto three = position(*g, {{"e5", 'K'}, {"d5", 't'}, {"e6", 't'}, {"e1", 't'}}, "attackers");
  three->playTurn("e1-e4");
  EXPECT_FALSE(three->outcome().over);
}

TEST(TaflCapture, Example4CampSquaresCloseAStrongKing) {
  auto rec = variant("tablut-reconstructed");
  auto s = position(*rec, {{"d2", 'K'}, {"c2", 't'}, {"d7", 't'}, {"a9", 'T'}}, "attackers");
  s->playTurn("d7-d3");
  EXPECT_EQ(s->outcome().reason, tafl::end_reason::kKingCaptured);
  EXPECT_EQ(s->outcome().winner, tafl::kAttackers);
  auto lin = variant("linnaeus");
  auto l = position(*lin, {{"d2", 'K'}, {"c2", 't'}, {"d7", 't'}, {"a9", 'T'}}, "attackers");
  l->playTurn("d7-d3");
  EXPECT_NE(l->outcome().reason, tafl::end_reason::kKingCaptured);
  EXPECT_EQ(pieceAt(*l, "d2"), 'K');
}

TEST(TaflCapture, Example6DefenderFallsAgainstTheEmptyThroneOnly) {
  auto g = variant("linnaeus");
  auto s = position(*g, {{"e4", 'T'}, {"g3", 't'}, {"b7", 'K'}}, "attackers");
  s->playTurn("g3-e3");
  EXPECT_EQ(pieceAt(*s, "e4"), '.');
  auto occupied = position(*g, {{"e4", 'T'}, {"g3", 't'}, {"e5", 'K'}}, "attackers");
  occupied->playTurn("g3-e3");
  EXPECT_EQ(pieceAt(*occupied, "e4"), 'T');
}

TEST(TaflCapture, Example7MovingBetweenTwoEnemiesIsSafeInEveryPreset) {
  for (const auto& name : presetNames()) {
    auto g = variant(name);
    if (g->family() != "tafl") continue;
    auto s = position(*g, {{"b3", 't'}, {"d3", 't'}, {"c5", 'T'}, {"f6", 'K'}}, "defenders");
    s->playTurn("c5-c3");
    EXPECT_EQ(pieceAt(*s, "c3"), 'T') << name;
  }
}

TEST(TaflCapture, Example9StrongKingAgainstTheEdge) {
  auto g = variant("hnefatafl-11");
  auto s = position(*g, {{"f1", 'K'}, {"e1", 't'}, {"g1", 't'}, {"f5", 't'}}, "attackers");
  s->playTurn("f5-f2");
  EXPECT_EQ(s->outcome().reason, tafl::end_reason::kKingCaptured);
  auto soft = variant("hnefatafl-11", {"king.edge_hostile=false"});
  // A defender elsewhere keeps the defenders from running out of moves.
  auto t = position(*soft, {{"f1", 'K'}, {"e1", 't'}, {"g1", 't'}, {"f5", 't'}, {"c7", 'T'}}, "attackers");
  t->playTurn("f5-f2");
  EXPECT_FALSE(t->outcome().over);
}

TEST(TaflCapture, OrdinarySandwichAndUpToThreeCapturesAtOnce) {
  auto g = variant("linnaeus");
  // The defender lands on d4 between three attackers, each with a defender behind it.
  auto s = position(*g, {{"d3", 't'}, {"c4", 't'}, {"e4", 't'}, {"d2", 'T'}, {"b4", 'T'}, {"f4", 'T'},
                          {"d6", 'T'}, {"h8", 'K'}},
                    "defenders");
  s->playTurn("d6-d4");  // d4: c4 (anvil b4), e4 (anvil f4), d3 (anvil d2)
  EXPECT_EQ(pieceAt(*s, "c4"), '.');
  EXPECT_EQ(pieceAt(*s, "e4"), '.');
  EXPECT_EQ(pieceAt(*s, "d3"), '.');
}

TEST(TaflCapture, BoardEdgeIsNoAnvilForOrdinaryPieces) {
  auto g = variant("linnaeus");
  auto s = position(*g, {{"c1", 't'}, {"c3", 'T'}, {"h8", 'K'}}, "defenders");
  s->playTurn("c3-c2");
  EXPECT_EQ(pieceAt(*s, "c1"), 't');
}

TEST(TaflCapture, ArmedKingCapturesAsHammerAndAnvilUnarmedDoesNot) {
  auto armed = variant("hnefatafl-11");
  auto s = position(*armed, {{"c3", 'K'}, {"c5", 't'}, {"c6", 'T'}, {"a9", 't'}}, "defenders");
  s->playTurn("c3-c4");  // king hammer, defender anvil
  EXPECT_EQ(pieceAt(*s, "c5"), '.');
  auto anvil = position(*armed, {{"c4", 'K'}, {"c5", 't'}, {"d6", 'T'}, {"a9", 't'}}, "defenders");
  anvil->playTurn("d6-c6");  // defender hammer, king anvil
  EXPECT_EQ(pieceAt(*anvil, "c5"), '.');

  auto unarmed = variant("hnefatafl-11", {"king.armed=false"});
  auto u = position(*unarmed, {{"c3", 'K'}, {"c5", 't'}, {"c6", 'T'}, {"a9", 't'}}, "defenders");
  u->playTurn("c3-c4");
  EXPECT_EQ(pieceAt(*u, "c5"), 't');
  auto ua = position(*unarmed, {{"c4", 'K'}, {"c5", 't'}, {"d6", 'T'}, {"a9", 't'}}, "defenders");
  ua->playTurn("d6-c6");
  EXPECT_EQ(pieceAt(*ua, "c5"), 't');
}

TEST(TaflCapture, StrongKingNeedsFourSidesWeakKingTwo) {
  auto strong = variant("linnaeus", {"king.capture=strong"});
  auto s = position(*strong, {{"c3", 'K'}, {"b3", 't'}, {"e3", 't'}}, "attackers");
  s->playTurn("e3-d3");
  EXPECT_FALSE(s->outcome().over);
  auto four = position(*strong, {{"c3", 'K'}, {"b3", 't'}, {"c2", 't'}, {"c4", 't'}, {"e3", 't'}}, "attackers");
  four->playTurn("e3-d3");
  EXPECT_EQ(four->outcome().reason, tafl::end_reason::kKingCaptured);

  auto weak = variant("linnaeus", {"king.capture=weak"});
  // Weak everywhere: even on the throne two attackers on a line suffice.
  auto w = position(*weak, {{"e5", 'K'}, {"d5", 't'}, {"f8", 't'}}, "attackers");
  w->playTurn("f8-f5");
  EXPECT_EQ(w->outcome().reason, tafl::end_reason::kKingCaptured);
}

TEST(TaflCapture, KingIsCapturedOnlyByAMoveThatEndsNextToHim) {
  auto g = variant("linnaeus");
  // The king walks between two attackers: safe.
  auto s = position(*g, {{"c5", 'K'}, {"b3", 't'}, {"d3", 't'}}, "defenders");
  s->playTurn("c5-c3");
  EXPECT_FALSE(s->outcome().over);
}

TEST(TaflCapture, HostileSquaresFollowTheTable) {
  // Reconstructed: camps hostile to the king only (decision 8.3), not to defenders.
  auto rec = variant("tablut-reconstructed");
  auto d = position(*rec, {{"c1", 'T'}, {"b3", 't'}, {"h8", 'K'}}, "attackers");
  d->playTurn("b3-b1");  // c1 between b1 and the camp square d1
  EXPECT_EQ(pieceAt(*d, "c1"), 'T');
  // The same with camps hostile to defenders (ashton).
  auto ash = variant("ashton");
  auto a = position(*ash, {{"c1", 'T'}, {"b3", 't'}, {"h8", 'K'}}, "attackers");
  a->playTurn("b3-b1");
  EXPECT_EQ(pieceAt(*a, "c1"), '.');
  // Ashton: a defender beside the occupied throne falls to a single attacker.
  auto t = position(*ash, {{"e5", 'K'}, {"e4", 'T'}, {"g3", 't'}}, "attackers");
  t->playTurn("g3-e3");
  EXPECT_EQ(pieceAt(*t, "e4"), '.');
  // Foteviken: the throne is hostile to attackers even with the king on it (and unarmed).
  auto fot = variant("foteviken", {"king.armed=false"});
  auto f = position(*fot, {{"e5", 'K'}, {"e4", 't'}, {"g3", 'T'}}, "defenders");
  f->playTurn("g3-e3");
  EXPECT_EQ(pieceAt(*f, "e4"), '.');
  // Linnaeus: the occupied throne is not hostile to attackers unless the king is armed.
  auto lin = variant("linnaeus", {"king.armed=false"});
  auto l = position(*lin, {{"e5", 'K'}, {"e4", 't'}, {"g3", 'T'}}, "defenders");
  l->playTurn("g3-e3");
  EXPECT_EQ(pieceAt(*l, "e4"), 't');
}

TEST(TaflCapture, AshtonCampCentresAreNoAnvilForAttackers) {
  auto ash = variant("ashton");
  // Attacker a3 against camp square a4 (hostile): captured by a defender on a2.
  auto s = position(*ash, {{"a3", 't'}, {"c2", 'T'}, {"h8", 'K'}}, "defenders");
  s->playTurn("c2-a2");
  EXPECT_EQ(pieceAt(*s, "a3"), '.');
  // Attacker d2 against the camp square d1 (not a centre): captured.
  auto t = position(*ash, {{"d2", 't'}, {"b3", 'T'}, {"h8", 'K'}}, "defenders");
  t->playTurn("b3-d3");
  EXPECT_EQ(pieceAt(*t, "d2"), '.');
  // Attacker e2 against the camp centre e1: not captured.
  auto u = position(*ash, {{"e2", 't'}, {"g3", 'T'}, {"h8", 'K'}}, "defenders");
  u->playTurn("g3-e3");
  EXPECT_EQ(pieceAt(*u, "e2"), 't');
}

TEST(TaflCapture, WeakOffThroneUsesHostileCampsAwayFromTheThrone) {
  auto ash = variant("ashton");
  // King e3, away from the throne, between the arriving attacker and the camp square e2.
  auto s = position(*ash, {{"e3", 'K'}, {"g4", 't'}, {"a1", 'T'}}, "attackers");
  s->playTurn("g4-e4");
  EXPECT_EQ(s->outcome().reason, tafl::end_reason::kKingCaptured);
}

}  // namespace
}  // namespace tz::test
