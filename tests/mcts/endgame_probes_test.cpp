// Endgame tables in search (docs/EGTB.md 10): a covered leaf gets the tables' exact value
// and keeps its evaluator's priors, an uncovered one keeps its evaluator's value, and a
// self-play game reaching a covered position is adjudicated to the tables' result.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "game/morris/egtb/morris_tables.h"
#include "mcts/endgame_probes.h"
#include "mcts/evaluators.h"
#include "tests/game/morris/morris_helpers.h"
#include "tests/support/morris_tables.h"

namespace tz::test {
namespace {

const Game& game() {
  static const std::unique_ptr<Game> g = morrisGame();
  return *g;
}

std::shared_ptr<SharedEndgameTables> tables() {
  return std::make_shared<SharedEndgameTables>(std::make_unique<morris::egtb::MorrisEndgameTables>(
      static_cast<const morris::MorrisGame&>(game()), morrisTables3v3()));
}

// White to move flies g7-a7 to close a1-a4-a7 and wins (MorrisEgtb.FlierClosingAMillWinsInOne).
std::unique_ptr<State> whiteWinsInOne() { return morrisState(game(), "a1 a4 g7", "b2 d2 f2", "white 0 0 40"); }

// Black to move faces two mills White can close (a4 and d1) and no mill of its own: it can
// block only one.
std::unique_ptr<State> blackFacesTwoMills() { return morrisState(game(), "a1 a7 g1", "b4 d6 f2", "black 0 0 40"); }

// The first action of `turn` (a morris move that closes a mill is a move, then a removal).
Action firstActionOf(const State& state, const std::string& turn) {
  std::vector<Action> legal;
  state.legalActions(legal);
  for (Action a : legal)
    if (turn.rfind(state.actionName(a), 0) == 0) return a;
  ADD_FAILURE() << "no legal action begins " << turn;
  return legal.front();
}

TEST(EndgameProbes, TheValueAloneAgreesWithTheFullProbe) {
  morris::egtb::MorrisEndgameTables tables(static_cast<const morris::MorrisGame&>(game()), morrisTables3v3());
  std::mt19937_64 rng(7);
  for (int i = 0; i < 300; ++i) {
    const std::unique_ptr<State> state = tables.drawPosition("3v3", rng);
    const auto value = tables.valueOf(*state);
    ASSERT_TRUE(value.has_value()) << state->record();
    const EndgameValue full = tables.probe(*state).value;
    EXPECT_EQ(value->result, full.result) << state->record();
    EXPECT_EQ(value->distance, full.distance) << state->record();
  }
  // Mid-turn: g7-a7 closed a mill and the removal is pending; the best removal wins.
  std::unique_ptr<State> pending = whiteWinsInOne();
  pending->apply(firstActionOf(*pending, tables.probe(*pending).best.front()));
  ASSERT_NE(pending->record().find("remove"), std::string::npos);
  const auto removal = tables.valueOf(*pending);
  ASSERT_TRUE(removal.has_value());
  EXPECT_EQ(removal->result, EndgameResult::kWin);
  EXPECT_EQ(removal->distance, tables.probe(*pending).value.distance);
  // Pieces in hand, and a class without a table (3v4), have no value.
  EXPECT_FALSE(tables.valueOf(*game().newGame()).has_value());
  EXPECT_FALSE(tables.valueOf(*morrisState(game(), "a1 a4 g7", "b2 d2 f2 f6", "white 0 0 40")).has_value());
}

TEST(EndgameProbes, CoveredPositionsAreAdjudicatedToTheTablesResult) {
  auto t = tables();
  const Outcome won = adjudicate(*t, *whiteWinsInOne());
  EXPECT_TRUE(won.over);
  EXPECT_EQ(won.winner, 0);
  EXPECT_EQ(won.reason, end_reason::kTablebase);
  const Outcome lost = adjudicate(*t, *blackFacesTwoMills());
  EXPECT_TRUE(lost.over);
  EXPECT_EQ(lost.winner, 0);
  const Outcome start = adjudicate(*t, *game().newGame());  // pieces in hand: no class of the tables
  EXPECT_FALSE(start.over);
  EXPECT_EQ(start.winner, -1);
}

TEST(EndgameProbes, CoveredLeavesGetExactValuesAndKeepTheirPriors) {
  EndgameEvaluator evaluator(std::make_shared<UniformEvaluator>(), tables());
  const std::vector<std::unique_ptr<State>> states = [] {
    std::vector<std::unique_ptr<State>> s;
    s.push_back(whiteWinsInOne());
    s.push_back(blackFacesTwoMills());
    s.push_back(game().newGame());
    return s;
  }();
  std::vector<std::vector<Action>> legal(states.size());
  std::vector<std::vector<float>> priors(states.size());
  std::vector<EvalRequest> requests(states.size());
  for (size_t i = 0; i < states.size(); ++i) {
    states[i]->legalActions(legal[i]);
    priors[i].assign(legal[i].size(), -1.f);
    requests[i] = EvalRequest{states[i].get(), legal[i].data(), int(legal[i].size()), priors[i].data(), 0.5f};
  }
  evaluator.evaluate(requests.data(), int(requests.size()));
  EXPECT_EQ(requests[0].value, 1.f);
  EXPECT_EQ(requests[1].value, -1.f);
  EXPECT_EQ(requests[2].value, 0.f);  // the uniform evaluator's value
  for (size_t i = 0; i < states.size(); ++i)
    for (float p : priors[i]) EXPECT_FLOAT_EQ(p, 1.f / float(legal[i].size()));
  EXPECT_EQ(evaluator.name(), "uniform+tables");
}

}  // namespace
}  // namespace tz::test
