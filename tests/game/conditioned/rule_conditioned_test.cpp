// Rule-conditioned games: the rule planes a set of variants gets, the encoding of each
// member (its variant's planes, then its rule values), and the sets that are refused.
#include <nlohmann/json.hpp>

#include <random>

#include "game/registry.h"
#include "game/conditioned/rule_conditioned_game.h"
#include "game/conditioned/rule_conditioned_state.h"
#include "tests/game/tafl/tafl_helpers.h"
#include "tests/support/error_of.h"

namespace tz::test {
namespace {

std::shared_ptr<const RuleConditioning> setOf(const std::vector<std::pair<std::string, std::vector<std::string>>>& members,
                                              const std::string& base = "brandubh") {
  std::vector<std::string> names;
  std::vector<std::shared_ptr<const Game>> variants;
  for (const auto& [name, sets] : members) {
    names.push_back(name);
    variants.push_back(loadGame(base, sets));
  }
  return std::make_shared<const RuleConditioning>(names, variants);
}

std::vector<float> encoded(const State& state, const Game& game) {
  std::vector<float> planes(size_t(game.inputShape().size()), -1.f);
  state.encode(planes.data());
  return planes;
}

// The value of every cell of plane `p`, or NAN when they differ.
float constantPlane(const std::vector<float>& planes, int p, int area) {
  const float v = planes[size_t(p * area)];
  for (int c = 0; c < area; ++c)
    if (planes[size_t(p * area + c)] != v) return NAN;
  return v;
}

TEST(RuleConditioned, WhoMovesFirstIsOnePlanePerValue) {
  const auto set = setOf({{"attackers-first", {"first=attackers"}}, {"defenders-first", {"first=defenders"}}});
  const auto& planes = set->features().planes();
  ASSERT_EQ(planes.size(), 2u);
  EXPECT_EQ(planes[0].key, "first");
  EXPECT_EQ(planes[0].kind, "value");
  EXPECT_EQ(planes[0].value, "attackers");
  EXPECT_EQ(planes[1].value, "defenders");
  for (int m = 0; m < 2; ++m) {
    RuleConditionedGame game(set, m);
    EXPECT_EQ(game.name(), m == 0 ? "attackers-first" : "defenders-first");
    EXPECT_EQ(game.inputShape().planes, 12);
    const auto state = game.newGame();
    EXPECT_EQ(state->toMove(), m == 0 ? 0 : 1);
    const auto planesOut = encoded(*state, game);
    const auto plain = encoded(*set->variant(m).newGame(), set->variant(m));
    EXPECT_TRUE(std::equal(plain.begin(), plain.end(), planesOut.begin()));  // the variant's own planes first
    EXPECT_EQ(constantPlane(planesOut, 10, 49), m == 0 ? 1.f : 0.f);
    EXPECT_EQ(constantPlane(planesOut, 11, 49), m == 0 ? 0.f : 1.f);
  }
}

TEST(RuleConditioned, VariantsDifferingInOneRuleEncodeAlikeButForItsPlanes) {
  const auto set = setOf({{"weak", {"king.capture=weak_off_throne"}}, {"strong", {"king.capture=strong"}}}, "linnaeus");
  ASSERT_EQ(set->features().planes().size(), 2u);
  EXPECT_EQ(set->features().planes()[0].key, "king.capture");
  RuleConditionedGame weak(set, 0), strong(set, 1);
  auto a = weak.newGame(), b = strong.newGame();
  const int area = 81, base = 10;
  for (int ply = 0; ply < 12 && !a->outcome().over; ++ply) {
    const auto pa = encoded(*a, weak), pb = encoded(*b, strong);
    for (int i = 0; i < base * area; ++i) ASSERT_EQ(pa[size_t(i)], pb[size_t(i)]) << "ply " << ply << " cell " << i;
    EXPECT_EQ(constantPlane(pa, base, area), 1.f);      // king.capture = weak_off_throne (first seen)
    EXPECT_EQ(constantPlane(pa, base + 1, area), 0.f);  // king.capture = strong
    EXPECT_EQ(constantPlane(pb, base, area), 0.f);
    EXPECT_EQ(constantPlane(pb, base + 1, area), 1.f);
    std::vector<Action> legal;
    a->legalActions(legal);
    a->apply(legal[legal.size() / 2]);
    b->apply(legal[legal.size() / 2]);
  }
}

TEST(RuleConditioned, BooleansAreOnePlaneAndNumbersAreScaled) {
  const auto set = setOf({{"short", {"king.armed=false", "ply_limit=100"}}, {"plain", {}}, {"long", {"ply_limit=300"}}});
  const auto& planes = set->features().planes();
  ASSERT_EQ(planes.size(), 2u);
  EXPECT_EQ(planes[0].key, "king.armed");
  EXPECT_EQ(planes[0].kind, "boolean");
  EXPECT_EQ(planes[1].key, "ply_limit");
  EXPECT_EQ(planes[1].kind, "number");
  EXPECT_EQ(set->features().values(0), (std::vector<float>{0.f, 0.f}));
  EXPECT_EQ(set->features().values(1), (std::vector<float>{1.f, 0.5f}));
  EXPECT_EQ(set->features().values(2), (std::vector<float>{1.f, 1.f}));
}

TEST(RuleConditioned, StatesCopyAcrossMembersWithTheirRules) {
  const auto set = setOf({{"a", {"first=attackers"}}, {"d", {"first=defenders"}}});
  RuleConditionedGame a(set, 0), d(set, 1);
  auto state = a.newGame();
  state->copyFrom(*d.newGame());  // a search tree's state takes any member's position
  EXPECT_EQ(state->toMove(), 1);
  EXPECT_EQ(constantPlane(encoded(*state, a), 11, 49), 1.f);
  const auto copy = state->clone();
  EXPECT_EQ(encoded(*copy, a), encoded(*state, a));
  std::vector<Action> legal, plain;
  copy->legalActions(legal);
  set->variant(1).newGame()->legalActions(plain);
  EXPECT_EQ(legal, plain);
}

TEST(RuleConditioned, PlayoutsAndWalkersSeeTheMemberVariant) {
  const auto set = setOf({{"a", {"first=attackers"}}, {"d", {"first=defenders"}}});
  RuleConditionedGame d(set, 1);
  const auto state = d.newGame();
  const auto policy = d.expertise()->newPlayoutPolicy();
  const auto plainPolicy = set->variant(1).expertise()->newPlayoutPolicy();
  ASSERT_TRUE(policy && plainPolicy);
  const auto plainState = set->variant(1).newGame();
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    std::mt19937_64 r1(seed), r2(seed);
    EXPECT_EQ(policy->playOut(*state, r1), plainPolicy->playOut(*plainState, r2));
  }
  const auto walker = d.expertise()->newTreeWalker(*state);
  ASSERT_TRUE(walker);
  EXPECT_EQ(walker->toMove(), 1);
}

TEST(RuleConditioned, EncodingDescribesTheSetAndRebuildsIt) {
  const auto set = setOf({{"a", {"first=attackers"}}, {"d", {"first=defenders"}}});
  RuleConditionedGame a(set, 0), d(set, 1);
  const auto json = nlohmann::json::parse(a.encodingJson());
  EXPECT_EQ(json["input"]["shape"][0], 12);
  EXPECT_EQ(json["input"]["planes"].size(), 12u);
  EXPECT_EQ(json["rule_conditioning"]["variants"].size(), 2u);
  auto other = nlohmann::json::parse(d.encodingJson());
  other["variant"] = "a";
  EXPECT_EQ(other, json);  // every member describes the same encoding
  const auto rebuilt = conditioningOfEncoding(a.encodingJson());
  ASSERT_TRUE(rebuilt);
  EXPECT_EQ(rebuilt->features().name(1), "d");
  EXPECT_EQ(rebuilt->features().values(1), set->features().values(1));
  EXPECT_EQ(conditioningOfEncoding(set->variant(0).encodingJson()), nullptr);
}

TEST(RuleConditioned, FindsTheMemberOfAVariantAndRefusesOthers) {
  const auto set = setOf({{"a", {"first=attackers"}}, {"d", {"first=defenders"}}});
  const auto defendersFirst = loadGame("brandubh", {"first=defenders"});
  EXPECT_EQ(conditionedGameFor(set, *defendersFirst)->member(), 1);
  const auto weak = loadGame("brandubh", {"king.capture=weak"});
  expectError([&] { conditionedGameFor(set, *weak); }, "is not one of the variants the rule-conditioned network was trained on (a, d)");
  expectError([&] { conditionedGameFor(set, *weak); }, "king.capture: weak_off_throne -> weak");
}

TEST(RuleConditioned, RefusesSetsOneNetworkCannotPlay) {
  auto make = [](std::vector<std::shared_ptr<const Game>> variants) {
    return RuleConditioning({"x", "y"}, std::move(variants));
  };
  expectError([&] { make({loadGame("brandubh"), loadGame("linnaeus")}); }, "one family, board and action space");
  expectError([&] { make({loadGame("brandubh"), loadGame("morris")}); }, "one family, board and action space");
  expectError([&] { make({loadGame("brandubh"), loadGame("brandubh")}); }, "variants x and y have the same rules");
  expectError([] { RuleConditioning({"x"}, {loadGame("brandubh")}); }, "at least two variants");
  expectError([] { RuleConditioning({"x", "x"}, {loadGame("brandubh"), loadGame("brandubh", {"first=defenders"})}); },
              "two rule-conditioned variants are named x");
}

}  // namespace
}  // namespace tz::test
