// The board drawings families give the report's game viewer (GameExpertise::boardDrawing):
// for every preset, the squares that action names mention (around the capture mark x) are points of the drawing, and the
// pieces of every position of a random game stand on distinct points; plus the start
// positions of one game per family, counted by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "game/expertise.h"
#include "game/registry.h"
#include "tests/support/test_name.h"

namespace tz::test {
namespace {

// Pieces of a position by kind, and the label of each point that holds a piece.
struct Census {
  std::map<std::string, int> kinds;
  std::map<std::string, std::string> labels;  // point name -> label
};

Census census(const Game& g, const State& s) {
  const BoardDrawing d = g.expertise()->boardDrawing();
  Census c;
  for (const DrawnPiece& p : g.expertise()->drawnPosition(s).pieces) {
    ++c.kinds[p.kind];
    c.labels[d.points.at(size_t(p.point)).name] = p.label;
  }
  return c;
}

class BoardDrawingTest : public ::testing::TestWithParam<std::string> {};

TEST_P(BoardDrawingTest, ActionsNamePointsAndPiecesStandOnDistinctPoints) {
  auto g = loadGame(GetParam());
  ASSERT_NE(g->expertise(), nullptr);
  const BoardDrawing d = g->expertise()->boardDrawing();
  ASSERT_GT(d.width, 0);
  std::set<std::string> names;
  for (const BoardPoint& p : d.points) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    EXPECT_TRUE(p.x > 0 && p.x < d.width && p.y > 0 && p.y < d.height) << p.name;
  }
  const std::regex square("[a-z]+[0-9]+");
  std::mt19937_64 rng(7);
  auto s = g->newGame();
  std::vector<Action> legal;
  for (int ply = 0; ply < 300 && !s->outcome().over; ++ply) {
    std::set<int> occupied;
    for (const DrawnPiece& p : g->expertise()->drawnPosition(*s).pieces) {
      ASSERT_TRUE(p.point >= 0 && p.point < int(d.points.size())) << "ply " << ply;
      ASSERT_TRUE(occupied.insert(p.point).second) << "two pieces on " << d.points[size_t(p.point)].name;
      ASSERT_TRUE(p.kind == "dark" || p.kind == "light" || p.kind == "gold") << p.kind;
    }
    s->legalActions(legal);
    const Action a = legal[rng() % legal.size()];
    std::string name = s->actionName(a);
    std::replace(name.begin(), name.end(), 'x', ' ');  // the viewer reads what follows an x as taken
    for (std::sregex_iterator m(name.begin(), name.end(), square), end; m != end; ++m)
      ASSERT_TRUE(names.count(m->str())) << name << " names " << m->str() << ", not a point";
    s->apply(a);
  }
}

INSTANTIATE_TEST_SUITE_P(Presets, BoardDrawingTest, ::testing::ValuesIn(presetNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return testName(info.param); });

TEST(BoardDrawing, BrandubhStartsWithEightAttackersFourDefendersAndTheKingInTheCentre) {
  auto g = loadGame("brandubh");
  const Census c = census(*g, *g->newGame());
  EXPECT_EQ(c.kinds, (std::map<std::string, int>{{"dark", 8}, {"light", 4}, {"gold", 1}}));
  EXPECT_EQ(c.labels.at("d4"), "K");
  EXPECT_EQ(g->expertise()->boardDrawing().points.size(), 49u);
}

TEST(BoardDrawing, MorrisShowsPlacedPiecesAndTheHandsInTheCaption) {
  auto g = loadGame("morris");
  auto s = g->newGame();
  EXPECT_TRUE(census(*g, *s).kinds.empty());
  EXPECT_EQ(g->expertise()->drawnPosition(*s).caption, "in hand: white 9, black 9");
  s->playTurn("d2");
  const Census c = census(*g, *s);
  EXPECT_EQ(c.kinds, (std::map<std::string, int>{{"light", 1}}));
  EXPECT_TRUE(c.labels.count("d2"));
  EXPECT_EQ(g->expertise()->drawnPosition(*s).caption, "in hand: white 8, black 9");
  EXPECT_EQ(g->expertise()->boardDrawing().points.size(), 24u);
}

TEST(BoardDrawing, TicTacToeLettersTheMarks) {
  auto g = loadGame("tictactoe");
  auto s = g->newGame();
  s->playTurn("b2");
  s->playTurn("a1");
  const Census c = census(*g, *s);
  EXPECT_EQ(c.labels, (std::map<std::string, std::string>{{"b2", "X"}, {"a1", "O"}}));
  EXPECT_EQ(c.kinds, (std::map<std::string, int>{{"dark", 1}, {"light", 1}}));
}

}  // namespace
}  // namespace tz::test
