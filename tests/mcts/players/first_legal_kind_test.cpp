// A player kind defined only in this file, as any new kind is added: its player and its
// AgentKind in one file, and one line that puts it in the table of kinds (kindTable in
// mcts/players/agent_kinds.cpp for a kind of the library; addAgentKind for one defined
// outside it, as here). Every front end then reads its spec and plays it through agentMaker.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "game/base/error.h"
#include "mcts/players/agent_kinds.h"
#include "mcts/players/player_factory.h"
#include "tests/game/tafl/tafl_helpers.h"
#include "training/matches/arena.h"

namespace tz::test {
namespace {

// Plays the first of the legal actions, always.
class FirstLegalPlayer final : public Player {
 public:
  Action chooseAction(const State& state) override {
    state.legalActions(legal_);
    return legal_.front();
  }
  std::string name() const override { return "first-legal"; }

 private:
  std::vector<Action> legal_;
};

// The kind: no options, players that cost nothing to make.
AgentKind firstLegalAgentKind() {
  AgentKind kind;
  kind.usage = "first-legal";
  kind.prepare = [](const AgentSpec&, const Game&) -> PlayerMaker {
    return [](uint64_t) { return std::make_unique<FirstLegalPlayer>(); };
  };
  return kind;
}

// The kind's one line, run once however many tests need it.
void addFirstLegalKind() {
  static const bool added = (addAgentKind("first-legal", firstLegalAgentKind()), true);
  (void)added;
}

TEST(AgentKinds, AKindDefinedInOneFilePlaysAGameThroughTheFactory) {
  addFirstLegalKind();
  const auto usages = agentUsages();
  EXPECT_NE(std::find(usages.begin(), usages.end(), "first-legal"), usages.end());
  const AgentSpec spec = parseAgentSpec("first-legal");
  EXPECT_EQ(spec.text(), "first-legal");
  auto g = variant("brandubh");
  checkAgent(spec, *g);
  auto first = agentMaker(spec, *g)(1);
  auto random = agentMaker(parseAgentSpec("random"), *g)(2);
  const GameRecord record = playGame(*g, *first, *random);
  EXPECT_EQ(record.players[0], "first-legal");
  ASSERT_GT(record.plies, 0);
  // Its every move was the first legal one.
  auto state = g->newGame();
  std::vector<Action> legal;
  for (size_t ply = 0; ply < record.actions.size(); ++ply) {
    state->legalActions(legal);
    if (ply % 2 == 0) EXPECT_EQ(record.actions[ply], legal.front()) << ply;
    state->apply(record.actions[ply]);
  }
  EXPECT_TRUE(state->outcome().over);
}

TEST(AgentKinds, AKindDefinedInOneFileGetsEveryFrontEndsServices) {
  addFirstLegalKind();
  auto g = variant("brandubh");
  // Its options are those it declares (none), refused by name like any kind's.
  EXPECT_THROW(parseAgentSpec("first-legal:sims=3"), Error);
  // Timed, it plays as it was made (its kind takes no budget); a random opening goes first.
  EXPECT_EQ(agentMaker(parseAgentSpec("first-legal"), *g, 250)(1)->name(), "first-legal");
  AgentSpec opening = parseAgentSpec("first-legal");
  opening.openingPlies = 2;
  const PlayerMaker opened = agentMaker(opening, *g);
  bool anyRandom = false;
  std::vector<Action> legal;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto player = opened(seed);
    auto state = g->newGame();
    for (int ply = 0; ply < 3; ++ply) {
      state->legalActions(legal);
      const Action a = player->chooseAction(*state);
      if (ply < 2) anyRandom = anyRandom || a != legal.front();
      else EXPECT_EQ(a, legal.front()) << seed;
      player->observe(*state, a);
      state->apply(a);
    }
  }
  EXPECT_TRUE(anyRandom);
  // A name the table lists already is not taken twice.
  EXPECT_THROW(addAgentKind("first-legal", firstLegalAgentKind()), Error);
  EXPECT_THROW(addAgentKind("greedy", firstLegalAgentKind()), Error);
}

}  // namespace
}  // namespace tz::test
