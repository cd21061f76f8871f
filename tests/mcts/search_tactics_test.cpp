// Wins in one are always taken, and a threat to win in one is always answered, whatever
// the evaluator, the noise, the temperature or the root's search (PUCT or Gumbel).
#include <gtest/gtest.h>

#include "game/morris/position.h"
#include "game/registry.h"
#include "game/tafl/position.h"
#include "mcts/evaluators.h"
#include "mcts/search.h"
#include "tests/game/tafl/tafl_helpers.h"

namespace tz {
namespace {

using test::position;

// Settings that make a blunder likely if proofs were ignored: strong noise, sampling.
SearchOptions noisy(int simulations, uint64_t seed) {
  SearchOptions o;
  o.simulations = simulations;
  o.dirichletFraction = 0.5f;
  o.temperature = 1.f;
  o.temperaturePlies = 1000;
  o.seed = seed;
  return o;
}

// The move the search plays from `state`.
Action searchMove(const Game& game, const State& state, std::shared_ptr<Evaluator> evaluator,
                  const SearchOptions& options) {
  Search search(game, std::move(evaluator), options);
  search.setRoot(state);
  search.run();
  return search.chooseMove();
}

// Whether the side to move in `state` can win with one action.
bool winsInOne(const State& state) {
  std::vector<Action> legal;
  state.legalActions(legal);
  for (Action a : legal) {
    auto next = state.clone();
    next->apply(a);
    if (next->outcome().over && next->outcome().winner == state.toMove()) return true;
  }
  return false;
}

TEST(SearchTactics, KingEscapesInOne) {
  auto game = loadGame("linnaeus");
  // King on c3 with open lines to c1 and a3; the attackers cannot stop both anyway.
  auto state = position(*game, {{"c3", 'K'}, {"e6", 't'}, {"g5", 't'}, {"h8", 't'}, {"d8", 'T'}}, "defenders");
  ASSERT_FALSE(state->outcome().over);
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    for (auto evaluator : {std::shared_ptr<Evaluator>(std::make_shared<UniformEvaluator>()),
                           std::shared_ptr<Evaluator>(std::make_shared<RolloutEvaluator>(1, seed))}) {
      auto next = state->clone();
      next->apply(searchMove(*game, *state, evaluator, noisy(64, seed)));
      EXPECT_TRUE(next->outcome().over) << evaluator->name() << " seed " << seed;
      EXPECT_EQ(next->outcome().winner, 1);
      EXPECT_EQ(next->outcome().reason, tafl::end_reason::kEscape);
    }
  }
}

TEST(SearchTactics, KingCapturedInOne) {
  auto game = loadGame("linnaeus");
  // docs/RULES.md 9 (example 1): attackers c3 and f3 around the king on d3; f3-e3 captures him.
  auto state = position(*game, {{"d3", 'K'}, {"c3", 't'}, {"f3", 't'}, {"h7", 't'}, {"b8", 't'}, {"g8", 'T'}},
                        "attackers");
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    auto next = state->clone();
    next->apply(searchMove(*game, *state, std::make_shared<RolloutEvaluator>(1, seed), noisy(64, seed)));
    EXPECT_TRUE(next->outcome().over) << "seed " << seed;
    EXPECT_EQ(next->outcome().winner, 0);
    EXPECT_EQ(next->outcome().reason, tafl::end_reason::kKingCaptured);
  }
}

// The king on c3 is walled in by defenders on b3, d3 and c4 except for the line down to
// c1. Attackers to move: only a1-c1, e2-c2 and h1-c1 stop c3-c1 next move.
std::unique_ptr<State> escapeThreat(const Game& linnaeus) {
  return position(linnaeus,
                  {{"c3", 'K'}, {"b3", 'T'}, {"d3", 'T'}, {"c4", 'T'}, {"a1", 't'}, {"e2", 't'}, {"h1", 't'},
                   {"g7", 't'}, {"f8", 't'}, {"i5", 't'}},
                  "attackers");
}

TEST(SearchTactics, EscapeThreatIsBlocked) {
  auto game = loadGame("linnaeus");
  auto state = escapeThreat(*game);
  ASSERT_FALSE(state->outcome().over);
  {
    auto pass = state->clone();  // a move that ignores the threat loses at once
    pass->playTurn("g7-g6");
    ASSERT_TRUE(winsInOne(*pass));
  }
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    for (auto evaluator : {std::shared_ptr<Evaluator>(std::make_shared<UniformEvaluator>()),
                           std::shared_ptr<Evaluator>(std::make_shared<RolloutEvaluator>(1, seed))}) {
      for (int simulations : {1, 2, 8, 64}) {  // even a search that visits almost nothing
        auto next = state->clone();
        const Action a = searchMove(*game, *state, evaluator, noisy(simulations, seed));
        next->apply(a);
        EXPECT_FALSE(winsInOne(*next)) << evaluator->name() << " seed " << seed << " simulations " << simulations
                                       << " played " << state->actionName(a);
      }
    }
  }
}

TEST(SearchTactics, GumbelRootsKeepTheExactChecks) {
  auto game = loadGame("linnaeus");
  auto threat = escapeThreat(*game);
  auto escape = position(*game, {{"c3", 'K'}, {"e6", 't'}, {"g5", 't'}, {"h8", 't'}, {"d8", 'T'}}, "defenders");
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    for (int simulations : {1, 2, 8, 64}) {
      SearchOptions o = noisy(simulations, seed);
      o.gumbel = true;
      auto evaluator = std::make_shared<RolloutEvaluator>(1, seed);
      auto blocked = threat->clone();
      blocked->apply(searchMove(*game, *threat, evaluator, o));
      EXPECT_FALSE(winsInOne(*blocked)) << "seed " << seed << " simulations " << simulations;
      auto escaped = escape->clone();
      escaped->apply(searchMove(*game, *escape, evaluator, o));
      EXPECT_EQ(escaped->outcome().reason, tafl::end_reason::kEscape) << "seed " << seed << " simulations " << simulations;
    }
  }
}

TEST(SearchTactics, VisitedMovesThatAllowAnEscapeAreProvenLost) {
  auto game = loadGame("linnaeus");
  auto state = escapeThreat(*game);
  SearchOptions o;
  o.simulations = 200;
  Search search(*game, std::make_shared<UniformEvaluator>(), o);
  search.setRoot(*state);
  const SearchResult& r = search.run();
  int visited = 0;
  for (int i = 0; i < search.tree().root().numEdges; ++i) {
    const mcts::Edge& e = search.tree().root().edges[i];
    if (mcts::edgeVisits(e) == 0) continue;
    ++visited;
    auto next = state->clone();
    next->apply(e.action);
    const bool loses = winsInOne(*next);
    EXPECT_EQ(mcts::edgeResult(e) == mcts::Proven::kLoss, loses) << state->actionName(e.action);
  }
  EXPECT_GE(visited, 5);
  EXPECT_EQ(r.proven, mcts::Proven::kUnknown);
}

TEST(SearchTactics, SolverAloneFindsTheEscape) {
  // Without the exact root scan the search proves the escape by visiting it.
  auto game = loadGame("linnaeus");
  auto state = position(*game, {{"c3", 'K'}, {"e6", 't'}, {"g5", 't'}, {"h8", 't'}, {"d8", 'T'}}, "defenders");
  SearchOptions o;
  o.simulations = 3000;
  o.rootLookahead = 0;
  Search search(*game, std::make_shared<UniformEvaluator>(), o);
  search.setRoot(*state);
  const SearchResult& r = search.run();
  EXPECT_EQ(r.proven, mcts::Proven::kWin);
  EXPECT_LT(r.simulations, 3000);  // the search stops once the root is proven
  auto next = state->clone();
  next->apply(search.chooseMove());
  EXPECT_EQ(next->outcome().reason, tafl::end_reason::kEscape);
}

TEST(SearchTactics, MorrisMillThatWins) {
  auto game = loadGame("morris");
  // White (flying, 3 pieces) closes a1-a4-a7 with d7-a7; black has 3 pieces, none in a
  // mill, so the removal that follows wins. Two actions by white in a row.
  auto state = game->fromRecord("WW.B..........WB....B... white 0 0 20", "");
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    auto s = state->clone();
    auto evaluator = std::make_shared<RolloutEvaluator>(1, seed);
    for (int i = 0; i < 2 && !s->outcome().over; ++i) s->apply(searchMove(*game, *s, evaluator, noisy(64, seed)));
    EXPECT_TRUE(s->outcome().over) << "seed " << seed;
    EXPECT_EQ(s->outcome().winner, 0);
    EXPECT_EQ(s->outcome().reason, morris::end_reason::kTooFewPieces);
  }
}

}  // namespace
}  // namespace tz
