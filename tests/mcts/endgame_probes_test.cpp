// Endgame tables in search (docs/EGTB.md 10): a covered leaf gets the tables' exact value
// and keeps its evaluator's priors, an uncovered one keeps its evaluator's value, and a
// self-play game reaching a covered position is adjudicated to the tables' result.
#include <gtest/gtest.h>

#include <vector>

#include "game/morris/egtb/morris_tables.h"
#include "mcts/endgame_probes.h"
#include "mcts/evaluators.h"
#include "tests/game/morris_helpers.h"
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
