// Search options are checked before any search starts (a NaN weight once made selection
// spin forever), and selection still picks a move when no score compares.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "game/base/error.h"
#include "game/registry.h"
#include "mcts/evaluators.h"
#include "mcts/playouts.h"
#include "mcts/search.h"
#include "mcts/self_play.h"
#include "tests/support/search_ranges.h"

namespace tz {
namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

// The message of the Error that `options` gives a search, or "" when accepted.
std::string rejection(const SearchOptions& options) {
  auto game = loadGame("brandubh");
  try {
    Search search(*game, std::make_shared<UniformEvaluator>(), options);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(SearchOptions, NonFiniteAndOutOfRangeOptionsAreRefusedByName) {
  EXPECT_EQ(rejection(SearchOptions{}), "");
  auto with = [](auto set) {
    SearchOptions o;
    set(o);
    return rejection(o);
  };
  EXPECT_NE(with([](SearchOptions& o) { o.cPuct = kNaN; }).find("cpuct"), std::string::npos);
  EXPECT_NE(with([](SearchOptions& o) { o.cPuct = -kInf; }).find("cpuct"), std::string::npos);
  EXPECT_NE(with([](SearchOptions& o) { o.fpuReduction = kNaN; }).find("fpu"), std::string::npos);
  EXPECT_NE(with([](SearchOptions& o) { o.virtualLoss = kNaN; }).find("virtual_loss"), std::string::npos);
  EXPECT_NE(with([](SearchOptions& o) { o.temperature = 0; }).find("temperature"), std::string::npos);
  EXPECT_NE(with([](SearchOptions& o) { o.simulations = 0; }).find("sims"), std::string::npos);
  EXPECT_NE(with([](SearchOptions& o) { o.rootLookahead = 7; }).find("lookahead"), std::string::npos);
  // Self-play checks them too.
  auto game = loadGame("brandubh");
  SelfPlayOptions sp;
  sp.search.cPuct = kNaN;
  EXPECT_THROW(BatchedSelfPlay(*game, std::make_shared<UniformEvaluator>(), sp), Error);
}

// Sets the numeric field `key` of a SearchOptions to `value` (a visitor of its field list).
struct SetField {
  std::string key;
  double value;
  template <class T, class L>
  void number(const char* name, T& member, L, L) {
    if (key == name) member = T(value);
  }
  void flag(const char*, bool&) {}
};

// The search's own check reads the ranges the field list gives: each setting just outside
// its range is refused by its key with the range's words, each edge accepted.
TEST(SearchOptions, EachSettingIsRefusedJustOutsideTheRangeItsFieldListGives) {
  const auto outside = test::valuesJustOutsideSearchRanges();
  ASSERT_EQ(outside.size(), 2 * fieldRanges<SearchOptions>().size());
  ASSERT_GE(outside.size(), 2u * 15);
  for (const auto& o : outside) {
    SearchOptions options;
    SetField set{o.range.key, o.value};
    SearchOptions::fields(options, set);
    const std::string message = rejection(options);
    EXPECT_NE(message.find("'" + o.range.key + "'"), std::string::npos) << message;
    EXPECT_NE(message.find("expected " + o.range.text() + ", got"), std::string::npos) << message;
  }
  for (const FieldRange& range : fieldRanges<SearchOptions>()) {
    for (double edge : {range.lo, range.hi}) {
      SearchOptions options;
      SetField set{range.key, edge};
      SearchOptions::fields(options, set);
      EXPECT_NO_THROW(options.check()) << range.key << " = " << edge;
    }
  }
  EXPECT_EQ(searchOptionRange("cpuct").text(), "a number in [0.01, 100]");
  EXPECT_EQ(searchOptionRange("sims").text(), "an integer in [1, 1073741824]");
  EXPECT_THROW(searchOptionRange("gumbel"), Error);  // a flag has no range
}

TEST(SelfPlayOptions, CheckNamesTheBadSetting) {
  EXPECT_NO_THROW(SelfPlayOptions{}.check());
  SelfPlayOptions o;
  o.leavesPerGame = 0;
  EXPECT_THROW(o.check(), Error);
  o = SelfPlayOptions{};
  o.games = -1;
  EXPECT_THROW(o.check(), Error);
  o = SelfPlayOptions{};
  o.search.temperature = kNaN;
  try {
    o.check();
    ADD_FAILURE() << "a NaN temperature passed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("temperature"), std::string::npos) << e.what();
  }
}

TEST(SearchOptions, SelectionPicksAMoveWhenNoScoreCompares) {
  auto game = loadGame("brandubh");
  SearchOptions options;
  options.simulations = 8;
  Search search(*game, std::make_shared<UniformEvaluator>(), options);
  search.setRoot(*game->newGame());
  search.run();  // a root with children, some visited
  SearchOptions broken = options;
  broken.cPuct = kNaN;  // every exploration term NaN: no score is greater than another
  EXPECT_NE(mcts::selectEdge(search.tree().root(), 0.f, broken), nullptr);
}

}  // namespace
}  // namespace tz
