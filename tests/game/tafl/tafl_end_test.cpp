// End of the game (docs/RULES.md section 6): escape, king capture, encirclement, repetition in
// every mode, no legal move, ply limit, and the order of the checks.
#include "game/tafl/position.h"
#include "tests/game/tafl/tafl_helpers.h"

namespace tz::test {
namespace {

void playAll(State& s, const std::vector<std::string>& moves) {
  for (const auto& m : moves) s.playTurn(m);
}

TEST(TaflEnd, Example10KingOnAnEscapeSquareWinsAtOnceInEveryPreset) {
  for (const auto& name : presetNames()) {
    auto g = variant(name);
    if (g->family() != "tafl") continue;
    const bool edge = g->rulesYaml().find("escape: edge") != std::string::npos;
    // Edge escape: c3-c1; corner escape: c1-a1 (through b1, which only a 2x2 block reserves).
    auto s = edge ? position(*g, {{"c3", 'K'}, {"g7", 't'}}, "defenders")
                  : position(*g, {{"c1", 'K'}, {"g7", 't'}}, "defenders");
    s->playTurn(edge ? "c3-c1" : "c1-a1");
    EXPECT_TRUE(s->outcome().over) << name;
    EXPECT_EQ(s->outcome().winner, tafl::kDefenders) << name;
    EXPECT_EQ(s->outcome().reason, tafl::end_reason::kEscape) << name;
    EXPECT_TRUE(s->legalTurns().empty()) << name;
  }
}

TEST(TaflEnd, EscapeKinds) {
  // corners: an edge square is not enough.
  auto corners = variant("hnefatafl-11");
  auto c = position(*corners, {{"c3", 'K'}, {"g7", 't'}}, "defenders");
  c->playTurn("c3-c1");
  EXPECT_FALSE(c->outcome().over);
  // attacker_start: the squares where attackers stood in the setup.
  auto start = variant("hnefatafl-11", {"escape=attacker_start"});
  auto a = position(*start, {{"d3", 'K'}, {"g7", 't'}}, "defenders");
  a->playTurn("d3-d1");  // d1 held an attacker in the setup
  EXPECT_EQ(a->outcome().reason, tafl::end_reason::kEscape);
  auto b = position(*start, {{"c3", 'K'}, {"g7", 't'}}, "defenders");
  b->playTurn("c3-c1");  // c1 did not
  EXPECT_FALSE(b->outcome().over);
  // A square list.
  auto list = variant("linnaeus", {"escape=[e9]"});
  auto l = position(*list, {{"e7", 'K'}, {"a1", 't'}}, "defenders");
  l->playTurn("e7-e9");
  EXPECT_EQ(l->outcome().reason, tafl::end_reason::kEscape);
  auto m = position(*list, {{"c3", 'K'}, {"a1", 't'}}, "defenders");
  m->playTurn("c3-c1");
  EXPECT_FALSE(m->outcome().over);
}

TEST(TaflEnd, CampSquaresAreNeverEscapeSquares) {
  auto rec = variant("tablut-reconstructed");
  // The king cannot reach d1 (a camp square): it is not a legal destination at all.
  auto k = position(*rec, {{"d3", 'K'}, {"g7", 't'}}, "defenders");
  EXPECT_FALSE(isLegal(*k, "d3-d1"));
  EXPECT_TRUE(isLegal(*k, "d3-d2"));
}

TEST(TaflEnd, Example8EncirclementWinsWithoutACapture) {
  auto g = variant("linnaeus");
  // A ring around d4..f6 with one gap at e7, closed by e9-e7.
  std::vector<std::pair<std::string, char>> pieces = {
      {"e5", 'K'}, {"e6", 'T'}, {"c4", 't'}, {"c5", 't'}, {"c6", 't'}, {"g4", 't'}, {"g5", 't'},
      {"g6", 't'}, {"d3", 't'}, {"e3", 't'}, {"f3", 't'}, {"d7", 't'}, {"f7", 't'}, {"e9", 't'}};
  auto s = position(*g, pieces, "attackers");
  s->playTurn("e9-e7");
  EXPECT_TRUE(s->outcome().over);
  EXPECT_EQ(s->outcome().winner, tafl::kAttackers);
  EXPECT_EQ(s->outcome().reason, tafl::end_reason::kEncirclement);
  EXPECT_EQ(pieceAt(*s, "e6"), 'T');
  // A defender outside the ring keeps the game going.
  pieces.push_back({"b2", 'T'});
  auto t = position(*g, pieces, "attackers");
  t->playTurn("e9-e7");
  EXPECT_FALSE(t->outcome().over);
  // Without the rule the ring wins nothing.
  auto off = variant("linnaeus", {"encirclement=false"});
  pieces.pop_back();
  auto u = position(*off, pieces, "attackers");
  u->playTurn("e9-e7");
  EXPECT_FALSE(u->outcome().over);
}

// A position where both sides can shuffle back and forth: the king sits on the throne,
// the defender shuffles c7<->c8 and the attacker h2<->h3.
std::vector<std::pair<std::string, char>> shuffle() {
  return {{"e5", 'K'}, {"c7", 'T'}, {"h2", 't'}, {"a9", 't'}};
}
const std::vector<std::string> kCycle = {"c7-c8", "h2-h3", "c8-c7", "h3-h2"};

TEST(TaflEnd, RepetitionDrawCountsTheStartPosition) {
  auto g = variant("hnefatafl-9");  // draw, 3
  auto s = position(*g, shuffle(), "defenders");
  playAll(*s, kCycle);  // start position occurs for the second time
  EXPECT_FALSE(s->outcome().over);
  playAll(*s, {"c7-c8", "h2-h3", "c8-c7"});
  EXPECT_FALSE(s->outcome().over);
  s->playTurn("h3-h2");  // third time
  EXPECT_TRUE(s->outcome().over);
  EXPECT_EQ(s->outcome().winner, -1);
  EXPECT_EQ(s->outcome().reason, end_reason::kRepetition);
}

TEST(TaflEnd, RepetitionLossForDefenders) {
  auto g = variant("linnaeus");  // loss_defenders, 3
  auto s = position(*g, shuffle(), "defenders");
  playAll(*s, kCycle);
  playAll(*s, kCycle);  // the attackers' move makes the third occurrence
  EXPECT_EQ(s->outcome().winner, tafl::kAttackers);
  EXPECT_EQ(s->outcome().reason, end_reason::kRepetition);
  // Even when the defenders' move makes it (the start position not counted, so the
  // position after the defenders' first move is the first to occur three times).
  auto h = variant("linnaeus", {"repetition.count_start=false"});
  auto t = position(*h, shuffle(), "defenders");
  playAll(*t, {"c7-c8", "h2-h3", "c8-c7", "h3-h2", "c7-c8", "h2-h3", "c8-c7", "h3-h2", "c7-c8"});
  EXPECT_EQ(t->outcome().winner, tafl::kAttackers);
}

TEST(TaflEnd, RepetitionLossForTheMover) {
  auto g = variant("foteviken");  // loss_mover, 3 (decision 8.6)
  auto s = position(*g, shuffle(), "defenders");
  playAll(*s, kCycle);
  playAll(*s, {"c7-c8", "h2-h3", "c8-c7"});
  s->playTurn("h3-h2");  // the attackers recreate the start position a third time
  EXPECT_EQ(s->outcome().winner, tafl::kDefenders);
  EXPECT_EQ(s->outcome().reason, end_reason::kRepetition);
}

TEST(TaflEnd, RepetitionForbiddenMakesTheOffensivePlayerDeviate) {
  auto g = variant("tablut-reconstructed");  // forbidden, 3 (decision 8.2)
  auto s = position(*g, {{"e5", 'K'}, {"c7", 'T'}, {"h2", 't'}, {"a8", 't'}}, "defenders");
  playAll(*s, kCycle);
  playAll(*s, {"c7-c8", "h2-h3", "c8-c7"});
  // h3-h2 would recreate the start position a third time: not a legal move.
  EXPECT_FALSE(isLegal(*s, "h3-h2"));
  EXPECT_TRUE(isLegal(*s, "h3-h4"));
  EXPECT_FALSE(s->outcome().over);
  EXPECT_THROW(s->playTurn("h3-h2"), RuleError);
}

TEST(TaflEnd, AshtonDrawsOnTheFirstRepeatSinceTheLastCapture) {
  auto g = variant("ashton");
  auto s = position(*g, {{"e5", 'K'}, {"c7", 'T'}, {"h2", 't'}, {"a8", 't'}}, "defenders");
  playAll(*s, {"c7-c8", "h2-h3", "c8-c7"});
  EXPECT_FALSE(s->outcome().over);
  s->playTurn("h3-h2");  // the start position is not counted: no repeat yet
  EXPECT_FALSE(s->outcome().over);
  s->playTurn("c7-c8");  // repeats the position after the first move
  EXPECT_TRUE(s->outcome().over);
  EXPECT_EQ(s->outcome().winner, -1);
  EXPECT_EQ(s->outcome().reason, end_reason::kRepetition);
}

TEST(TaflEnd, ACaptureClearsTheRepetitionHistory) {
  auto g = variant("ashton");
  auto s = position(*g, {{"e5", 'K'}, {"c7", 'T'}, {"a2", 'T'}, {"b2", 't'}, {"c4", 'T'}, {"h2", 't'},
                          {"a8", 't'}},
                    "defenders");
  playAll(*s, {"c7-c8", "h2-h3", "c8-c7", "h3-h2", "c7-c8"});
  EXPECT_TRUE(s->outcome().over);  // without a capture, the position after c7-c8 repeats: draw
  auto t = position(*g, {{"e5", 'K'}, {"c7", 'T'}, {"a2", 'T'}, {"b2", 't'}, {"c4", 'T'}, {"h2", 't'},
                          {"a8", 't'}},
                    "defenders");
  playAll(*t, {"c7-c8", "h2-h3"});
  t->playTurn("c4-c2");  // captures b2 between c2 and a2: the history starts again here
  EXPECT_EQ(pieceAt(*t, "b2"), '.');
  playAll(*t, {"h3-h2", "c8-c7", "h2-h3"});  // these would repeat positions from before the capture
  EXPECT_FALSE(t->outcome().over);
  t->playTurn("c7-c8");  // repeats the position right after the capture
  EXPECT_TRUE(t->outcome().over);
  EXPECT_EQ(t->outcome().reason, end_reason::kRepetition);
}

TEST(TaflEnd, Decision9StartPositionCountsExceptInAshton) {
  // hnefatafl-9: the start position recurs twice more = third occurrence.
  auto g = variant("hnefatafl-9", {"repetition.count=2"});
  auto s = position(*g, shuffle(), "defenders");
  playAll(*s, kCycle);
  EXPECT_EQ(s->outcome().reason, end_reason::kRepetition);
  auto h = variant("hnefatafl-9", {"repetition.count=2", "repetition.count_start=false"});
  auto t = position(*h, shuffle(), "defenders");
  playAll(*t, kCycle);
  EXPECT_FALSE(t->outcome().over);
}

TEST(TaflEnd, NoRepetitionRuleNeverEnds) {
  auto g = variant("hnefatafl-9", {"repetition.rule=none"});
  auto s = position(*g, shuffle(), "defenders");
  for (int i = 0; i < 5; ++i) playAll(*s, kCycle);
  EXPECT_FALSE(s->outcome().over);
}

// `pieces` and a king that cannot move: on d4, between attackers on c4, e4, d3 and d5.
std::vector<std::pair<std::string, char>> withBoxedKing(std::vector<std::pair<std::string, char>> pieces) {
  pieces.insert(pieces.end(), {{"d4", 'K'}, {"c4", 't'}, {"e4", 't'}, {"d3", 't'}, {"d5", 't'}});
  return pieces;
}

TEST(TaflEnd, Decision8ASideWithoutMovesLosesInEveryPreset) {
  for (const auto& name : presetNames()) {
    auto g = variant(name);
    if (g->family() != "tafl") continue;
    // The only defender but a boxed-in king, on b2, is boxed in by attackers on a2, c2, b1, b3
    // after b4-b3.
    auto s = position(*g, withBoxedKing({{"b2", 'T'}, {"a2", 't'}, {"c2", 't'}, {"b1", 't'}, {"b4", 't'}}), "attackers");
    s->playTurn("b4-b3");
    EXPECT_TRUE(s->outcome().over) << name;
    EXPECT_EQ(s->outcome().winner, tafl::kAttackers) << name;
    if (s->outcome().reason != tafl::end_reason::kEncirclement) {
      EXPECT_EQ(s->outcome().reason, end_reason::kNoMoves) << name;
    }
  }
  // Seen from the record: a side to move with no move has lost already.
  auto g = variant("hnefatafl-9");
  auto s = position(*g, withBoxedKing({{"b2", 'T'}, {"a2", 't'}, {"c2", 't'}, {"b1", 't'}, {"b3", 't'}}), "defenders");
  EXPECT_EQ(s->outcome().reason, end_reason::kNoMoves);
  EXPECT_EQ(s->outcome().winner, tafl::kAttackers);
}

TEST(TaflEnd, PlyLimitDraws) {
  auto g = variant("hnefatafl-9", {"ply_limit=3", "repetition.rule=none"});
  auto s = position(*g, shuffle(), "defenders");
  playAll(*s, {"c7-c8", "h2-h3"});
  EXPECT_FALSE(s->outcome().over);
  s->playTurn("c8-c7");
  EXPECT_TRUE(s->outcome().over);
  EXPECT_EQ(s->outcome().winner, -1);
  EXPECT_EQ(s->outcome().reason, end_reason::kPlyLimit);
}

TEST(TaflEnd, ChecksRunInOrderEscapeBeforeRepetitionAndNoMovesBeforePlyLimit) {
  // No moves beats the ply limit: the boxed-in side loses on the last allowed ply.
  auto g = variant("hnefatafl-9", {"ply_limit=1"});
  auto s = position(*g, withBoxedKing({{"b2", 'T'}, {"a2", 't'}, {"c2", 't'}, {"b1", 't'}, {"b4", 't'}}), "attackers");
  s->playTurn("b4-b3");
  EXPECT_EQ(s->outcome().reason, end_reason::kNoMoves);
  // King capture beats encirclement: the capturing move also encloses nobody else.
  auto lin = variant("linnaeus");
  auto k = position(*lin, {{"d3", 'K'}, {"c3", 't'}, {"f3", 't'}}, "attackers");
  k->playTurn("f3-e3");
  EXPECT_EQ(k->outcome().reason, tafl::end_reason::kKingCaptured);
}

}  // namespace
}  // namespace tz::test
