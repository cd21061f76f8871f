// The conformance suite every registered game passes, run over every preset: random
// playouts checking at each ply that clones and copies hash, record and play on exactly
// like the original, that actions are in range, distinct and named distinctly, that a
// whole-turn action's name plays the same turn, that encodings have the declared size, that
// results appear exactly at the end (and then no action is legal), and that a position
// record reads back; plus the shapes of the action space and the symmetry tables.
// Game-specific invariants stay in each game's own playout test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "game/game_family.h"
#include "game/registry.h"
#include "game/conditioned/rule_conditioned_game.h"
#include "tests/support/test_name.h"

namespace tz::test {
namespace {

// Plies checked in full per preset (games are played to the end beyond it).
constexpr int kCheckedPlies = 1500;
// Legal actions whose names are played back through playTurn, per ply.
constexpr size_t kNamesTried = 6;

void expectSameState(const State& a, const State& b, const std::string& what) {
  ASSERT_EQ(a.hash(), b.hash()) << what;
  ASSERT_EQ(a.record(), b.record()) << what;
  ASSERT_EQ(a.toMove(), b.toMove()) << what;
  ASSERT_EQ(a.ply(), b.ply()) << what;
  ASSERT_EQ(a.outcome().over, b.outcome().over) << what;
}

// The result is set exactly when the game is over, and then nothing is legal.
void checkOutcome(const State& s) {
  const Outcome& o = s.outcome();
  std::vector<Action> legal;
  s.legalActions(legal);
  if (o.over) {
    ASSERT_NE(o.reason, end_reason::kNone);
    ASSERT_TRUE(o.winner >= -1 && o.winner <= 1);
    ASSERT_TRUE(legal.empty()) << s.record();
    ASSERT_TRUE(s.legalTurns().empty()) << s.record();
  } else {
    ASSERT_EQ(o.reason, end_reason::kNone);
    ASSERT_EQ(o.winner, -1);
    ASSERT_FALSE(legal.empty()) << s.record();
  }
}

// Legal actions are in range and distinct, with distinct names; an action that completes a
// turn plays the same position when its name is played as a turn.
void checkActions(const Game& g, const State& s, const std::vector<Action>& legal, std::mt19937_64& rng) {
  std::set<Action> actions(legal.begin(), legal.end());
  ASSERT_EQ(actions.size(), legal.size());
  std::set<std::string> names;
  for (Action a : legal) {
    ASSERT_TRUE(a >= 0 && a < g.numActions()) << a;
    names.insert(s.actionName(a));
  }
  ASSERT_EQ(names.size(), legal.size()) << s.record();
  for (size_t i = 0; i < std::min(kNamesTried, legal.size()); ++i) {
    const Action a = legal[rng() % legal.size()];
    auto byAction = s.clone();
    byAction->apply(a);
    if (!byAction->outcome().over && byAction->toMove() == s.toMove()) continue;  // the turn goes on
    auto byName = s.clone();
    byName->playTurn(s.actionName(a));
    expectSameState(*byAction, *byName, s.actionName(a));
  }
}

// The encoding writes every float of the declared shape, the same for a clone.
void checkEncoding(const Game& g, const State& s) {
  const size_t size = size_t(g.inputShape().size());
  std::vector<float> planes(size + 1, NAN), again(size + 1, NAN);
  s.encode(planes.data());
  s.clone()->encode(again.data());
  for (size_t i = 0; i < size; ++i) ASSERT_TRUE(std::isfinite(planes[i])) << "float " << i;
  ASSERT_TRUE(std::isnan(planes[size])) << "wrote past the declared shape";
  for (size_t i = 0; i < size; ++i) ASSERT_EQ(planes[i], again[i]);
}

// Clones, copies and a record read back agree with the state.
void checkCopies(const Game& g, const State& s) {
  expectSameState(s, *s.clone(), "clone");
  auto copy = g.newGame();
  copy->copyFrom(s);
  expectSameState(s, *copy, "copyFrom");
  if (s.outcome().over) return;
  auto read = g.fromRecord(s.record(), g.sideName(s.toMove()));
  ASSERT_EQ(read->record(), s.record());
  ASSERT_EQ(read->toMove(), s.toMove());
}

// Plays one random game of `g` to its end; checks each ply in full while `budget` lasts.
// A clone taken after the first ply plays on alongside and must stay identical.
void playChecked(const Game& g, std::mt19937_64& rng, int& budget) {
  auto s = g.newGame();
  std::unique_ptr<State> twin;
  std::vector<Action> legal;
  while (true) {
    const bool full = budget-- > 0;
    if (full) {
      ASSERT_NO_FATAL_FAILURE(checkOutcome(*s));
      ASSERT_NO_FATAL_FAILURE(checkCopies(g, *s));
      if (twin) {
        ASSERT_NO_FATAL_FAILURE(expectSameState(*s, *twin, "a clone played on"));
      }
    }
    if (s->outcome().over) break;
    s->legalActions(legal);
    ASSERT_FALSE(legal.empty());
    if (full) {
      ASSERT_NO_FATAL_FAILURE(checkActions(g, *s, legal, rng));
      ASSERT_NO_FATAL_FAILURE(checkEncoding(g, *s));
    }
    const Action a = legal[rng() % legal.size()];
    s->apply(a);
    if (twin) twin->apply(a);
    if (s->ply() == 1 && !twin) twin = s->clone();
  }
  ASSERT_NO_FATAL_FAILURE(checkOutcome(*s));
}

// The action space and the symmetry tables have the declared sizes; cell maps are
// permutations, action maps send distinct actions to distinct ones, symmetry 0 is the identity.
void checkTables(const Game& g) {
  ASSERT_EQ(g.policyShape().size(), g.numActions());
  const int cells = g.inputShape().height * g.inputShape().width;
  ASSERT_GE(g.numSymmetries(), 1);
  for (int sym = 0; sym < g.numSymmetries(); ++sym) {
    const auto& cm = g.cellMap(sym);
    const auto& am = g.actionMap(sym);
    ASSERT_EQ(int(cm.size()), cells);
    ASSERT_EQ(int(am.size()), g.numActions());
    ASSERT_EQ(std::set<int>(cm.begin(), cm.end()).size(), size_t(cells)) << "symmetry " << sym;
    std::set<int> images;
    for (int a = 0; a < g.numActions(); ++a) {
      ASSERT_TRUE(am[a] >= -1 && am[a] < g.numActions());
      if (am[a] >= 0) {
        ASSERT_TRUE(images.insert(am[a]).second) << "symmetry " << sym << " action " << a;
      }
      if (sym == 0) {
        ASSERT_EQ(am[a], a);
      }
    }
    for (int c = 0; sym == 0 && c < cells; ++c) {
      ASSERT_EQ(cm[c], c);
    }
  }
}

class Conformance : public ::testing::TestWithParam<std::string> {};

TEST_P(Conformance, TablesHaveTheDeclaredShapes) {
  auto g = loadGame(GetParam());
  ASSERT_NE(findGameFamily(g->family()), nullptr) << g->family();
  checkTables(*g);
}

TEST_P(Conformance, RandomPlayoutsKeepTheInvariants) {
  auto g = loadGame(GetParam());
  std::mt19937_64 rng(2027);
  int budget = kCheckedPlies;
  for (int game = 0; game < 20 && budget > 0; ++game) ASSERT_NO_FATAL_FAILURE(playChecked(*g, rng, budget));
}

TEST(ConformanceSetup, EveryFamilyHasAPreset) {
  std::set<std::string> families;
  for (const auto& name : presetNames()) families.insert(loadGame(name)->family());
  for (const GameFamily& f : gameFamilies()) EXPECT_TRUE(families.count(f.name)) << f.name;
}

// The members of rule-conditioned sets (tafl and morris) pass the same checks.
TEST(ConformanceSetup, RuleConditionedGamesKeepTheInvariants) {
  const std::vector<std::vector<std::pair<std::string, std::vector<std::string>>>> sets = {
      {{"brandubh", {}}, {"brandubh", {"first=defenders", "king.armed=false"}}},
      {{"linnaeus", {}}, {"linnaeus", {"king.capture=strong", "repetition.rule=draw"}}},
      {{"morris", {}}, {"morris-noflying", {}}}};
  std::mt19937_64 rng(2028);
  for (const auto& members : sets) {
    std::vector<std::shared_ptr<const Game>> variants;
    for (const auto& [name, overrides] : members) variants.push_back(loadGame(name, overrides));
    const auto set = std::make_shared<const RuleConditioning>(std::vector<std::string>{"a", "b"}, variants);
    EXPECT_GT(set->features().planes().size(), 0u) << members[0].first;
    for (int m = 0; m < 2; ++m) {
      const RuleConditionedGame g(set, m);
      ASSERT_NO_FATAL_FAILURE(checkTables(g));
      int budget = 300;
      for (int game = 0; game < 3 && budget > 0; ++game) ASSERT_NO_FATAL_FAILURE(playChecked(g, rng, budget));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Presets, Conformance, ::testing::ValuesIn(presetNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return testName(info.param); });

}  // namespace
}  // namespace tz::test
