// The Copenhagen and Fetlar rules: shieldwall captures (docs/RULES.md 4.5), edge forts (6.8),
// their keys, and the decisions 8.25-8.32, each on a concrete 11x11 position.
#include "game/tafl/position.h"
#include "tests/game/tafl/tafl_helpers.h"
#include "tests/support/error_of.h"

namespace tz::test {
namespace {

using Pieces = std::vector<std::pair<std::string, char>>;

// The king sits far from the edge in the shieldwall positions, so no game ends.
const std::pair<std::string, char> kKingAway{"f6", 'K'};

TEST(TaflShieldwall, FlankingMoveCapturesTheWholeRow) {
  auto g = variant("copenhagen");
  const Pieces wall = {kKingAway, {"d1", 'T'}, {"e1", 'T'}, {"f1", 'T'}, {"d2", 't'}, {"e2", 't'}, {"f2", 't'},
                       {"c1", 't'}, {"h1", 't'}};
  auto s = position(*g, wall, "attackers");
  EXPECT_TRUE(isLegal(*s, "h1-g1"));
  s->playTurn("h1-g1xd1/e1/f1");  // the claimed captures are checked (docs/RULES.md 8.23)
  for (const char* sq : {"d1", "e1", "f1"}) EXPECT_EQ(pieceAt(*s, sq), '.') << sq;
  EXPECT_FALSE(s->outcome().over);
  // Fetlar has no shieldwall: the same move takes nothing.
  auto f = position(*variant("fetlar"), wall, "attackers");
  f->playTurn("h1-g1");
  for (const char* sq : {"d1", "e1", "f1"}) EXPECT_EQ(pieceAt(*f, sq), 'T') << sq;
}

TEST(TaflShieldwall, AnEmptyCornerBracketsOneEnd) {
  const Pieces wall = {kKingAway, {"b1", 'T'}, {"c1", 'T'}, {"b2", 't'}, {"c2", 't'}, {"e1", 't'}};
  auto s = position(*variant("copenhagen"), wall, "attackers");
  s->playTurn("e1-d1");
  EXPECT_EQ(pieceAt(*s, "b1"), '.');
  EXPECT_EQ(pieceAt(*s, "c1"), '.');
  auto off = position(*variant("copenhagen", {"shieldwall.corner_bracket=false"}), wall, "attackers");
  off->playTurn("e1-d1");
  EXPECT_EQ(pieceAt(*off, "b1"), 'T');
  EXPECT_EQ(pieceAt(*off, "c1"), 'T');
}

TEST(TaflShieldwall, TheKingTakesPartButIsNeverTaken) {  // docs/RULES.md 8.26
  auto g = variant("copenhagen");
  // In the defenders' row: the defender beside him falls, the king stays.
  auto s = position(*g, {{"d1", 'K'}, {"e1", 'T'}, {"d2", 't'}, {"e2", 't'}, {"c1", 't'}, {"g1", 't'}, {"j10", 'T'}},
                    "attackers");
  s->playTurn("g1-f1");
  EXPECT_EQ(pieceAt(*s, "e1"), '.');
  EXPECT_EQ(pieceAt(*s, "d1"), 'K');
  EXPECT_FALSE(s->outcome().over);
  // The armed king brackets an attackers' row, and faces one of its members.
  auto b = position(*g, {{"c1", 'K'}, {"d1", 't'}, {"e1", 't'}, {"d2", 'T'}, {"e2", 'T'}, {"g1", 'T'}, {"j10", 't'}},
                    "defenders");
  b->playTurn("g1-f1");
  EXPECT_EQ(pieceAt(*b, "d1"), '.');
  EXPECT_EQ(pieceAt(*b, "e1"), '.');
  auto face = position(*g, {{"c1", 'T'}, {"d1", 't'}, {"e1", 't'}, {"d2", 'K'}, {"e2", 'T'}, {"g1", 'T'}, {"j10", 't'}},
                       "defenders");
  face->playTurn("g1-f1");
  EXPECT_EQ(pieceAt(*face, "d1"), '.');
  EXPECT_EQ(pieceAt(*face, "e1"), '.');
}

TEST(TaflShieldwall, AGapOrAMissingFacingPieceSavesTheRow) {
  auto g = variant("copenhagen");
  auto unfaced = position(*g, {kKingAway, {"d1", 'T'}, {"e1", 'T'}, {"f1", 'T'}, {"d2", 't'}, {"f2", 't'},
                               {"c1", 't'}, {"h1", 't'}},
                          "attackers");
  unfaced->playTurn("h1-g1");
  for (const char* sq : {"d1", "e1", "f1"}) EXPECT_EQ(pieceAt(*unfaced, sq), 'T') << sq;
  auto gap = position(*g, {kKingAway, {"c1", 'T'}, {"d1", 'T'}, {"f1", 'T'}, {"c2", 't'}, {"d2", 't'}, {"f2", 't'},
                           {"b1", 't'}, {"h1", 't'}},
                      "attackers");
  gap->playTurn("h1-g1");
  for (const char* sq : {"c1", "d1", "f1"}) EXPECT_EQ(pieceAt(*gap, sq), 'T') << sq;
}

TEST(TaflShieldwall, OnlyTheBracketingMoveCaptures) {  // docs/RULES.md 8.25
  auto s = position(*variant("copenhagen"), {kKingAway, {"d1", 'T'}, {"e1", 'T'}, {"d2", 't'}, {"e5", 't'},
                                             {"c1", 't'}, {"f1", 't'}},
                    "attackers");
  s->playTurn("e5-e2");  // completes the facing row, but brackets nothing
  EXPECT_EQ(pieceAt(*s, "d1"), 'T');
  EXPECT_EQ(pieceAt(*s, "e1"), 'T');
}

// A fort on the bottom edge: the king on f1, defenders e1 e2 e3 f3 g2 g1 around the empty f2.
const Pieces kFort = {{"f1", 'K'}, {"e1", 'T'}, {"e2", 'T'}, {"e3", 'T'}, {"g2", 'T'}, {"g1", 'T'}, {"f5", 'T'},
                      {"a6", 't'}, {"k6", 't'}, {"f11", 't'}, {"k3", 't'}};

TEST(TaflEdgeFort, ClosingAnUnbreakableFortWins) {
  auto s = position(*variant("copenhagen"), kFort, "defenders");
  s->playTurn("f5-f3");
  EXPECT_TRUE(s->outcome().over);
  EXPECT_EQ(s->outcome().winner, tafl::kDefenders);
  EXPECT_EQ(s->outcome().reason, tafl::end_reason::kEdgeFort);
  auto fetlar = position(*variant("fetlar"), kFort, "defenders");
  fetlar->playTurn("f5-f3");
  EXPECT_FALSE(fetlar->outcome().over);
}

TEST(TaflEdgeFort, ABreakableFortDoesNotWin) {
  // Without e3 the defender on f3 can be taken from e3 and g3.
  Pieces weak = kFort;
  weak.erase(std::find(weak.begin(), weak.end(), std::pair<std::string, char>{"e3", 'T'}));
  weak.push_back({"e7", 't'});
  auto s = position(*variant("copenhagen"), weak, "defenders");
  s->playTurn("f5-f3");
  EXPECT_FALSE(s->outcome().over);
  s->playTurn("e7-e3");
  s->playTurn("f1-f2");
  s->playTurn("k3-g3");
  EXPECT_EQ(pieceAt(*s, "f3"), '.');
}

TEST(TaflEdgeFort, TheKingMustBeAbleToMoveAndStandOnTheEdge) {
  auto g = variant("copenhagen");
  auto shut = position(*g, {{"f1", 'K'}, {"e1", 'T'}, {"g1", 'T'}, {"f4", 'T'}, {"a6", 't'}}, "defenders");
  shut->playTurn("f4-f2");  // the king is walled in completely: no fort
  EXPECT_FALSE(shut->outcome().over);
  // The same fort one rank up, the king off the edge: no fort either.
  auto inland = position(*g, {{"f2", 'K'}, {"e2", 'T'}, {"e3", 'T'}, {"e4", 'T'}, {"g3", 'T'}, {"g2", 'T'},
                              {"f1", 'T'}, {"f6", 'T'}, {"a6", 't'}, {"k6", 't'}, {"k4", 't'}},
                         "defenders");
  inland->playTurn("f6-f4");
  EXPECT_FALSE(inland->outcome().over);
}

TEST(TaflPresets, FetlarKingIsTakenOnFourSidesOrAgainstTheThroneButNeverOnTheEdge) {
  auto g = variant("fetlar");
  auto edge = position(*g, {{"f1", 'K'}, {"e1", 't'}, {"g1", 't'}, {"f5", 't'}, {"b10", 'T'}}, "attackers");
  edge->playTurn("f5-f2");
  EXPECT_FALSE(edge->outcome().over);
  auto throne = position(*g, {{"f5", 'K'}, {"e5", 't'}, {"g5", 't'}, {"f1", 't'}, {"b10", 'T'}}, "attackers");
  throne->playTurn("f1-f4");
  EXPECT_EQ(throne->outcome().reason, tafl::end_reason::kKingCaptured);
}

TEST(TaflPresets, FetlarThroneAndCornersAreHostile) {
  auto g = variant("fetlar");
  auto throne = position(*g, {{"f5", 'T'}, {"h4", 't'}, {"b10", 'K'}}, "attackers");
  throne->playTurn("h4-f4");
  EXPECT_EQ(pieceAt(*throne, "f5"), '.');  // against the empty throne
  auto occupied = position(*g, {{"f5", 'T'}, {"h4", 't'}, {"f6", 'K'}}, "attackers");
  occupied->playTurn("h4-f4");
  EXPECT_EQ(pieceAt(*occupied, "f5"), 'T');  // not while the king sits on it
  auto corner = position(*g, {{"b1", 't'}, {"c5", 'T'}, {"f6", 'K'}, {"k10", 't'}}, "defenders");
  corner->playTurn("c5-c1");
  EXPECT_EQ(pieceAt(*corner, "b1"), '.');
}

TEST(TaflPresets, FetlarAttackersWinByEncirclement) {  // docs/RULES.md 8.31
  auto s = position(*variant("fetlar"), {{"f6", 'K'}, {"e6", 't'}, {"e5", 't'}, {"e4", 't'}, {"g6", 't'}, {"g5", 't'},
                                         {"g4", 't'}, {"f7", 't'}, {"f1", 't'}},
                    "attackers");
  s->playTurn("f1-f3");
  EXPECT_EQ(s->outcome().reason, tafl::end_reason::kEncirclement);
}

TEST(TaflEdgeRuleKeys, AreCheckedAndWrittenOnlyWhenSet) {
  expectError([] { variant("copenhagen", {"shieldwall.sideways=true"}); }, "sideways");
  expectError([] { variant("copenhagen", {"edge_fort=sometimes"}); }, "edge_fort");
  expectError([] { variant("copenhagen", {"shieldwall.enabled=3"}); }, "shieldwall.enabled");
  EXPECT_EQ(variant("hnefatafl-11")->rulesYaml().find("shieldwall"), std::string::npos);
  EXPECT_EQ(variant("fetlar")->rulesYaml().find("edge_fort"), std::string::npos);
  const std::string yaml = variant("copenhagen")->rulesYaml();
  EXPECT_NE(yaml.find("shieldwall: {enabled: true, corner_bracket: true}"), std::string::npos) << yaml;
  EXPECT_NE(yaml.find("edge_fort: true"), std::string::npos) << yaml;
}

}  // namespace
}  // namespace tz::test
