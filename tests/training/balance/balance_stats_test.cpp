// Balance statistics against values computed independently (closed forms, exact sums):
// Wilson bounds, the stopping rule, the study's verdicts under Holm, chi-squared and the
// pairwise score test.
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

TEST(BalanceStats, WilsonBoundsAndScoreHalfWidths) {
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

  // The score's half-width: half the score-test interval (Wilson without draws): 50 of 100
  // [0.403832, 0.596168]; 0 of 10 [0, 0.277533]; counted once per distinct game, 50-50 with
  // 50 repeats is 25 of 50 [0.366445, 0.633555].
  EXPECT_NEAR(scoreHalfWidth({50, 50, 0}, 0), 0.096168, 1e-6);
  EXPECT_NEAR(scoreHalfWidth({0, 10, 0}, 0), 0.2775328 / 2, 1e-6);
  EXPECT_NEAR(scoreHalfWidth({50, 50, 0}, 50), 0.133555, 1e-6);
  EXPECT_DOUBLE_EQ(scoreHalfWidth({0, 0, 0}, 0), 0.0);
  EXPECT_EQ(stopReasonName(StopReason::kPrecision), "precision");
}

TEST(BalanceStats, ThePrecisionStopWaitsForAVerdictWithinReach) {
  // Looks at 40, 60, ..., 400, boundaries 6.09, 4.93, ..., 1.84 (level 0.0330).
  const StoppingRule rule{40, 400, 20, 0.05};
  EXPECT_NEAR(verdictAlpha(rule), 0.032953, 1e-5);
  EXPECT_EQ(stoppingDecision({0, 39, 0}, 0, rule), StopReason::kContinue);  // below min_games
  EXPECT_EQ(stoppingDecision({20, 20, 0}, 0, rule), StopReason::kContinue);  // half-width 0.148
  EXPECT_EQ(stoppingDecision({170, 170, 0}, 0, rule), StopReason::kContinue);  // half-width 0.0529
  EXPECT_EQ(stoppingDecision({200, 200, 0}, 0, rule), StopReason::kMaxGames);
  // 0 of 40: half-width 0.0438, but side 1 favoured is not yet settled (z -5.72 against the
  // first look's -6.09) and would be by 400 games: play on. At 60 it is settled: stop.
  EXPECT_EQ(stoppingDecision({0, 40, 0}, 0, rule), StopReason::kContinue);
  EXPECT_EQ(stoppingDecision({0, 60, 0}, 0, rule), StopReason::kPrecision);
  EXPECT_EQ(cellBalance({0, 60, 0}, 0, rule).verdict, Verdict::kSide1Favoured);
  // 216-176 (0.551): on the margin, no verdict within reach: stop undecided at the precision.
  EXPECT_EQ(stoppingDecision({216, 176, 0}, 0, rule), StopReason::kPrecision);
  EXPECT_EQ(cellBalance({216, 176, 0}, 0, rule).verdict, Verdict::kUndecided);
  // The same counts with half the games repeated carry half the evidence: half-width 0.069.
  EXPECT_EQ(stoppingDecision({216, 176, 0}, 196, rule), StopReason::kContinue);

  // The shipped rule (40 to 800 by 40, precision 0.03): 66-54 with 240 draws scores 0.511,
  // half-width 0.0299 at 360 games. The old design stopped such cells undecided; equivalence
  // is not reached at this look (z 4.29 at 0.45, -2.18 at 0.55, boundary 2.77) but would be
  // by 800 games: play on.
  const StoppingRule shipped{40, 800, 40, 0.03, 0.05, true};
  EXPECT_EQ(cellBalance({66, 54, 240}, 0, shipped).verdict, Verdict::kUndecided);
  EXPECT_EQ(stoppingDecision({66, 54, 240}, 0, shipped), StopReason::kContinue);
}

TEST(BalanceStats, StopOnVerdictReadsEachLookAtItsSpentBoundary) {
  // Looks at 40, 80, ..., 400, boundaries 6.09, 4.23, 3.40, ..., 1.79; the precision is out of reach.
  StoppingRule rule{40, 400, 40, 0.001, 0.05, true};
  // 30-10 (0.75) at the first look: not settled (z 2.54 at 0.55 against 6.09): go on.
  EXPECT_EQ(stoppingDecision({30, 10, 0}, 0, rule), StopReason::kContinue);
  EXPECT_EQ(cellBalance({30, 10, 0}, 0, rule).verdict, Verdict::kUndecided);
  // 70-10 (0.875) at 80: z 5.84 at 0.55 against 4.23: attackers favoured, stop.
  EXPECT_EQ(stoppingDecision({70, 10, 0}, 0, rule), StopReason::kVerdict);
  EXPECT_EQ(cellBalance({70, 10, 0}, 0, rule).verdict, Verdict::kSide0Favoured);
  // 160-160: z 1.80 against 2.01: go on. 60-60 with 200 draws: z 2.90, balanced, stop.
  EXPECT_EQ(stoppingDecision({160, 160, 0}, 0, rule), StopReason::kContinue);
  EXPECT_EQ(stoppingDecision({60, 60, 200}, 0, rule), StopReason::kVerdict);
  EXPECT_EQ(cellBalance({60, 60, 200}, 0, rule).verdict, Verdict::kBalanced);
  EXPECT_EQ(stoppingDecision({250, 150, 0}, 0, rule), StopReason::kMaxGames);
  EXPECT_EQ(cellBalance({250, 150, 0}, 0, rule).verdict, Verdict::kSide0Favoured);
  // Without stop_on_verdict a settled verdict waits for the precision.
  rule.onVerdict = false;
  EXPECT_EQ(stoppingDecision({70, 10, 0}, 0, rule), StopReason::kContinue);
  // Draws are counted as half a point: 10 wins, 10 losses and 20 draws score 0.5.
  EXPECT_DOUBLE_EQ(cellBalance({10, 10, 20}, 0, rule).score.value, 0.5);
  EXPECT_EQ(stopReasonName(StopReason::kVerdict), "verdict");
}

TEST(BalanceStats, HolmKeepsAStudysVerdictsAtTheirLevel) {
  // Five cells, 400 games each: three balanced on their own (two at 0.05 only, one at
  // 0.05/5), one favoured at 0.05/5, one undecided. Holm over the five: the balanced family
  // keeps only the cell at 0.01 (0.01 x 5 = 0.05; then 0.05 x 4 > 0.05).
  const StoppingRule rule{40, 400, 40, 0.03, 0.05, true};
  const std::vector<std::array<int, 3>> counts{{200, 200, 0}, {200, 200, 0}, {260, 140, 0}, {230, 170, 0}, {100, 100, 200}};
  const std::vector<StudyVerdict> v = studyVerdicts(counts, {0, 0, 0, 0, 0}, rule);
  ASSERT_EQ(v.size(), 5u);
  EXPECT_EQ(cellBalance(counts[0], 0, rule).verdict, Verdict::kBalanced);
  EXPECT_DOUBLE_EQ(v[0].level, 0.05);
  EXPECT_NEAR(v[0].adjusted, 0.2, 1e-12);
  EXPECT_EQ(v[0].verdict, Verdict::kUndecided);
  EXPECT_EQ(v[1].verdict, Verdict::kUndecided);
  EXPECT_EQ(v[2].verdict, Verdict::kSide0Favoured);
  EXPECT_DOUBLE_EQ(v[2].level, 0.01);
  EXPECT_EQ(v[3].verdict, Verdict::kUndecided);
  EXPECT_DOUBLE_EQ(v[3].level, 1);
  EXPECT_EQ(v[4].verdict, Verdict::kBalanced);
  EXPECT_NEAR(v[4].adjusted, 0.05, 1e-12);
  // One cell alone is its own family: its verdict stands.
  EXPECT_EQ(studyVerdicts({counts[0]}, {0}, rule)[0].verdict, Verdict::kBalanced);
}

TEST(BalanceStats, RepeatedGamesAreCounted) {
  std::vector<GameRecord> games;
  for (int r = 0; r < 5; ++r) games.push_back(game(r, 0, "escape", 10));
  for (auto& g : games) g.moves = "d7-e7 c4-c2";
  games[3].moves = "d7-f7 c4-c2";
  EXPECT_EQ(cellStats(games).repeated, 3);  // rounds 1, 2 and 4 repeat round 0
  EXPECT_DOUBLE_EQ(cellStats(games).effective().games(), 2);
  games[4].startPosition = "another start";
  EXPECT_EQ(cellStats(games).repeated, 2);
}

TEST(BalanceStats, ProgressReplaysTheLooks) {
  const StoppingRule rule{4, 10, 2, 0.3};
  std::vector<GameRecord> games;
  // Side 0 wins every other game: looks at 4 (2/4, half-width 0.350) and 6 (3/6, 0.312) go
  // on, the look at 8 (4/8, 0.285) stops: no verdict is within reach of 10 games.
  for (int r = 0; r < 10; ++r) games.push_back(game(r, r % 2 == 0 ? 0 : 1, "escape", 10));
  for (int r = 0; r < 10; ++r) games[size_t(r)].moves = std::to_string(r);
  const auto upTo = [&](const std::vector<GameRecord>& all, int n) {
    return std::vector<GameRecord>(all.begin(), all.begin() + n);
  };
  EXPECT_EQ(cellProgress({}, rule).target, 4);
  EXPECT_EQ(cellProgress(upTo(games, 3), rule).target, 4);
  EXPECT_EQ(cellProgress(upTo(games, 3), rule).stop, StopReason::kContinue);
  EXPECT_EQ(cellProgress(upTo(games, 4), rule).target, 6);
  EXPECT_EQ(cellProgress(upTo(games, 7), rule).target, 8);
  const CellProgress done = cellProgress(upTo(games, 8), rule);
  EXPECT_EQ(done.target, 8);
  EXPECT_EQ(done.stop, StopReason::kPrecision);
  // Games beyond the stopping look do not change the decision.
  EXPECT_EQ(cellProgress(games, rule).target, 8);
  // A missing round (a game in progress when the study was killed) is played first.
  std::vector<GameRecord> gap = upTo(games, 6);
  gap.erase(gap.begin() + 2);
  EXPECT_EQ(cellProgress(gap, rule).target, 4);
  // Side 0 winning everything reaches the precision at 4 (half-width 0.245) but its verdict
  // settles only at 8 (boundaries 2.89, 2.30, 1.96): it plays on until then.
  std::vector<GameRecord> sweep = games;
  for (GameRecord& g : sweep) g.winner = 0;
  EXPECT_EQ(cellProgress(upTo(sweep, 4), rule).target, 6);
  EXPECT_EQ(cellProgress(sweep, rule).target, 8);
  EXPECT_EQ(cellProgress(sweep, rule).stop, StopReason::kPrecision);
  // Two distinct games repeated over and over are two games' worth of evidence: never enough.
  std::vector<GameRecord> same = games;
  for (GameRecord& g : same) g.moves = std::to_string(g.round % 2);
  EXPECT_EQ(cellProgress(same, rule).target, 10);
  EXPECT_EQ(cellProgress(same, rule).stop, StopReason::kMaxGames);
  EXPECT_EQ(cellProgress(games, StoppingRule{4, 10, 4, 0.01}).target, 10);
  EXPECT_EQ(cellProgress(games, StoppingRule{4, 10, 4, 0.01}).stop, StopReason::kMaxGames);
}

TEST(BalanceStats, ComparisonPValuesAndHolmForKnownTables) {
  // Groups as side 0's {wins, draws, losses}. 2 x 3 table {{20, 15, 5}, {10, 25, 5}} (side 0
  // wins, side 1 wins, draws): chi-squared 5.8333, 2 degrees of freedom, p = exp(-5.8333/2).
  const GroupComparison two = compareGroups({{20, 5, 15}, {10, 5, 25}});
  EXPECT_NEAR(two.chi.statistic, 5.833333, 1e-5);
  EXPECT_EQ(two.chi.dof, 2);
  EXPECT_NEAR(two.chi.p, 0.0541138, 1e-6);
  ASSERT_EQ(two.pairs.size(), 1u);
  // Scores 0.5625 and 0.3125; pooled variance 17.1875 / 80 = 0.214844;
  // z = 0.25 / sqrt(0.214844 * 80/79 * (1/40 + 1/40)) = 2.3974, p 0.016531.
  EXPECT_NEAR(two.pairs[0].p, 0.016531, 1e-6);
  EXPECT_DOUBLE_EQ(two.pairs[0].adjusted, two.pairs[0].p);
  // Without draws the test is (N - 1)/N times Pearson's 2 x 2 chi-squared: 20/40 against
  // 10/40, 79/80 * 5.3333 = 5.2667, p 0.021738.
  EXPECT_NEAR(scoreDifferenceP({20, 0, 20}, {10, 0, 30}), 0.021738, 1e-6);
  // It compares scores, not win rates: 10 wins and 20 draws score as 20 wins and 20 losses.
  EXPECT_NEAR(scoreDifferenceP({10, 20, 10}, {20, 0, 20}), 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(scoreDifferenceP({0, 10, 0}, {0, 10, 0}), 1.0);  // no variance

  // Three groups: Holm multiplies the sorted p-values by 3, 2, 1 and keeps them monotone.
  const GroupComparison three = compareGroups({{20, 5, 15}, {10, 5, 25}, {30, 5, 5}});
  ASSERT_EQ(three.pairs.size(), 3u);
  EXPECT_EQ(three.pairs[2].a, 1);
  EXPECT_EQ(three.pairs[2].b, 2);
  const std::vector<double> adjusted = holmAdjust({three.pairs[0].p, three.pairs[1].p, three.pairs[2].p});
  for (size_t i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(three.pairs[i].adjusted, adjusted[i]);
  EXPECT_LT(three.pairs[2].p, three.pairs[0].p);

  // chi-squared of {{10, 20}, {20, 10}} (no draws): 6.6667, p 0.0098232.
  const GroupComparison c = compareGroups({{10, 0, 20}, {20, 0, 10}});
  EXPECT_NEAR(c.chi.statistic, 20.0 / 3, 1e-9);
  EXPECT_EQ(c.chi.dof, 1);
  EXPECT_NEAR(c.chi.p, 0.0098232, 1e-6);
}

}  // namespace
}  // namespace tz
