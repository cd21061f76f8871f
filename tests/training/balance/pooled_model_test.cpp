// The pooled model of a balance study against cells made from a known model: it recovers
// each rule's effect on the score, calls a rule without effect "within the margin", widens
// its intervals when the cells scatter beyond their games, and says why when it cannot fit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <cstdio>
#include <random>
#include <vector>

#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

#include "training/balance/pooled_model.h"

namespace tz {
namespace {

double logistic(double x) { return 1 / (1 + std::exp(-x)); }

const std::vector<PooledFactor> kFactors = {{"first", {"defenders", "attackers"}}, {"king", {"weak", "strong"}}};

// The known model's logit: 0.2 + first * [attackers] - 0.8 * [strong] + 0.3 * elo / 100,
// the strong king's term moving by `kingByElo` per 100 Elo.
double knownLogit(double first, int a, int k, double elo, double kingByElo = 0) {
  return 0.2 + first * a - 0.8 * k + 0.3 * elo / 100 + kingByElo * k * elo / 100;
}

// Cells of the two factors at Elo 0, 100, 200 and 300 whose scores follow the known model,
// plus `wobble` times +-1 alternating with the strength (a parity zig-zag), `games` games each.
std::vector<PooledCell> knownCells(double first, double games, double wobble = 0, double kingByElo = 0) {
  std::vector<PooledCell> cells;
  for (int a = 0; a < 2; ++a)
    for (int k = 0; k < 2; ++k)
      for (int s = 0; s < 4; ++s) {
        const double eta = knownLogit(first, a, k, 100.0 * s, kingByElo) + wobble * (s % 2 ? 1 : -1);
        cells.push_back({{a, k}, 100.0 * s, 0, games, logistic(eta)});
      }
  return cells;
}

// The known model's mean change of the score when the king becomes strong, at `elo`.
double kingEffect(double first, double elo = 300, double kingByElo = 0) {
  double sum = 0;
  for (int a = 0; a < 2; ++a)
    sum += logistic(knownLogit(first, a, 1, elo, kingByElo)) - logistic(knownLogit(first, a, 0, elo, kingByElo));
  return sum / 2;
}

TEST(PooledModel, RecoversTheRuleEffectsOfAKnownModel) {
  const PooledModel m = fitPooledModel(kFactors, knownCells(0.4, 400), 0.05);
  ASSERT_TRUE(m.fitted) << m.reason;
  EXPECT_TRUE(m.interactions);  // 16 cells leave room for the first x king term
  EXPECT_EQ(m.terms.size(), 5u);
  EXPECT_EQ(m.residualDf, 11);
  EXPECT_DOUBLE_EQ(m.topElo, 300);
  EXPECT_NEAR(m.dispersion, 1, 1e-9);  // the scores lie on the model
  ASSERT_EQ(m.effects.size(), 2u);
  const RuleEffect& first = m.effects[0];
  const RuleEffect& king = m.effects[1];
  EXPECT_EQ(king.factor, "king");
  EXPECT_EQ(king.from, "weak");
  EXPECT_EQ(king.to, "strong");
  EXPECT_NEAR(king.effect.value, kingEffect(0.4), 1e-6);
  EXPECT_LT(king.effect.low, king.effect.value);
  EXPECT_GT(king.effect.high, king.effect.value);
  EXPECT_EQ(king.verdict, "lowers");
  EXPECT_EQ(first.verdict, "raises");
  EXPECT_LT(king.p, 1e-6);
  // The Elo slope, on the logit per 100 Elo, with its interval.
  ASSERT_TRUE(m.hasEloSlope);
  EXPECT_NEAR(m.eloSlope.value, 0.3, 1e-6);
  EXPECT_LT(m.eloSlope.low, 0.3);
  EXPECT_GT(m.eloSlope.high, 0.3);
  EXPECT_NEAR(m.gameDispersion, 1, 0.01);  // no draws: the games have the binomial variance
  // Predictions at the top Elo: every combination, first factor slowest.
  ASSERT_EQ(m.topScores.size(), 4u);
  EXPECT_NEAR(m.topScores[3].value, logistic(0.2 + 0.4 - 0.8 + 0.9), 1e-6);  // attackers first, strong king
  EXPECT_NEAR(m.topScores[1].value, logistic(0.2 - 0.8 + 0.9), 1e-6);        // defenders first, strong king
}

TEST(PooledModel, MeasuresHowARulesEffectChangesWithStrength) {
  // The strong king's logit term grows by -0.2 per 100 Elo: its effect on the score falls
  // from Elo 0 to 300, read from the model with rule x Elo terms (the cells lie on it).
  const PooledModel m = fitPooledModel(kFactors, knownCells(0.4, 400, 0, -0.2), 0.05);
  ASSERT_TRUE(m.fitted) << m.reason;
  ASSERT_TRUE(m.strengthMeasured) << m.strengthReason;
  EXPECT_DOUBLE_EQ(m.lowElo, 0);
  const RuleEffect& king = m.effects[1];
  const double truth = kingEffect(0.4, 300, -0.2) - kingEffect(0.4, 0, -0.2);
  EXPECT_LT(truth, -0.1);
  EXPECT_NEAR(king.strengthChange.value, truth, 1e-6);
  EXPECT_LT(king.strengthChange.low, truth);
  EXPECT_GT(king.strengthChange.high, truth);
  EXPECT_EQ(king.strengthVerdict, "falls");
  EXPECT_LT(king.strengthP, 0.05);
  // Without the term the king's effect still moves on the score scale (the logistic's
  // curvature), and the model reads that move.
  const PooledModel flat = fitPooledModel(kFactors, knownCells(0.4, 4000), 0.05);
  ASSERT_TRUE(flat.strengthMeasured) << flat.strengthReason;
  EXPECT_NEAR(flat.effects[1].strengthChange.value, kingEffect(0.4, 300) - kingEffect(0.4, 0), 1e-6);
  // A first mover without effect at any strength: its change is shown within the margin.
  const PooledModel none = fitPooledModel(kFactors, knownCells(0, 4000), 0.05);
  ASSERT_TRUE(none.strengthMeasured) << none.strengthReason;
  EXPECT_NEAR(none.effects[0].strengthChange.value, 0, 1e-6);
  EXPECT_EQ(none.effects[0].strengthVerdict, "within the margin");
  // One Elo value: nothing to read it from.
  std::vector<PooledCell> top;
  for (const PooledCell& c : knownCells(0.4, 400))
    if (c.elo == 300) top.push_back(c);
  const PooledModel one = fitPooledModel(kFactors, top, 0.05);
  ASSERT_TRUE(one.fitted) << one.reason;
  EXPECT_FALSE(one.strengthMeasured);
  EXPECT_EQ(one.strengthReason, "the cells have one Elo value");
}

TEST(PooledModel, ARuleWithoutEffectIsWithinTheMargin) {
  const PooledModel m = fitPooledModel(kFactors, knownCells(0, 4000), 0.05);
  ASSERT_TRUE(m.fitted) << m.reason;
  EXPECT_NEAR(m.effects[0].effect.value, 0, 1e-6);
  EXPECT_EQ(m.effects[0].verdict, "within the margin");
  // With few games the same rule is undecided: not shown within the margin, nor beyond 0.
  const PooledModel few = fitPooledModel(kFactors, knownCells(0, 20), 0.05);
  ASSERT_TRUE(few.fitted) << few.reason;
  EXPECT_EQ(few.effects[0].verdict, "undecided");
}

TEST(PooledModel, ScatterBeyondTheGamesWidensTheIntervals) {
  const PooledModel smooth = fitPooledModel(kFactors, knownCells(0.4, 400), 0.05);
  const PooledModel zigzag = fitPooledModel(kFactors, knownCells(0.4, 400, 0.6), 0.05);
  ASSERT_TRUE(smooth.fitted && zigzag.fitted);
  EXPECT_GT(zigzag.dispersion, 5);
  const auto width = [](const RuleEffect& e) { return e.effect.high - e.effect.low; };
  EXPECT_GT(width(zigzag.effects[1]), 2 * width(smooth.effects[1]));
  // An Elo known only to +-40 widens them too.
  std::vector<PooledCell> uncertain = knownCells(0.4, 400);
  for (PooledCell& c : uncertain) c.eloStderr = c.elo > 0 ? 40 : 0;
  const PooledModel blurred = fitPooledModel(kFactors, uncertain, 0.05);
  ASSERT_TRUE(blurred.fitted);
  EXPECT_GT(width(blurred.effects[1]), width(smooth.effects[1]));
}

TEST(PooledModel, SaysWhyItCannotFit) {
  // The two factors change together: the cells cannot tell the king from the first mover.
  std::vector<PooledCell> confounded;
  for (const PooledCell& c : knownCells(0.4, 400))
    if (c.levels[0] == c.levels[1]) confounded.push_back(c);
  const PooledModel singular = fitPooledModel(kFactors, confounded, 0.05);
  EXPECT_FALSE(singular.fitted);
  EXPECT_EQ(singular.reason, "singular design: the cells cannot tell term 'king=strong' from the terms before it");
  // A level whose every game is won: its effect runs off to infinity.
  std::vector<PooledCell> separated = knownCells(0.4, 400);
  for (PooledCell& c : separated)
    if (c.levels[1] == 1) c.score = 1;
  const PooledModel runaway = fitPooledModel(kFactors, separated, 0.05);
  EXPECT_FALSE(runaway.fitted);
  EXPECT_EQ(runaway.reason,
            "separated: every cell of level king=strong has a score of 0 or 1, so its effect runs off to infinity");
  // One cell won outright is named with its levels and Elo.
  std::vector<PooledCell> one = knownCells(0.4, 400);
  for (PooledCell& c : one)
    if (c.levels == std::vector<int>{1, 0} && c.elo == 300) c.score = 1;
  const PooledModel cell = fitPooledModel(kFactors, one, 0.05);
  if (!cell.fitted) {
    EXPECT_EQ(cell.reason, "separated: the fit runs off to infinity at cells whose score is 0 or 1: "
                           "first=attackers, king=weak at Elo 300 (score 1)");
  }
  // Fewer cells with games than terms.
  const PooledModel tiny = fitPooledModel(kFactors, {{{0, 0}, 0, 0, 10, 0.5}, {{1, 1}, 0, 0, 10, 0.5}}, 0.05);
  EXPECT_FALSE(tiny.fitted);
  EXPECT_EQ(tiny.reason, "2 cells with games for 3 terms");
}

TEST(PooledModel, AnEffectsIntervalStaysWithinTheScoresRange) {
  // Four cells, three terms, one degree of freedom (t quantile 12.7) and cells far off any
  // main-effects model: the delta-method interval would run far past +-1.
  const std::vector<PooledCell> cells = {
      {{0, 0}, 0, 0, 8, 0.9}, {{0, 1}, 0, 0, 8, 0.1}, {{1, 0}, 0, 0, 8, 0.1}, {{1, 1}, 0, 0, 8, 0.9}};
  const PooledModel m = fitPooledModel(kFactors, cells, 0.05);
  ASSERT_TRUE(m.fitted) << m.reason;
  for (const RuleEffect& e : m.effects) {
    EXPECT_GE(e.effect.low, -1);
    EXPECT_LE(e.effect.high, 1);
    EXPECT_LE(e.effect.low, e.effect.value);
    EXPECT_GE(e.effect.high, e.effect.value);
  }
  EXPECT_DOUBLE_EQ(m.effects[1].effect.low, -1);  // clipped, not merely narrow
}

// The share of simulated studies whose 95% interval for the king's effect holds the true
// effect, with games drawn at `drawRate`: 16 cells of 200 games from
// logit = 0.05 + 0.25 [attackers] - 0.25 [strong] + 0.1 elo / 100, each game won, drawn or
// lost with the cell's score and draw rate.
double kingEffectCoverage(double drawRate, int studies) {
  const auto truth = [](int a, int k, int s) { return logistic(0.05 + 0.25 * a - 0.25 * k + 0.1 * s); };
  const double effect = (truth(0, 1, 3) - truth(0, 0, 3) + truth(1, 1, 3) - truth(1, 0, 3)) / 2;
  std::mt19937_64 rng(7);
  int covered = 0;
  for (int study = 0; study < studies; ++study) {
    std::vector<PooledCell> cells;
    for (int a = 0; a < 2; ++a)
      for (int k = 0; k < 2; ++k)
        for (int s = 0; s < 4; ++s) {
          const double mu = truth(a, k, s), win = mu - drawRate / 2;
          const int games = 200;
          const int wins = std::binomial_distribution<int>(games, win)(rng);
          const int draws = drawRate > 0 ? std::binomial_distribution<int>(games - wins, drawRate / (1 - win))(rng) : 0;
          cells.push_back({{a, k}, 100.0 * s, 0, double(games), (wins + draws / 2.0) / games, double(draws) / games});
        }
    const PooledModel m = fitPooledModel(kFactors, cells, 0.05);
    if (m.fitted && m.effects[1].effect.low <= effect && effect <= m.effects[1].effect.high) ++covered;
  }
  return double(covered) / studies;
}

TEST(PooledModel, IntervalsHoldTheirCoverageWhateverTheDrawRate) {
  // Scored as half a point with the binomial variance, 70% draws would give intervals
  // 1.8 times too wide (coverage near 1); the games' own dispersion keeps them at their
  // level. docs/BALANCE.md quotes these figures.
  for (double drawRate : {0.0, 0.3, 0.7}) {
    const double coverage = kingEffectCoverage(drawRate, 1000);
    std::printf("draw rate %.1f: coverage of the 95%% interval %.3f over 1000 simulated studies\n", drawRate, coverage);
    EXPECT_GE(coverage, 0.93) << "draw rate " << drawRate;
    EXPECT_LE(coverage, 0.985) << "draw rate " << drawRate;
  }
}

// The cells of a shipped Linnaeus study (`summary`, under docs/studies/): levels from the
// variant ids, each strength's Elo and standard error, effective games, the attacker score
// and the draw rate.
std::vector<PooledCell> linnaeusStudyCells(std::vector<PooledFactor>& factors, const std::string& summary) {
  std::ifstream in(std::string(TAFLZERO_SOURCE_DIR) + "/docs/studies/" + summary);
  const nlohmann::json study = nlohmann::json::parse(in);
  factors = {{"first", {"defenders", "attackers"}}, {"king", {"weak", "strong"}}, {"repetition", {"rep-loses", "rep-draws"}}};
  std::map<std::string, std::pair<double, double>> elo;
  for (const auto& r : study.at("elo").at("ratings")) elo[r.at("strength")] = {r.at("elo"), r.at("stderr")};
  std::vector<PooledCell> cells;
  for (const auto& c : study.at("cells")) {
    const std::string id = c.at("variant");
    std::vector<int> levels;
    size_t from = 0;
    for (const PooledFactor& f : factors) {
      const size_t plus = id.find('+', from);
      const std::string level = id.substr(from, plus == std::string::npos ? std::string::npos : plus - from);
      levels.push_back(int(std::find(f.levels.begin(), f.levels.end(), level) - f.levels.begin()));
      from = plus + 1;
    }
    const auto [rating, stderr] = elo.at(c.at("strength"));
    const double games = c.at("games"), draws = c.at("draws").at("count");
    cells.push_back({levels, rating, stderr, games, c.at("balance").at("score").at("value"), draws / games});
  }
  return cells;
}

TEST(PooledModel, RefitsTheShippedLinnaeusAlphaBetaStudy) {
  // docs/BALANCE.md 5.1 quotes these figures.
  std::vector<PooledFactor> factors;
  const std::vector<PooledCell> cells = linnaeusStudyCells(factors, "linnaeus.json");
  ASSERT_EQ(cells.size(), 32u);
  const PooledModel m = fitPooledModel(factors, cells, 0.05);
  ASSERT_TRUE(m.fitted) << m.reason;
  std::printf("terms %zu, df %d, game dispersion %.3f, dispersion %.2f, Elo slope %.3f [%.3f, %.3f]\n", m.terms.size(),
              m.residualDf, m.gameDispersion, m.dispersion, m.eloSlope.value, m.eloSlope.low, m.eloSlope.high);
  for (const RuleEffect& e : m.effects)
    std::printf("%s %s -> %s: %+.3f [%+.3f, %+.3f] p %.3f %s\n", e.factor.c_str(), e.from.c_str(), e.to.c_str(),
                e.effect.value, e.effect.low, e.effect.high, e.p, e.verdict.c_str());
  EXPECT_EQ(m.residualDf, 24);
  EXPECT_NEAR(m.gameDispersion, 0.584, 0.0005);
  EXPECT_NEAR(m.dispersion, 11.24, 0.005);
  EXPECT_NEAR(m.eloSlope.value, 0.370, 0.0005);
  EXPECT_NEAR(m.eloSlope.low, 0.212, 0.0005);
  EXPECT_NEAR(m.eloSlope.high, 0.528, 0.0005);
  const struct {
    double value, low, high;
    const char* verdict;
  } quoted[] = {{-0.031, -0.171, 0.110, "undecided"}, {-0.191, -0.335, -0.047, "lowers"}, {-0.182, -0.324, -0.039, "lowers"}};
  ASSERT_EQ(m.effects.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_NEAR(m.effects[i].effect.value, quoted[i].value, 0.0005) << m.effects[i].factor;
    EXPECT_NEAR(m.effects[i].effect.low, quoted[i].low, 0.0005) << m.effects[i].factor;
    EXPECT_NEAR(m.effects[i].effect.high, quoted[i].high, 0.0005) << m.effects[i].factor;
    EXPECT_EQ(m.effects[i].verdict, quoted[i].verdict);
  }
}

TEST(PooledModel, RefitsTheLinnaeusAgentsStudy) {
  // docs/BALANCE.md section 0 quotes these figures: the trained agents' study, its pooled
  // model and whether each rule's effect changes with strength.
  std::vector<PooledFactor> factors;
  const std::vector<PooledCell> cells = linnaeusStudyCells(factors, "linnaeus-agents.json");
  ASSERT_EQ(cells.size(), 32u);
  const PooledModel m = fitPooledModel(factors, cells, 0.05);
  ASSERT_TRUE(m.fitted) << m.reason;
  ASSERT_TRUE(m.strengthMeasured) << m.strengthReason;
  for (const RuleEffect& e : m.effects)
    std::printf("%s %s -> %s: %+.3f [%+.3f, %+.3f] %s; from Elo %.0f to %.0f %+.3f [%+.3f, %+.3f] p %.3g %s\n",
                e.factor.c_str(), e.from.c_str(), e.to.c_str(), e.effect.value, e.effect.low, e.effect.high,
                e.verdict.c_str(), m.lowElo, m.topElo, e.strengthChange.value, e.strengthChange.low,
                e.strengthChange.high, e.strengthP, e.strengthVerdict.c_str());
  EXPECT_EQ(m.residualDf, 24);
  EXPECT_NEAR(m.eloSlope.value, -0.043, 0.0005);
  EXPECT_NEAR(m.eloSlope.low, -0.067, 0.0005);
  EXPECT_NEAR(m.eloSlope.high, -0.019, 0.0005);
  const struct {
    double value, low, high;
    const char* verdict;
    double change, changeLow, changeHigh;
    const char* withStrength;
  } quoted[] = {{0.100, 0.086, 0.114, "raises", 0.041, 0.005, 0.077, "rises"},
                {-0.500, -0.524, -0.476, "lowers", 0.066, 0.030, 0.102, "rises"},
                {-0.017, -0.031, -0.003, "within the margin", -0.012, -0.048, 0.024, "within the margin"}};
  ASSERT_EQ(m.effects.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    const RuleEffect& e = m.effects[i];
    EXPECT_NEAR(e.effect.value, quoted[i].value, 0.0005) << e.factor;
    EXPECT_NEAR(e.effect.low, quoted[i].low, 0.0005) << e.factor;
    EXPECT_NEAR(e.effect.high, quoted[i].high, 0.0005) << e.factor;
    EXPECT_EQ(e.verdict, quoted[i].verdict);
    EXPECT_NEAR(e.strengthChange.value, quoted[i].change, 0.0005) << e.factor;
    EXPECT_NEAR(e.strengthChange.low, quoted[i].changeLow, 0.0005) << e.factor;
    EXPECT_NEAR(e.strengthChange.high, quoted[i].changeHigh, 0.0005) << e.factor;
    EXPECT_EQ(e.strengthVerdict, quoted[i].withStrength);
  }
}

}  // namespace
}  // namespace tz
