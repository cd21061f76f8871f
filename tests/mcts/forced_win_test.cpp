// Short forced wins proved exactly (mcts/forced_win.h), and the search's move choice using
// them: a won position converted, a move that loses a few turns later rejected.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "game/registry.h"
#include "mcts/evaluators.h"
#include "mcts/forced_win.h"
#include "mcts/search.h"

namespace tz {
namespace {

using mcts::ForcedWinProver;
using mcts::Proven;

// The position after `turns` (notation, separated by spaces) from the start of `game`.
std::unique_ptr<State> after(const Game& game, const std::string& turns) {
  auto state = game.newGame();
  std::istringstream in(turns);
  for (std::string turn; in >> turn;) state->playTurn(turn);
  return state;
}

// An Ashton game the 2025 Tablut Challenge winner won as black: after white's i2-h2 (ply
// 11) black plays f9-f4, and every white answer loses the king within two more black turns.
const char* kAshtonLine = "g5-g2 i4-g4 e7-h7 h5-g5xf5 e5-f5xg5 e8-e7xe6 f5-f3 i5-i3 g2-i2xi3 i6-i3";
constexpr int kWhite = 1, kBlack = 0;

TEST(ForcedWin, TicTacToeCornerAgainstAnEdgeWinsInThreeTurnsNotTwo) {
  auto game = loadGame("tictactoe");
  auto state = after(*game, "a1 b1");  // X a1, O b1: X wins by b2, then a fork
  ForcedWinProver prover(1000000);
  EXPECT_FALSE(prover.wins(*state, 0, 1));
  EXPECT_FALSE(prover.wins(*state, 0, 2));
  EXPECT_TRUE(prover.wins(*state, 0, 3));
  EXPECT_FALSE(prover.wins(*state, 1, 3));  // O cannot win from there at all
  // The proof holds whoever is to move: after X's b2, O to move, X wins within two turns.
  EXPECT_TRUE(prover.wins(*after(*game, "a1 b1 b2"), 0, 2));
  EXPECT_FALSE(prover.wins(*after(*game, "a1 b1 b2"), 0, 1));
}

TEST(ForcedWin, TicTacToeStartIsNoForcedWin) {
  auto game = loadGame("tictactoe");
  ForcedWinProver prover(10000000);
  EXPECT_FALSE(prover.wins(*game->newGame(), 0, 5));
  EXPECT_GT(prover.actionsPlayed(), 0u);
}

TEST(ForcedWin, AshtonKingCaptureThreeTurnsAhead) {
  auto game = loadGame("ashton");
  ForcedWinProver prover(5000000);
  auto blunder = after(*game, std::string(kAshtonLine) + " i2-h2");
  ASSERT_EQ(blunder->toMove(), kBlack);
  EXPECT_FALSE(prover.wins(*blunder, kBlack, 2));
  EXPECT_TRUE(prover.wins(*blunder, kBlack, 3));
  auto lost = after(*game, std::string(kAshtonLine) + " i2-h2 f9-f4");
  EXPECT_TRUE(prover.wins(*lost, kBlack, 2));
  EXPECT_FALSE(prover.wins(*lost, kWhite, 3));
}

TEST(ForcedWin, AnExhaustedBudgetProvesNothing) {
  auto game = loadGame("ashton");
  auto lost = after(*game, std::string(kAshtonLine) + " i2-h2 f9-f4");
  ForcedWinProver prover(100);
  EXPECT_FALSE(prover.wins(*lost, kBlack, 2));
  EXPECT_EQ(prover.actionsPlayed(), 101u);
  EXPECT_FALSE(prover.wins(*lost, kBlack, 2));  // spent until refilled
  prover.refill(5000000);
  EXPECT_TRUE(prover.wins(*lost, kBlack, 2));
}

TEST(ForcedWin, AClockStopsTheProofs) {
  auto game = loadGame("ashton");
  auto lost = after(*game, std::string(kAshtonLine) + " i2-h2 f9-f4");
  ForcedWinProver prover(0);
  prover.refill(5000000, [] { return true; });
  EXPECT_FALSE(prover.wins(*lost, kBlack, 2));
  EXPECT_EQ(prover.actionsPlayed(), ForcedWinProver::kClockEvery);
  prover.refill(5000000, [] { return false; });
  EXPECT_TRUE(prover.wins(*lost, kBlack, 2));
}

TEST(ForcedWin, TheProofsOfATimedMoveStopAtItsLimit) {
  auto game = loadGame("ashton");
  auto lost = after(*game, std::string(kAshtonLine) + " i2-h2 f9-f4");
  for (const double proofsAtMs : {500.0, 1000.0}) {
    SearchOptions o;
    o.rootLookahead = 4;
    Search search(*game, std::make_shared<UniformEvaluator>(), o);
    search.setRoot(*lost);
    double nowMs = 0;  // the search's clock: still while it runs 50 playouts
    search.runFor(MoveTime{1000, 1000}, 50, TimeRule(), [&nowMs] { return nowMs; });
    nowMs = proofsAtMs;
    search.chooseMove();
    // Within the limit the proofs see the loss (LookaheadFourSeesTheLossThatTwoDoesNot); past it they stop.
    EXPECT_EQ(search.tree().root().result(), proofsAtMs < 1000 ? Proven::kLoss : Proven::kUnknown) << proofsAtMs;
  }
}

// The search's move from `state` with `lookahead`, and the root's proven result after it.
std::pair<Action, Proven> choose(const Game& game, const State& state, int lookahead, int simulations) {
  SearchOptions o;
  o.simulations = simulations;
  o.rootLookahead = lookahead;
  Search search(game, std::make_shared<UniformEvaluator>(), o);
  search.setRoot(state);
  search.run();
  const Action a = search.chooseMove();
  return {a, search.tree().root().result()};
}

TEST(ForcedWin, LookaheadFourSeesTheLossThatTwoDoesNot) {
  auto game = loadGame("ashton");
  auto lost = after(*game, std::string(kAshtonLine) + " i2-h2 f9-f4");
  EXPECT_EQ(choose(*game, *lost, 2, 50).second, Proven::kUnknown);
  EXPECT_EQ(choose(*game, *lost, 4, 50).second, Proven::kLoss);
}

TEST(ForcedWin, LookaheadSixAvoidsTheLosingMove) {
  auto game = loadGame("ashton");
  auto state = after(*game, kAshtonLine);
  ForcedWinProver prover(5000000);
  for (int simulations : {1, 50, 400}) {
    const Action a = choose(*game, *state, 6, simulations).first;
    auto next = state->clone();
    next->apply(a);
    EXPECT_FALSE(prover.wins(*next, kBlack, 3)) << state->actionName(a) << " after " << simulations;
  }
}

TEST(ForcedWin, LookaheadThreePlaysTheForcedWin) {
  auto game = loadGame("tictactoe");
  auto state = after(*game, "a1 b1");
  // One playout cannot prove anything; the check before the choice does.
  EXPECT_EQ(choose(*game, *state, 2, 1).second, Proven::kUnknown);
  EXPECT_EQ(choose(*game, *state, 5, 1).second, Proven::kWin);
  const Action a = choose(*game, *state, 5, 1).first;
  auto next = state->clone();
  next->apply(a);
  ForcedWinProver prover(1000000);
  EXPECT_TRUE(prover.wins(*next, 0, 2));
}

}  // namespace
}  // namespace tz
