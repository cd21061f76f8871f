// Notation (docs/RULES.md section 1): position records and moves, read and written, and the
// errors bad input gets.
#include "tests/game/tafl/tafl_helpers.h"

namespace tz::test {
namespace {

TEST(TaflNotation, RecordsRoundTripAndMultiDigitRuns) {
  auto g = variant("alea-evangelii");
  auto s = g->newGame();
  const std::string rec = s->record();
  EXPECT_NE(rec.find("/19/"), std::string::npos);
  auto t = g->fromRecord(rec, "defenders");
  EXPECT_EQ(t->record(), rec);
  EXPECT_EQ(t->hash(), s->hash());
  EXPECT_EQ(tafl::writeRecord(tafl::parseRecord("/3t3/7/7/3K3/7/7/7/", 7), 7), "/3t3/7/7/3K3/7/7/7/");
}

TEST(TaflNotation, FirstRowIsRankOne) {
  auto g = variant("brandubh");
  auto s = g->fromRecord("/t6/7/7/3K3/7/7/7/", "attackers");
  EXPECT_EQ(pieceAt(*s, "a1"), 't');
  EXPECT_EQ(pieceAt(*s, "d4"), 'K');
}

TEST(TaflNotation, MalformedRecordsAreRejectedWithTheReason) {
  auto g = variant("brandubh");
  auto expectError = [&](const std::string& rec, const std::string& fragment) {
    try {
      g->fromRecord(rec, "attackers");
      ADD_FAILURE() << "accepted " << rec;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
  };
  expectError("3t3/7/7/3K3/7/7/7/", "start and end with '/'");
  expectError("/3t3/7/7/3K3/7/7/", "ranks, expected 7");
  expectError("/3t4/7/7/3K3/7/7/7/", "longer than 7");
  expectError("/3t2/7/7/3K3/7/7/7/", "has 6 squares");
  expectError("/3x3/7/7/3K3/7/7/7/", "unknown piece 'x'");
  expectError("/3K3/7/7/3K3/7/7/7/", "more than one king");
  EXPECT_THROW(g->fromRecord("/3t3/7/7/3K3/7/7/7/", "north"), Error);
}

TEST(TaflNotation, MovesWithAndWithoutCaptureSuffix) {
  auto g = variant("linnaeus");
  auto mk = [&] { return position(*g, {{"d3", 't'}, {"c4", 't'}, {"d2", 'T'}, {"b4", 'T'}, {"d6", 'T'}, {"h8", 'K'}}, "defenders"); };
  auto s = mk();
  Action taking = -1;
  std::vector<Action> legal;
  s->legalActions(legal);
  for (Action a : legal)
    if (s->actionName(a).rfind("d6-d4", 0) == 0) taking = a;
  ASSERT_GE(taking, 0);
  EXPECT_EQ(s->actionName(taking), "d6-d4xc4/d3");  // ordered by square: file, then rank
  s->playTurn("d6-d4");
  EXPECT_EQ(pieceAt(*s, "c4"), '.');
  auto t = mk();
  t->playTurn("d6-d4xc4/d3");
  EXPECT_EQ(t->record(), s->record());
  auto u = mk();
  EXPECT_THROW(u->playTurn("d6-d4xc4"), RuleError);  // wrong capture list
}

TEST(TaflNotation, ThreatMarksRaichiAndTuichu) {
  auto g = variant("linnaeus");
  auto s = position(*g, {{"c4", 'K'}, {"a1", 't'}, {"i9", 't'}, {"c2", 't'}, {"b3", 't'}, {"c7", 't'}},
                    "defenders");
  std::vector<Action> legal;
  s->legalActions(legal);
  std::map<std::string, std::string> names;
  for (Action a : legal) names[s->actionName(a).substr(0, 5)] = s->actionName(a);
  // From c3 only the line east to i3 is open (b3, c2 and c7 block the others): raichi.
  EXPECT_EQ(names["c4-c3"], "c4-c3+");
  // From d4 all four lines reach the edge: tuichu.
  EXPECT_EQ(names["c4-d4"], "c4-d4++");
  // Marks given with a move are claims, checked like captures.
  EXPECT_NO_THROW(s->clone()->playTurn("c4-c3+"));
  EXPECT_NO_THROW(s->clone()->playTurn("c4-d4++"));
  EXPECT_NO_THROW(s->clone()->playTurn("c4-d4"));
  EXPECT_THROW(s->clone()->playTurn("c4-c3++"), RuleError);
  EXPECT_THROW(s->clone()->playTurn("c4-d4+"), RuleError);
  EXPECT_THROW(s->clone()->playTurn("c4-d4+++"), RuleError);
  EXPECT_THROW(s->clone()->playTurn("c4-c5+"), RuleError);
}

TEST(TaflNotation, IllegalAndMalformedMovesNameTheMoveAndPosition) {
  auto g = variant("linnaeus");
  auto s = g->newGame();
  try {
    s->playTurn("e5-e1");
    FAIL();
  } catch (const RuleError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("illegal move 'e5-e1'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("/3ttt3/4t4/"), std::string::npos) << msg;
    EXPECT_NE(msg.find("defenders to move"), std::string::npos) << msg;
  }
  EXPECT_THROW(s->playTurn("e5e1"), RuleError);
  EXPECT_THROW(s->playTurn("z1-a1"), RuleError);
  EXPECT_THROW(s->playTurn("e3-e10"), RuleError);
}

}  // namespace
}  // namespace tz::test
