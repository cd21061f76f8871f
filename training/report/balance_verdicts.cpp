#include "training/report/balance_verdicts.h"

#include <algorithm>
#include <cmath>

#include "training/charts/svg_chart.h"

namespace tz {

namespace {

std::string verdictText(const BalanceResults& r, Verdict v) { return verdictName(v, r.sideNames[0], r.sideNames[1]); }

std::string scoreText(const Estimate& e) { return fixed(e.value) + " [" + fixed(e.low) + ", " + fixed(e.high) + "]"; }

}  // namespace

std::string nextRungText(const NextBoundary& n, double span) {
  if (!n.measured) return "not measured (its trend is not fitted: too few points or separated)";
  if (!n.reached) return "none: the fitted trend moves away from both boundaries";
  // Farther than this many times the ladder's span, the line says only "far".
  constexpr double kFar = 3;
  const auto distance = [&](double elo) {
    return elo > kFar * span ? "more than " + fixed(kFar * span, 0) + " Elo (" + fixed(kFar, 0) + " times the ladder's span)"
                             : "about " + fixed(elo, 0) + " Elo";
  };
  std::string text = "its trend reaches " + fixed(n.boundary, 2) + " " + distance(n.eloAbove) +
                     " above the top (" + distance(n.soonest) + " along the steepest slope";
  return text + (n.mayNever ? "; the slope may be 0, so possibly never)" : ")");
}

namespace {

// The lowest and highest rated strength.
std::pair<double, double> eloRange(const BalanceResults& r) {
  double low = 0, high = 0;
  for (const Rating& rating : r.elo.ratings) {
    low = std::min(low, rating.elo);
    high = std::max(high, rating.elo);
  }
  return {low, high};
}

// The families in words: "one, every cell" or "3: sims100 (8 cells), ...".
std::string familiesText(const BalanceResults& r) {
  const std::vector<StudyFamily> families = familiesOf(r.study);
  if (families.size() == 1) return "one family, its " + std::to_string(families.front().cells.size()) + " cells";
  std::string text = std::to_string(families.size()) + " families: ";
  for (size_t i = 0; i < families.size(); ++i)
    text += (i ? ", " : "") + escapeHtml(families[i].name) + " (" + std::to_string(families[i].cells.size()) + " cells)";
  return text;
}

// The answer at the top of the ladder: per variant, the strongest agent's study verdict and
// score, and whether the score has stopped moving over the top three rungs.
void limitSection(HtmlPage& page, const BalanceResults& r) {
  page.section("At the top of the ladder");
  const int top = r.topStrength();
  std::vector<std::vector<std::string>> rows;
  for (size_t v = 0; v < r.study.variants.size(); ++v) {
    const CellResult& c = r.cell(int(v), top);
    std::string moving = r.elo.rated() && r.elo.ratings.size() >= 3
                             ? "not measured (its trend over the top three rungs cannot be fitted: scores of 0 or 1, or too few games)"
                             : "not measured (needs three rated strengths)";
    if (v < r.limits.size() && r.limits[v].measured) {
      const Convergence& l = r.limits[v];
      const std::string state = l.converged    ? "converged"
                                : l.moving     ? "still moving (its 95% interval excludes 0)"
                                : l.measurable ? "not shown to have converged"
                                               : "not measurable with these games (90% half-width " +
                                                     fixed(l.halfWidth90) + "; about " + fixed(l.gamesNeeded, 0) +
                                                     " games a rung would be needed)";
      moving = state + ": change " + scoreText(l.change) + " from Elo " + fixed(l.fromElo, 0) + " to " + fixed(l.toElo, 0);
    }
    if (v < r.trendCaveats.size() && !r.trendCaveats[v].empty() && v < r.limits.size() && r.limits[v].measured)
      moving = "not read: " + r.trendCaveats[v];
    rows.push_back({escapeHtml(r.study.variants[v].id),
                    c.stats.games ? escapeHtml(verdictText(r, c.study.verdict)) : "-",
                    c.stats.games ? scoreText(c.balance.score) + (c.exact.applies ? ", at most " + fixed(c.exact.bound) + " (exact)" : "") : "-",
                    escapeHtml(moving),
                    v < r.nextRungs.size() ? escapeHtml(nextRungText(r.nextRungs[v], r.eloSpan()))
                                           : "not measured (needs rated strengths)"});
  }
  std::string scatter = "dispersion and Elo errors included";
  for (const Convergence& l : r.limits)
    if (l.measured) {
      scatter = "Elo errors included, and the points' scatter beyond their games, pooled over every variant's whole trend: "
                "dispersion " + fixed(l.dispersion.value, 2) + " on " + std::to_string(l.dispersion.df) + " df";
      break;
    }
  page.paragraph("The verdict of each variant with the strongest agent (" + escapeHtml(r.study.strengths[size_t(top)].name) +
                 (r.elo.rated() ? ", the highest rated" : ", the last listed") + "), and whether its score has stopped moving: the trend over the three strongest rated agents "
                 "(" + scatter + ") puts the score's change across their Elo span within +-" +
                 fixed(r.study.stopping.margin) + " (90% interval) when it has converged. Read a verdict as the "
                 "rules' answer only where it has; elsewhere it holds for agents of the strength played. The next "
                 "rung: how far above the strongest agent the variant's fitted trend (section Strength in Elo) "
                 "would carry the score across 0.5 &plusmn; " + fixed(r.study.stopping.margin) + ", where the "
                 "verdict could change: a line extended beyond the data, with the same distance along the "
                 "steepest slope of its 95% interval.");
  page.table({"variant", "study verdict at the top", r.sideNames[0] + " score [95% CI]", "score over the top three rungs",
              "the next rung"},
             rows, "limits");
}

}  // namespace

void verdictSection(HtmlPage& page, const BalanceResults& r) {
  const StoppingRule& rule = r.study.stopping;
  limitSection(page, r);
  page.section("Verdicts");
  page.paragraph("The " + escapeHtml(r.sideNames[0]) + " score counts a win as 1 and a draw as 1/2, so 0.5 is the "
                 "balance point whatever the draw rate; a game repeating an earlier one of its cell adds no games to "
                 "the tests (effective games). <b>Balanced</b>: two one-sided score tests show the score within 0.5 "
                 "&plusmn; " + fixed(rule.margin) + " (<code>balance_margin</code>). <b>Favoured</b>: a one-sided "
                 "minimum-effect test shows the score beyond 0.5 &plusmn; " + fixed(rule.margin) + " on that side. "
                 "<b>Undecided</b>: neither. Each cell reads its tests at the boundary of the look it reached, the "
                 "error " + fixed(kVerdictAlpha, 2) + " of each kind of verdict spent over its looks (O'Brien-Fleming "
                 "type; the last look reads at " + pValueText(verdictAlpha(rule)) + "). The grid shows the <b>study "
                 "verdict</b>: a cell's verdict kept by Holm's step-down over the cells of its family (" + familiesText(r) +
                 "), one family of claims for balanced and one for favoured, so that the chance of any wrong claim of "
                 "a kind in a family stays at " + fixed(kVerdictAlpha, 2) + "; a cell stops on a verdict only once it "
                 "holds at " + fixed(kVerdictAlpha, 2) + " / its family's cells, which Holm always keeps. The "
                 "adjusted score corrects the score for where the cell stopped (a cell that stops early on a verdict "
                 "does so when its games ran far from 0.5): the true score whose expected score at the stop is the "
                 "one observed (Whitehead's bias-adjusted estimate, simulated through the real stopping rule); the "
                 "models read it.");
  std::vector<std::string> headers{"variant"};
  for (const auto& s : r.study.strengths) headers.push_back(s.name);
  std::vector<std::vector<std::string>> grid;
  for (size_t v = 0; v < r.study.variants.size(); ++v) {
    std::vector<std::string> row{escapeHtml(r.study.variants[v].id)};
    for (size_t s = 0; s < r.study.strengths.size(); ++s) {
      const CellResult& c = r.cell(int(v), int(s));
      row.push_back(c.stats.games ? "<b>" + escapeHtml(verdictText(r, c.study.verdict)) + "</b><br>" +
                                        fixed(c.balance.score.value)
                                  : "-");
    }
    grid.push_back(std::move(row));
  }
  page.table(headers, grid, "verdicts");
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> marks;
  for (const CellResult& c : r.cells) {
    const CellStats& s = c.stats;
    rows.push_back({escapeHtml(r.study.variants[size_t(c.variant)].id + " @ " + r.study.strengths[size_t(c.strength)].name),
                    std::to_string(s.games) + " (" + fixed(c.balance.effectiveGames, 0) + ")",
                    s.games ? scoreText(c.balance.score) : "-", s.games ? fixed(c.adjustedScore) : "-",
                    s.games ? scoreText(s.drawRate) : "-",
                    pValueText(c.balance.equivalenceP), pValueText(c.balance.favouredP), pValueText(c.balance.alpha),
                    escapeHtml(verdictText(r, c.balance.verdict)),
                    c.study.level < 1 ? pValueText(c.study.adjusted) : "-", escapeHtml(verdictText(r, c.study.verdict)),
                    s.games ? fixed(double(s.repeated) / s.games) + " (" + std::to_string(s.repeated) + ")" : "-"});
    marks.push_back(c.study.verdict == Verdict::kUndecided ? "" : "sig");
  }
  page.table({"cell", "games (effective)", r.sideNames[0] + " score [95% CI]", "adjusted score", "draw rate [95% CI]", "equivalence p",
              "minimum-effect p", "look's level", "cell verdict", "Holm level", "study verdict", "repeated games"},
             rows, "verdict-tests", marks);
  page.paragraph("Repeated games: the share of a cell's games whose start and moves repeat an earlier game of the "
                 "cell exactly. Repeats are not independent evidence and count once (effective games); where the "
                 "share is large, widen the study's diversity (<code>games.random_plies</code>, "
                 "<code>games.temperature_plies</code>). Holm level: the smallest level 0.05/k at which the cell's "
                 "verdict is reached, Holm-adjusted over the study's cells; the study verdict holds where it is at "
                 "most 0.05.");
}

std::string balanceEloChart(const BalanceResults& r) {
  Chart chart;
  chart.title = r.sideNames[0] + " score against agent Elo (95% intervals, fitted logistic trends)";
  chart.xLabel = "Elo (strength " + r.study.strengths.front().name + " = 0)";
  chart.yLabel = r.sideNames[0] + " score (draw = 1/2)";
  chart.fixedY = true;
  chart.referenceY = {0.5, 0.5 - r.study.stopping.margin, 0.5 + r.study.stopping.margin};
  const auto [low, high] = eloRange(r);
  const size_t variants = r.study.variants.size();
  for (size_t v = 0; v < variants; ++v) {
    // Variants at one strength share its Elo: spread their points a little so that none hides another.
    const double spread = (high - low) * 0.008 * (double(v) - (double(variants) - 1) / 2);
    Series points;
    points.label = r.study.variants[v].id;
    points.style = Series::kPoints;
    points.colorIndex = int(v);
    for (size_t s = 0; s < r.study.strengths.size(); ++s) {
      const CellResult& c = r.cell(int(v), int(s));
      points.x.push_back(r.elo.ratings[s].elo + spread);
      points.y.push_back(c.stats.games ? c.balance.score.value : std::nan(""));
      points.lo.push_back(c.balance.score.low);
      points.hi.push_back(c.balance.score.high);
    }
    chart.series.push_back(std::move(points));
    if (v < r.trends.size() && r.trends[v].fitted) {
      Series curve;
      curve.colorIndex = int(v);
      for (int i = 0; i <= 40; ++i) {
        const double elo = low + (high - low) * i / 40;
        curve.x.push_back(elo);
        curve.y.push_back(trendScore(r.trends[v], elo).value);
      }
      chart.series.push_back(std::move(curve));
    }
  }
  return renderSvg(chart, 900, 400);
}

void eloSection(HtmlPage& page, const BalanceResults& r) {
  page.section("Strength in Elo");
  if (r.elo.ratings.empty()) {
    page.paragraph("This study has no Elo games: add <code>elo: {games: N}</code> to rate its strengths against each "
                   "other and see balance against a measured strength axis.");
    return;
  }
  page.paragraph("Every two strengths played games against each other on variant <code>" +
                 escapeHtml(r.study.variants[size_t(r.elo.variant)].id) + "</code>, colours alternating; one "
                 "Bradley-Terry fit puts them on one Elo scale (draws as half a win, strength " +
                 escapeHtml(r.study.strengths.front().name) + " at 0, 95% intervals). Other variants use the same "
                 "ratings: the agents are the same players on other rules.");
  std::vector<std::vector<std::string>> rows;
  for (size_t s = 0; s < r.elo.ratings.size(); ++s) {
    const Rating& rating = r.elo.ratings[s];
    rows.push_back({escapeHtml(r.study.strengths[s].name), fixed(rating.elo, 0),
                    "&plusmn; " + fixed(1.96 * rating.stderr, 0), fixed(rating.games, 0)});
  }
  page.table({"strength", "Elo", "95% interval", "games"}, rows, "elo");
  if (r.trends.empty()) {
    page.paragraph("Some strength could not be rated (no games connect it to the others): no trends.");
    return;
  }
  page.paragraph("Trend: a logistic regression of the " + escapeHtml(r.sideNames[0]) + " score on Elo per variant "
                 "(slope of the logit per 100 Elo, 95% interval). Its errors carry each Elo's own standard error and "
                 "the points' scatter about the line beyond what their games explain (quasi-binomial dispersion, "
                 "read on Student's t with the points less two as degrees of freedom; with two strengths the "
                 "scatter cannot be measured and the interval is the binomial one). Ranges: where the fitted score's 90% interval "
                 "lies within the margin (balanced) or its 95% interval lies beyond the margin (favoured, the cells' rule), between the weakest "
                 "and the strongest agent.");
  const auto [low, high] = eloRange(r);
  rows.clear();
  for (size_t v = 0; v < r.trends.size(); ++v) {
    const Trend& t = r.trends[v];
    std::string ranges;
    for (const VerdictRange& range : verdictRanges(t, low, high, r.study.stopping.margin)) {
      ranges += (ranges.empty() ? "" : "; ") + escapeHtml(verdictText(r, range.verdict)) + " " +
                fixed(range.from, 0) + "&ndash;" + fixed(range.to, 0);
    }
    rows.push_back({escapeHtml(r.study.variants[v].id), t.fitted ? fixed(t.slope, 3) : "-",
                    t.fitted ? "[" + fixed(t.slopeInterval.low, 3) + ", " + fixed(t.slopeInterval.high, 3) + "]" : "-",
                    t.fitted ? pValueText(t.slopeP) : "-",
                    !t.fitted ? "-" : t.residualDf > 0 ? fixed(t.dispersion, 2) + " (" + std::to_string(t.residualDf) + " df)" : "not estimable",
                    t.fitted ? ranges : "not fitted (too few points or separated)"});
  }
  page.table({"variant", "slope / 100 Elo", "95% interval", "p", "dispersion", "verdict by Elo"}, rows, "trends");
  page.figures({{balanceEloChart(r), "Balance against measured strength: each variant's " + r.sideNames[0] +
                                         " score at each strength's Elo, with the fitted trend; dashed lines at 0.5 "
                                         "and at the balance margin."}});
}

void pooledSection(HtmlPage& page, const BalanceResults& r) {
  const PooledModel& m = r.pooled;
  page.section("Pooled model");
  if (!m.fitted) {
    page.paragraph("Not fitted: " + escapeHtml(m.reason) + ".");
    return;
  }
  page.paragraph("One logistic model of the " + escapeHtml(r.sideNames[0]) + " score (draws as half; each cell's "
                 "stopping-adjusted score) over " +
                 (r.elo.rated() ? std::string("every cell, with the strengths' Elo as a covariate carrying its standard error")
                                : std::string("the strongest agent's cells (the strengths are not rated)")) +
                 ": the rule factors" + (m.interactions ? " and their two-way interactions" : "") +
                 ", fitted by quasi-likelihood with Firth's penalty (its estimates stay finite where a cell has "
                 "almost no wins for one side): each cell's variance is its games' binomial variance times the "
                 "games' own dispersion (" + fixed(m.gameDispersion, 2) + "; below 1 when games are drawn), and the "
                 "cells' scatter beyond that widens the intervals (dispersion " + fixed(m.dispersion, 2) + " on " +
                 std::to_string(m.residualDf) + " df; intervals on Student's t)" +
                 (m.hasEloSlope ? ". With one Elo slope for every rule set, the logit of the score moves by " +
                                      fixed(m.eloSlope.value, 3) + " [" + fixed(m.eloSlope.low, 3) + ", " +
                                      fixed(m.eloSlope.high, 3) + "] per 100 Elo"
                                : std::string()) +
                 ". The effects below are read from the <b>" + escapeHtml(m.effectsModel) + "</b> model at Elo " +
                 fixed(m.topElo, 0) + (m.effectsModel == "rule x Elo" ? " (the model with a rule x Elo term for "
                                       "each rule, which nests the one-slope model)" : "") +
                 ". A rule's effect is the mean change of the score when it changes: within each level of every "
                 "other factor (averaged over the factors left), and over all of them; the average is judged only "
                 "where no other factor's levels are shown to change the effect (p &lt; 0.05). Within the margin "
                 "when its 90% interval lies inside &plusmn;" + fixed(r.study.stopping.margin, 3) + ", raises or "
                 "lowers when its 95% interval excludes 0. Whether the effect changes with strength: the effect at "
                 "Elo " + fixed(m.topElo, 0) + " less the effect at Elo " + fixed(m.lowElo, 0) + " (the weakest "
                 "agent's), rises or falls when its Holm-adjusted p (over the rules) is below 0.05, suggestive "
                 "when only its own p is" +
                 (m.strengthMeasured ? "." : ": not measured (" + escapeHtml(m.strengthReason) + ")."));
  std::vector<std::vector<std::string>> rows;
  for (const RuleEffect& e : m.effects) {
    const std::string change = escapeHtml(e.from + " -> " + e.to);
    for (const LevelEffect& l : e.within) {
      rows.push_back({escapeHtml(e.factor), change, "with " + escapeHtml(l.factor + " " + l.level), scoreText(l.effect),
                      pValueText(l.p), escapeHtml(l.verdict), "", "", ""});
    }
    rows.push_back({escapeHtml(e.factor), change, "<b>averaged</b> over the other factors", scoreText(e.effect),
                    pValueText(e.p), escapeHtml(e.verdict + (e.differsWhy.empty() ? "" : " (" + e.differsWhy + ")")), m.strengthMeasured ? scoreText(e.strengthChange) : "-",
                    m.strengthMeasured ? pValueText(e.strengthP) + " (Holm " + pValueText(e.strengthAdjusted) + ")" : "-",
                    m.strengthMeasured ? escapeHtml(e.strengthVerdict) : "not measured"});
  }
  page.table({"rule", "change", "where", "effect on the score [95% CI]", "p", "verdict",
              "effect's change from Elo " + fixed(m.lowElo, 0) + " to " + fixed(m.topElo, 0) + " [95% CI]", "p",
              "with strength"},
             rows, "pooled");
  rows.clear();
  for (size_t v = 0; v < m.topScores.size() && v < r.study.variants.size(); ++v) {
    rows.push_back({escapeHtml(r.study.variants[v].id), scoreText(m.topScores[v])});
  }
  page.table({"variant", "predicted score at the top [95% CI]"}, rows, "pooled-top");
  if (r.openings.pairs == 0) return;
  page.paragraph("Shared openings: each game opens with " + std::to_string(r.study.diversity.randomPlies) +
                 " random plies seeded by its round, so " + std::to_string(r.openings.pairs) + " pairs of cells of "
                 "one strength open " + std::to_string(r.openings.sharedRounds) + " rounds alike (" +
                 std::to_string(r.openings.identicalGames) + " whole games repeated across cells). Over the " +
                 std::to_string(r.openings.measuredPairs) + " pairs with at least " +
                 std::to_string(SharedOpenings::kMinSharedRounds) + " such rounds, their " + escapeHtml(r.sideNames[0]) +
                 " scores correlate " + fixed(r.openings.medianCorrelation, 2) + " (median; " +
                 fixed(r.openings.lowCorrelation, 2) + " to " + fixed(r.openings.highCorrelation, 2) + "). The model "
                 "takes cells as independent: with a positive correlation, that overstates the error of a "
                 "difference between two such cells (its intervals are conservative there) and understates the "
                 "error of an average over them.");
}

}  // namespace tz
