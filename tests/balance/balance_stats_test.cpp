// Balance statistics against values computed independently (closed forms, exact sums):
// Wilson bounds, chi-squared and Fisher p-values, Holm's adjustment, the stopping rule.
#include <gtest/gtest.h>

#include "training/balance/balance_stats.h"

namespace tz {
namespace {

GameRecord game(int round, int winner, const std::string& reason, int plies) {
  GameRecord g;
  g.round = round;
  g.winner = winner;
  g.reason = reason;
  g.plies = plies;
  return g;
}

TEST(BalanceStats, WilsonBoundsAndStoppingDecisionAtGivenCounts) {
  const CellStats s = cellStats({game(0, 0, "king_captured", 30), game(1, 1, "escape", 12), game(2, 1, "escape", 20),
                                 game(3, -1, "repetition", 41)});
  EXPECT_EQ(s.games, 4);
  EXPECT_EQ(s.wins[0], 1);
  EXPECT_EQ(s.wins[1], 2);
  EXPECT_EQ(s.draws, 1);
  // 2 of 4: Wilson 95% [0.150039, 0.849961]; 1 of 4: [0.045587, 0.699358].
  EXPECT_NEAR(s.winRate[1].low, 0.150039, 1e-6);
  EXPECT_NEAR(s.winRate[1].high, 0.849961, 1e-6);
  EXPECT_NEAR(s.winRate[0].low, 0.045587, 1e-6);
  EXPECT_NEAR(s.winRate[0].high, 0.699358, 1e-6);
  EXPECT_EQ(s.reasons.at("escape"), 2);
  EXPECT_EQ(s.plies, (std::vector<int>{12, 20, 30, 41}));
  EXPECT_DOUBLE_EQ(mean(s.plies), 25.75);
  EXPECT_DOUBLE_EQ(quantile(s.plies, 0.5), 25.0);
  EXPECT_DOUBLE_EQ(quantile(s.plies, 0.0), 12.0);
  EXPECT_DOUBLE_EQ(quantile(s.plies, 1.0), 41.0);

  // The score's half-width: 1.96 * sqrt(variance / n); 50-50 of 100: 1.96 * 0.05 = 0.098;
  // every game alike: the Wilson interval (0 of 10: [0, 0.277533]).
  EXPECT_NEAR(scoreHalfWidth({50, 50, 0}), 0.0979982, 1e-6);
  EXPECT_NEAR(scoreHalfWidth({0, 10, 0}), 0.2775328 / 2, 1e-6);
  // 10 wins, 10 losses, 20 draws: variance 0.125, 1.96 * sqrt(0.125 / 40) = 0.1096.
  EXPECT_NEAR(scoreHalfWidth({10, 10, 20}), 0.1095652, 1e-6);
  EXPECT_DOUBLE_EQ(scoreHalfWidth({0, 0, 0}), 0.0);

  // The stopping rule at given counts.
  const StoppingRule rule{40, 400, 20, 0.05};
  EXPECT_EQ(stoppingDecision({0, 39, 0}, rule), StopReason::kContinue);     // below min_games
  EXPECT_EQ(stoppingDecision({0, 40, 0}, rule), StopReason::kPrecision);    // Wilson half-width 0.0438
  EXPECT_EQ(stoppingDecision({20, 20, 0}, rule), StopReason::kContinue);    // half-width 0.155
  EXPECT_EQ(stoppingDecision({193, 192, 0}, rule), StopReason::kPrecision);  // half-width 0.04994
  EXPECT_EQ(stoppingDecision({192, 192, 0}, rule), StopReason::kContinue);   // half-width 0.05001
  // Draws narrow the score's interval: 60-60 with 200 draws, 1.96 * sqrt(0.09375 / 320) = 0.0335.
  EXPECT_EQ(stoppingDecision({60, 60, 200}, rule), StopReason::kPrecision);
  EXPECT_EQ(stoppingDecision({200, 200, 0}, rule), StopReason::kMaxGames);
  EXPECT_EQ(stopReasonName(StopReason::kPrecision), "precision");
}

TEST(BalanceStats, StopOnVerdictReadsEachLookAtAlphaOverTheLooks) {
  // Looks at 40, 80, ..., 400: 10 looks, each read at 0.005; the precision is out of reach.
  StoppingRule rule{40, 400, 40, 0.001, 0.05, true};
  EXPECT_DOUBLE_EQ(verdictAlpha(rule), 0.005);
  // 30-10: sign p 0.0022 < 0.005, attackers favoured: stop.
  EXPECT_EQ(stoppingDecision({30, 10, 0}, rule), StopReason::kVerdict);
  EXPECT_EQ(cellBalance({30, 10, 0}, rule).verdict, Verdict::kSide0Favoured);
  // 28-12: sign p 0.0166 would settle it at 0.05, not at 0.005: go on.
  EXPECT_EQ(stoppingDecision({28, 12, 0}, rule), StopReason::kContinue);
  EXPECT_EQ(cellBalance({28, 12, 0}, rule).verdict, Verdict::kUndecided);
  // 160-160: TOST p 0.037, not below 0.005: go on. 60-60 with 200 draws: variance 0.09375,
  // z = 0.05 / sqrt(0.09375 / 320) = 2.921, TOST p 0.0017: balanced, stop.
  EXPECT_EQ(stoppingDecision({160, 160, 0}, rule), StopReason::kContinue);
  EXPECT_EQ(stoppingDecision({60, 60, 200}, rule), StopReason::kVerdict);
  EXPECT_EQ(cellBalance({60, 60, 200}, rule).verdict, Verdict::kBalanced);
  EXPECT_EQ(stoppingDecision({200, 200, 0}, rule), StopReason::kMaxGames);
  // Without stop_on_verdict the same counts go on, and verdicts are read at 0.05.
  rule.onVerdict = false;
  EXPECT_EQ(stoppingDecision({30, 10, 0}, rule), StopReason::kContinue);
  EXPECT_DOUBLE_EQ(verdictAlpha(rule), 0.05);
  EXPECT_EQ(cellBalance({28, 12, 0}, rule).verdict, Verdict::kSide0Favoured);
  // Draws are counted as half a point: 10 wins, 10 losses and 20 draws score 0.5.
  EXPECT_DOUBLE_EQ(cellBalance({10, 10, 20}, rule).score.value, 0.5);
  EXPECT_EQ(stopReasonName(StopReason::kVerdict), "verdict");
}

TEST(BalanceStats, RepeatedGamesAreCounted) {
  std::vector<GameRecord> games;
  for (int r = 0; r < 5; ++r) games.push_back(game(r, 0, "escape", 10));
  for (auto& g : games) g.moves = "d7-e7 c4-c2";
  games[3].moves = "d7-f7 c4-c2";
  EXPECT_EQ(cellStats(games).repeated, 3);  // rounds 1, 2 and 4 repeat round 0
  games[4].startPosition = "another start";
  EXPECT_EQ(cellStats(games).repeated, 2);
}

TEST(BalanceStats, ProgressReplaysTheLooks) {
  const StoppingRule rule{4, 10, 2, 0.35};
  std::vector<GameRecord> games;
  // Side 0 wins every other game: looks at 4 (2/4, half-width 1.96 * 0.5 / 2 = 0.490) and
  // 6 (3/6, 0.400) go on, the look at 8 (4/8, 0.3465) stops.
  for (int r = 0; r < 10; ++r) games.push_back(game(r, r % 2 == 0 ? 0 : 1, "escape", 10));
  const auto upTo = [&](int n) { return std::vector<GameRecord>(games.begin(), games.begin() + n); };
  EXPECT_EQ(cellProgress({}, rule).target, 4);
  EXPECT_EQ(cellProgress(upTo(3), rule).target, 4);
  EXPECT_EQ(cellProgress(upTo(3), rule).stop, StopReason::kContinue);
  EXPECT_EQ(cellProgress(upTo(4), rule).target, 6);
  EXPECT_EQ(cellProgress(upTo(7), rule).target, 8);
  const CellProgress done = cellProgress(upTo(8), rule);
  EXPECT_EQ(done.target, 8);
  EXPECT_EQ(done.stop, StopReason::kPrecision);
  // Games beyond the stopping look do not change the decision.
  EXPECT_EQ(cellProgress(games, rule).target, 8);
  // A missing round (a game in progress when the study was killed) is played first.
  std::vector<GameRecord> gap = upTo(6);
  gap.erase(gap.begin() + 2);
  EXPECT_EQ(cellProgress(gap, rule).target, 4);
  // Side 0 winning everything stops at the first look; never stopping ends at max_games.
  std::vector<GameRecord> sweep;
  for (int r = 0; r < 4; ++r) sweep.push_back(game(r, 0, "king_captured", 10));
  EXPECT_EQ(cellProgress(sweep, rule).stop, StopReason::kPrecision);
  EXPECT_EQ(cellProgress(games, StoppingRule{4, 10, 4, 0.01}).target, 10);
  EXPECT_EQ(cellProgress(games, StoppingRule{4, 10, 4, 0.01}).stop, StopReason::kMaxGames);
}

TEST(BalanceStats, ComparisonPValuesAndHolmForKnownTables) {
  // 2 x 3 table: chi-squared 5.8333 with 2 degrees of freedom, p = exp(-5.8333/2) = 0.054114.
  const GroupComparison two = compareGroups({{20, 15, 5}, {10, 25, 5}});
  EXPECT_NEAR(two.chi.statistic, 5.833333, 1e-5);
  EXPECT_EQ(two.chi.dof, 2);
  EXPECT_NEAR(two.chi.p, 0.0541138, 1e-6);
  ASSERT_EQ(two.pairs.size(), 1u);
  // Side 0 wins 20/40 against 10/40: Fisher exact on {{20, 20}, {10, 30}}.
  EXPECT_NEAR(two.pairs[0].p, 0.0368348, 1e-6);
  EXPECT_DOUBLE_EQ(two.pairs[0].adjusted, two.pairs[0].p);

  // Three groups: raw pairwise p 0.036835, 0.036835, 1.4875e-05; Holm multiplies the
  // sorted p-values by 3, 2, 1 and keeps them monotone: 4.462e-05, 0.073670, 0.073670.
  const GroupComparison three = compareGroups({{20, 15, 5}, {10, 25, 5}, {30, 5, 5}});
  ASSERT_EQ(three.pairs.size(), 3u);
  EXPECT_EQ(three.pairs[2].a, 1);
  EXPECT_EQ(three.pairs[2].b, 2);
  EXPECT_NEAR(three.pairs[0].p, 0.0368348, 1e-6);
  EXPECT_NEAR(three.pairs[2].p, 1.48748e-05, 1e-9);
  EXPECT_NEAR(three.pairs[0].adjusted, 0.0736697, 1e-6);
  EXPECT_NEAR(three.pairs[1].adjusted, 0.0736697, 1e-6);
  EXPECT_NEAR(three.pairs[2].adjusted, 4.46244e-05, 1e-9);

  // chi-squared of {{10, 20}, {20, 10}} (no draws): 6.6667, p 0.0098232.
  const GroupComparison c = compareGroups({{10, 20, 0}, {20, 10, 0}});
  EXPECT_NEAR(c.chi.statistic, 20.0 / 3, 1e-9);
  EXPECT_EQ(c.chi.dof, 1);
  EXPECT_NEAR(c.chi.p, 0.0098232, 1e-6);
  // Fisher exact two-sided on {{1, 9}, {11, 3}}: 0.0027595; the tea tasting table {{3, 1}, {1, 3}}: 0.485714.
  EXPECT_NEAR(compareGroups({{1, 9, 0}, {11, 3, 0}}).pairs[0].p, 0.00275946, 1e-7);
  EXPECT_NEAR(compareGroups({{3, 1, 0}, {1, 3, 0}}).pairs[0].p, 0.4857143, 1e-6);
}

}  // namespace
}  // namespace tz
