// Movement and set-up parameters of the rule model (docs/RULES.md sections 2, 3 and 7), each
// with a concrete position.
#include "game/tafl/position.h"
#include "tests/game/tafl/tafl_helpers.h"

namespace tz::test {
namespace {

TEST(TaflRules, PiecesMoveLikeRooksWithoutJumping) {
  auto g = variant("linnaeus");
  auto s = position(*g, {{"c3", 'T'}, {"c6", 't'}, {"f3", 't'}, {"h8", 'K'}}, "defenders");
  EXPECT_TRUE(isLegal(*s, "c3-c5"));
  EXPECT_FALSE(isLegal(*s, "c3-c6"));  // occupied
  EXPECT_FALSE(isLegal(*s, "c3-c7"));  // no jumping
  EXPECT_TRUE(isLegal(*s, "c3-e3"));
  EXPECT_FALSE(isLegal(*s, "c3-g3"));
  EXPECT_FALSE(isLegal(*s, "c3-d4"));  // no diagonals
  EXPECT_TRUE(isLegal(*s, "c3-a3"));
  EXPECT_TRUE(isLegal(*s, "c3-c1"));
}

TEST(TaflRules, SetupAndFirstMover) {
  auto g = variant("linnaeus");
  auto s = g->newGame();
  EXPECT_EQ(s->record(), "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/");
  EXPECT_EQ(s->toMove(), tafl::kDefenders);
  auto brandubh = variant("brandubh");
  EXPECT_EQ(brandubh->newGame()->toMove(), tafl::kAttackers);
  auto flipped = variant("linnaeus", {"first=attackers"});
  EXPECT_EQ(flipped->newGame()->toMove(), tafl::kAttackers);
  auto h11 = variant("hnefatafl-11");
  EXPECT_EQ(h11->newGame()->record(),
            "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/");
}

TEST(TaflRules, PresetPieceCounts) {
  struct Count {
    const char* name;
    int attackers, defenders;
  };
  for (const Count& c : {Count{"linnaeus", 16, 8}, Count{"hnefatafl-11", 24, 12}, Count{"hnefatafl-13", 32, 16},
                         Count{"alea-evangelii", 48, 24}, Count{"brandubh", 8, 4}}) {
    auto game = variant(c.name);
    const std::string rec = game->newGame()->record();
    EXPECT_EQ(std::count(rec.begin(), rec.end(), 't'), c.attackers) << c.name;
    EXPECT_EQ(std::count(rec.begin(), rec.end(), 'T'), c.defenders) << c.name;
    EXPECT_EQ(std::count(rec.begin(), rec.end(), 'K'), 1) << c.name;
  }
}

TEST(TaflRules, ThroneStopAndPass) {
  // Linnaeus: only the king stops on the throne, everyone passes it while empty.
  auto lin = variant("linnaeus");
  auto s = position(*lin, {{"e3", 'T'}, {"c5", 't'}, {"h8", 'K'}}, "defenders");
  EXPECT_FALSE(isLegal(*s, "e3-e5"));
  EXPECT_TRUE(isLegal(*s, "e3-e7"));
  auto a = position(*lin, {{"e3", 'T'}, {"c5", 't'}, {"h8", 'K'}}, "attackers");
  EXPECT_FALSE(isLegal(*a, "c5-e5"));
  EXPECT_TRUE(isLegal(*a, "c5-g5"));
  auto k = position(*lin, {{"e3", 'K'}, {"c5", 't'}, {"h8", 'T'}}, "defenders");
  EXPECT_TRUE(isLegal(*k, "e3-e5"));  // king_reenter: yes
  EXPECT_TRUE(isLegal(*k, "e3-e7"));
  // Reconstructed: nobody passes, the king may not return.
  auto rec = variant("tablut-reconstructed");
  auto r = position(*rec, {{"e3", 'K'}, {"c5", 't'}, {"h8", 'T'}}, "defenders");
  EXPECT_FALSE(isLegal(*r, "e3-e5"));
  EXPECT_FALSE(isLegal(*r, "e3-e7"));
  EXPECT_TRUE(isLegal(*r, "e3-e4"));
  // throne.stop=all lets anyone stop; throne.pass=king only the king cross.
  auto all = variant("linnaeus", {"throne.stop=all", "throne.pass=king"});
  auto t = position(*all, {{"e3", 'T'}, {"c5", 't'}, {"h8", 'K'}}, "defenders");
  EXPECT_TRUE(isLegal(*t, "e3-e5"));
  EXPECT_FALSE(isLegal(*t, "e3-e7"));
  auto kk = position(*all, {{"e3", 'K'}, {"c5", 't'}, {"h8", 'T'}}, "defenders");
  EXPECT_TRUE(isLegal(*kk, "e3-e7"));
  // throne.stop=nobody: even the king cannot return.
  auto nobody = variant("linnaeus", {"throne.stop=nobody"});
  auto n = position(*nobody, {{"e3", 'K'}, {"c5", 't'}, {"h8", 'T'}}, "defenders");
  EXPECT_FALSE(isLegal(*n, "e3-e5"));
  EXPECT_TRUE(isLegal(*n, "e3-e7"));
}

TEST(TaflRules, NobodyCrossesTheOccupiedThrone) {
  auto lin = variant("linnaeus");
  auto s = position(*lin, {{"e5", 'K'}, {"e3", 'T'}, {"c5", 't'}}, "defenders");
  EXPECT_FALSE(isLegal(*s, "e3-e7"));
  EXPECT_TRUE(isLegal(*s, "e3-e4"));
}

TEST(TaflRules, KingReenterAfterLeaving) {
  auto g = variant("linnaeus", {"throne.king_reenter=false"});
  auto s = g->newGame();
  // The king leaves the throne (after the defenders make room) and may not come back.
  s->playTurn("e4-b4");
  s->playTurn("a6-b6");
  s->playTurn("e5-e4");
  s->playTurn("b6-b7");
  EXPECT_FALSE(isLegal(*s, "e4-e5"));
}

TEST(TaflRules, CornersReservedForTheKing) {
  auto g = variant("hnefatafl-11");
  auto s = position(*g, {{"a3", 'T'}, {"c1", 't'}, {"f6", 'K'}}, "defenders");
  EXPECT_FALSE(isLegal(*s, "a3-a1"));
  EXPECT_TRUE(isLegal(*s, "a3-a2"));
  auto a = position(*g, {{"a3", 'T'}, {"c1", 't'}, {"f6", 'K'}}, "attackers");
  EXPECT_FALSE(isLegal(*a, "c1-a1"));
  auto open = variant("hnefatafl-11", {"corners.stop=all"});
  auto o = position(*open, {{"a3", 'T'}, {"c1", 't'}, {"f6", 'K'}}, "defenders");
  EXPECT_TRUE(isLegal(*o, "a3-a1"));
  // Alea Evangelii: the corner is a 2x2 block.
  auto alea = variant("alea-evangelii");
  auto b = position(*alea, {{"b4", 'T'}, {"j10", 'K'}, {"s19", 't'}}, "defenders");
  EXPECT_FALSE(isLegal(*b, "b4-b2"));
  EXPECT_TRUE(isLegal(*b, "b4-b3"));
}

TEST(TaflRules, CornersActAsAnvilsWhereHostile) {
  auto g = variant("brandubh");
  // Brandubh: the empty corner a1 is hostile to attackers.
  auto s = position(*g, {{"b1", 't'}, {"c3", 'T'}, {"e5", 'K'}}, "defenders");
  s->playTurn("c3-c1");
  EXPECT_EQ(pieceAt(*s, "b1"), '.');
  auto h = variant("hnefatafl-11");  // corners not hostile
  auto t = position(*h, {{"b1", 't'}, {"c3", 'T'}, {"f6", 'K'}}, "defenders");
  t->playTurn("c3-c1");
  EXPECT_EQ(pieceAt(*t, "b1"), 't');
}

TEST(TaflRules, Example5CampsAreForTheirOwnAttackersOnly) {
  auto g = variant("tablut-reconstructed");
  auto s = position(*g, {{"e3", 'T'}, {"c2", 't'}, {"e1", 't'}, {"h8", 'K'}}, "defenders");
  EXPECT_FALSE(isLegal(*s, "e3-e2"));
  s->playTurn("e3-g3");
  EXPECT_TRUE(isLegal(*s, "c2-d2"));
  EXPECT_FALSE(isLegal(*s, "c2-e2"));
  EXPECT_TRUE(isLegal(*s, "e1-e2"));
  s->playTurn("e1-e2");
  s->playTurn("g3-g4");
  EXPECT_TRUE(isLegal(*s, "e2-e3"));
  s->playTurn("e2-e3");  // out of the camp
  s->playTurn("g4-g3");
  EXPECT_FALSE(isLegal(*s, "e3-e2"));
  EXPECT_FALSE(isLegal(*s, "e3-e1"));
}

TEST(TaflRules, Decision5CampAttackersMoveWithinAndOutThroughTheirCamp) {
  auto g = variant("foteviken");
  // d1 leaves along rank 1 through e1 and f1 (its own camp) to g1.
  auto s = position(*g, {{"d1", 't'}, {"h8", 'K'}}, "attackers");
  EXPECT_TRUE(isLegal(*s, "d1-e1"));
  EXPECT_TRUE(isLegal(*s, "d1-g1"));
  // e2 leaves northwards; a5 may not cross into another camp.
  auto t = position(*g, {{"a6", 't'}, {"h8", 'K'}}, "attackers");
  EXPECT_TRUE(isLegal(*t, "a6-a7"));
  EXPECT_TRUE(isLegal(*t, "a6-a4"));  // inside its camp (a5 empty)
  EXPECT_TRUE(isLegal(*t, "a6-a3"));  // out through a5 and a4
  // An attacker outside the camps may not pass through one.
  auto u = position(*g, {{"c1", 't'}, {"h8", 'K'}}, "attackers");
  EXPECT_FALSE(isLegal(*u, "c1-g1"));
  EXPECT_FALSE(isLegal(*u, "c1-d1"));
  // Defenders and the king never enter a camp.
  auto k = position(*g, {{"b3", 'K'}, {"i9", 't'}}, "defenders");
  EXPECT_FALSE(isLegal(*k, "b3-b5"));
  EXPECT_FALSE(isLegal(*k, "b3-b7"));
}

TEST(TaflRules, AttackersMayNotReturnToTheEdgeWhenForbidden) {
  auto g = variant("hnefatafl-11", {"attackers_return_to_edge=false"});
  auto s = position(*g, {{"c3", 't'}, {"c1", 't'}, {"f6", 'K'}}, "attackers");
  EXPECT_FALSE(isLegal(*s, "c3-a3"));
  EXPECT_TRUE(isLegal(*s, "c3-b3"));
  EXPECT_TRUE(isLegal(*s, "c1-d1"));  // along the edge, starting on it
  EXPECT_TRUE(isLegal(*s, "c1-c2"));
  auto d = position(*g, {{"c3", 'T'}, {"f6", 'K'}, {"k5", 't'}}, "defenders");
  EXPECT_TRUE(isLegal(*d, "c3-a3"));  // defenders are not restricted
  auto free = variant("hnefatafl-11");
  auto f = position(*free, {{"c3", 't'}, {"f6", 'K'}}, "attackers");
  EXPECT_TRUE(isLegal(*f, "c3-a3"));
}

TEST(TaflRules, Decision1And7KingsAreArmedInTheReconstructedAndLinnaeusPresets) {
  for (const char* name : {"tablut-reconstructed", "linnaeus"}) {
    auto g = variant(name);
    auto s = position(*g, {{"c3", 'K'}, {"c5", 't'}, {"c6", 'T'}, {"i9", 't'}}, "defenders");
    s->playTurn("c3-c4");
    EXPECT_EQ(pieceAt(*s, "c5"), '.') << name;
  }
}

TEST(TaflRules, Decision3ReconstructedThroneAndCampsAreHostileOnlyToTheKing) {
  auto g = variant("tablut-reconstructed");
  // Attacker e4 beside the empty throne, defender arrives on e3: no capture.
  auto s = position(*g, {{"e4", 't'}, {"g3", 'T'}, {"h8", 'K'}}, "defenders");
  s->playTurn("g3-e3");
  EXPECT_EQ(pieceAt(*s, "e4"), 't');
  // Defender e4 beside the empty throne: no capture either.
  auto t = position(*g, {{"e4", 'T'}, {"g3", 't'}, {"h8", 'K'}}, "attackers");
  t->playTurn("g3-e3");
  EXPECT_EQ(pieceAt(*t, "e4"), 'T');
  // The king beside the empty throne falls to three attackers.
  auto k = position(*g, {{"e4", 'K'}, {"d4", 't'}, {"f4", 't'}, {"g3", 't'}}, "attackers");
  k->playTurn("g3-e3");
  EXPECT_EQ(k->outcome().reason, tafl::end_reason::kKingCaptured);
}

TEST(TaflRules, Decision4FotevikenKingNeedsFourSidesCampsCount) {
  auto g = variant("foteviken");
  auto s = position(*g, {{"c3", 'K'}, {"b3", 't'}, {"e3", 't'}}, "attackers");
  s->playTurn("e3-d3");
  EXPECT_FALSE(s->outcome().over);
  // Beside a camp with camp squares on two sides (d2: d1 and e2), two attackers suffice.
  auto t = position(*g, {{"d2", 'K'}, {"c2", 't'}, {"d7", 't'}}, "attackers");
  t->playTurn("d7-d3");
  EXPECT_EQ(t->outcome().reason, tafl::end_reason::kKingCaptured);
  // The other reading is one --set away.
  auto w = variant("foteviken", {"king.capture=weak_off_throne"});
  auto u = position(*w, {{"c3", 'K'}, {"b3", 't'}, {"e3", 't'}}, "attackers");
  u->playTurn("e3-d3");
  EXPECT_EQ(u->outcome().reason, tafl::end_reason::kKingCaptured);
}

TEST(TaflRules, BoardSizesSevenToNineteen) {
  for (int size : {7, 9, 11, 13, 15, 17, 19}) {
    const std::string setup = board(size, {{"a1", 't'}, {"b2", 'K'}});
    auto g = variant("hnefatafl-11", {"size=" + std::to_string(size), "setup=" + setup});
    EXPECT_EQ(g->inputShape().height, size);
    EXPECT_EQ(g->numActions(), size * size * 4 * (size - 1));
  }
  EXPECT_THROW(variant("hnefatafl-11", {"size=21"}), ConfigError);
  EXPECT_THROW(variant("hnefatafl-11", {"size=5"}), ConfigError);
  EXPECT_THROW(variant("hnefatafl-11", {"size=10"}), ConfigError);
}

}  // namespace
}  // namespace tz::test
