#include "training/balance/balance_results.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

#include "game/registry.h"
#include "training/balance/stopping_adjustment.h"
#include "training/matches/arena.h"

namespace tz {

bool EloAxis::rated() const {
  if (ratings.empty()) return false;
  for (const Rating& rating : ratings)
    if (!std::isfinite(rating.elo)) return false;
  return true;
}

double BalanceResults::eloSpan() const {
  if (elo.ratings.empty()) return 0;
  const auto [low, high] = std::minmax_element(elo.ratings.begin(), elo.ratings.end(),
                                               [](const Rating& a, const Rating& b) { return a.elo < b.elo; });
  return high->elo - low->elo;
}

int BalanceResults::topStrength() const {
  if (!elo.rated()) return int(study.strengths.size()) - 1;
  const auto& ratings = elo.ratings;
  return int(std::max_element(ratings.begin(), ratings.end(),
                              [](const Rating& a, const Rating& b) { return a.elo < b.elo; }) -
             ratings.begin());
}

namespace {

nlohmann::json estimateJson(int count, const Estimate& e) {
  return {{"count", count}, {"rate", e.value}, {"low", e.low}, {"high", e.high}};
}

// The Elo games between every two strengths on the reference variant, fitted into ratings;
// with the variant's cells (each strength against itself), fitted into ratings by colour.
EloAxis eloAxis(const BalanceResults& r, const RecordStore& store) {
  const StudyConfig& study = r.study;
  EloAxis axis;
  axis.variant = eloVariantIndex(study);
  const int n = int(study.strengths.size());
  const auto& v = study.variants[size_t(axis.variant)];
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      const MatchTally m = tallyMatch(store.gamesByTag(eloTag(v, study.strengths[size_t(a)], study.strengths[size_t(b)])));
      const Tally t = m.overall(), first = m.bySide[0], second = m.bySide[1];
      axis.pairs.push_back({a, b, double(t.wins), double(t.draws), double(t.losses)});
      axis.byColour.push_back({a, b, double(first.wins), double(first.draws), double(first.losses)});
      axis.byColour.push_back({b, a, double(second.losses), double(second.draws), double(second.wins)});
    }
  }
  for (int s = 0; s < n; ++s) {
    const Trinomial t = r.cell(axis.variant, s).stats.effective();
    axis.byColour.push_back({s, s, t.wins, t.draws, t.losses});
  }
  axis.ratings = fitRatings(n, axis.pairs, 0);
  axis.colours = fitColourRatings(n, axis.byColour, 0);
  return axis;
}

// Side 0's score of a variant at each strength's Elo.
std::vector<TrendPoint> trendPoints(const BalanceResults& r, int variant) {
  std::vector<TrendPoint> points;
  for (size_t s = 0; s < r.study.strengths.size(); ++s) {
    const CellResult& c = r.cell(variant, int(s));
    const Trinomial t = c.stats.effective();
    points.push_back({r.elo.ratings[s].elo, c.adjustedScore, c.balance.effectiveGames, r.elo.ratings[s].stderr,
                      t.games() > 0 ? t.draws / t.games() : 0});
  }
  return points;
}

// Why the trend of `variant` is not read as a finding: its near-separated cells (one side with
// fewer than kNearSeparated non-losses), whose few games decide the line's slope; else empty.
std::string trendCaveat(const BalanceResults& r, int variant) {
  std::string cells;
  for (size_t s = 0; s < r.study.strengths.size(); ++s) {
    const CellResult& c = r.cell(variant, int(s));
    if (!c.exact.applies) continue;
    cells += (cells.empty() ? "" : ", ") + r.study.strengths[s].name + " (" + std::to_string(c.exact.nonLosses) + " " +
             r.sideNames[c.exact.side] + " non-losses in " + std::to_string(c.stats.games) + ")";
  }
  return cells.empty() ? "" : "near-separated at " + cells + ": a trend through so few non-losses is not a finding";
}

// The pooled model of the study's cells: every cell with the strengths' Elo when they are
// rated, else the strongest (last) strength's cells alone.
PooledModel pooledModel(const BalanceResults& r) {
  std::vector<PooledFactor> factors;
  for (const std::string& name : r.study.factors) factors.push_back({name, {}});
  std::vector<std::vector<int>> levels;  // per variant, the level index of each factor
  for (const StudyVariant& v : r.study.variants) {
    levels.emplace_back();
    for (size_t f = 0; f < factors.size() && f < v.levels.size(); ++f) {
      const std::string level = v.levels[f].substr(v.levels[f].find('=') + 1);
      auto& known = factors[f].levels;
      const auto at = std::find(known.begin(), known.end(), level);
      levels.back().push_back(int(at - known.begin()));
      if (at == known.end()) known.push_back(level);
    }
  }
  std::vector<PooledCell> cells;
  const int strengths = int(r.study.strengths.size());
  for (const CellResult& c : r.cells) {
    const bool rated = r.elo.rated();
    if (!rated && c.strength != strengths - 1) continue;
    const double elo = rated ? r.elo.ratings[size_t(c.strength)].elo : 0;
    const double stderr = rated ? r.elo.ratings[size_t(c.strength)].stderr : 0;
    const Trinomial t = c.stats.effective();
    const double drawRate = t.games() > 0 ? t.draws / t.games() : 0;
    cells.push_back({levels[size_t(c.variant)], elo, stderr, c.balance.effectiveGames, c.adjustedScore, drawRate});
  }
  return fitPooledModel(factors, cells, r.study.stopping.margin);
}

nlohmann::json pooledJson(const BalanceResults& r) {
  const PooledModel& m = r.pooled;
  if (!m.fitted) return {{"fitted", false}, {"reason", m.reason}};
  nlohmann::json effects = nlohmann::json::array(), top = nlohmann::json::array();
  for (const RuleEffect& e : m.effects) {
    nlohmann::json within = nlohmann::json::array();
    for (const LevelEffect& l : e.within) {
      within.push_back({{"factor", l.factor}, {"level", l.level}, {"effect", l.effect.value}, {"low", l.effect.low},
                        {"high", l.effect.high}, {"p", l.p}, {"verdict", l.verdict}});
    }
    nlohmann::json effect = {{"factor", e.factor}, {"from", e.from}, {"to", e.to}, {"effect", e.effect.value},
                             {"low", e.effect.low}, {"high", e.effect.high}, {"p", e.p}, {"verdict", e.verdict},
                             {"within", within}, {"differs_with", e.differsWith}, {"differs_why", e.differsWhy},
                             {"differs_p", e.differsP}};
    if (m.strengthMeasured) {
      effect["with_strength"] = {{"change", e.strengthChange.value}, {"low", e.strengthChange.low},
                                 {"high", e.strengthChange.high}, {"p", e.strengthP},
                                 {"p_holm", e.strengthAdjusted}, {"verdict", e.strengthVerdict}};
    }
    effects.push_back(std::move(effect));
  }
  for (size_t v = 0; v < m.topScores.size() && v < r.study.variants.size(); ++v) {
    const Estimate& s = m.topScores[v];
    top.push_back({{"variant", r.study.variants[v].id}, {"value", s.value}, {"low", s.low}, {"high", s.high}});
  }
  nlohmann::json slope = nullptr;
  if (m.hasEloSlope) slope = {{"value", m.eloSlope.value}, {"low", m.eloSlope.low}, {"high", m.eloSlope.high}};
  return {{"fitted", true},
          {"terms", m.terms},
          {"interactions", m.interactions},
          {"residual_df", m.residualDf},
          {"game_dispersion", m.gameDispersion},
          {"dispersion", m.dispersion},
          {"top_elo", m.topElo},
          {"low_elo", m.lowElo},
          {"with_strength", m.strengthMeasured ? nlohmann::json(true) : nlohmann::json(m.strengthReason)},
          {"effects_model", m.effectsModel},
          {"elo_slope_per_100", slope},
          {"effects", effects},
          {"top_scores", top}};
}

nlohmann::json balanceJson(const BalanceTest& t, const StudyVerdict& study, const std::string sides[2]) {
  return {{"score", {{"value", t.score.value}, {"low", t.score.low}, {"high", t.score.high}}},
          {"effective_games", t.effectiveGames},
          {"equivalence_p", t.equivalenceP},
          {"minimum_effect_p", t.favouredP},
          {"alpha", t.alpha},
          {"verdict", verdictName(t.verdict, sides[0], sides[1])},
          {"holm_level", study.level},
          {"holm_adjusted", study.adjusted},
          {"study_verdict", verdictName(study.verdict, sides[0], sides[1])}};
}

// A rating as {elo, stderr, games}, elo and stderr null when not rated.
nlohmann::json ratingJson(const Rating& rating) {
  if (!std::isfinite(rating.elo)) return {{"elo", nullptr}, {"stderr", nullptr}, {"games", rating.games}};
  return {{"elo", rating.elo}, {"stderr", rating.stderr}, {"games", rating.games}};
}

// The ratings by colour: per strength each side's Elo relative to the anchor (the first
// strength) on that side, and the anchor's colour advantage.
nlohmann::json colourJson(const BalanceResults& r) {
  const ColourRatings& c = r.elo.colours;
  nlohmann::json strengths = nlohmann::json::array();
  for (size_t s = 0; s < c.players.size(); ++s) {
    const ColourRating& p = c.players[s];
    strengths.push_back({{"strength", r.study.strengths[s].name}, {"rated", p.rated()},
                         {r.sideNames[0], ratingJson(p.side[0])}, {r.sideNames[1], ratingJson(p.side[1])}});
  }
  nlohmann::json score = nullptr;
  if (std::isfinite(c.anchorScore.value)) {
    score = {{"value", c.anchorScore.value}, {"low", c.anchorScore.low}, {"high", c.anchorScore.high}};
  }
  return {{"anchor", r.study.strengths.front().name}, {"strengths", strengths},
          {"anchor_advantage", ratingJson(c.anchorAdvantage)}, {"anchor_" + r.sideNames[0] + "_score", score}};
}

nlohmann::json eloJson(const BalanceResults& r) {
  nlohmann::json ratings = nlohmann::json::array(), trends = nlohmann::json::array();
  for (size_t s = 0; s < r.elo.ratings.size(); ++s) {
    ratings.push_back({{"strength", r.study.strengths[s].name}, {"elo", r.elo.ratings[s].elo},
                       {"stderr", r.elo.ratings[s].stderr}, {"games", r.elo.ratings[s].games}});
  }
  for (size_t v = 0; v < r.trends.size(); ++v) {
    const Trend& t = r.trends[v];
    if (!t.fitted) continue;
    trends.push_back({{"variant", r.study.variants[v].id},
                      {"slope_per_100_elo", t.slope},
                      {"slope_low", t.slopeInterval.low},
                      {"slope_high", t.slopeInterval.high},
                      {"p", t.slopeP},
                      {"dispersion", t.dispersion},
                      {"residual_df", t.residualDf},
                      {"caveat", v < r.trendCaveats.size() ? r.trendCaveats[v] : ""},
                      {"fitted_at_top", estimateJson(0, trendScore(t, r.elo.ratings[size_t(r.topStrength())].elo))}});
  }
  nlohmann::json limits = nlohmann::json::array();
  for (size_t v = 0; v < r.limits.size(); ++v) {
    const Convergence& c = r.limits[v];
    if (!c.measured) continue;
    limits.push_back({{"variant", r.study.variants[v].id}, {"from_elo", c.fromElo}, {"to_elo", c.toElo},
                      {"change", c.change.value}, {"change_low", c.change.low}, {"change_high", c.change.high},
                      {"converged", c.converged}, {"moving", c.moving}, {"half_width_90", c.halfWidth90},
                      {"measurable", c.measurable},
                      {"games_needed_per_rung", c.gamesNeeded}, {"dispersion", c.dispersion.value},
                      {"dispersion_df", c.dispersion.df}});
  }
  nlohmann::json next = nlohmann::json::array();
  for (size_t v = 0; v < r.nextRungs.size(); ++v) {
    const NextBoundary& n = r.nextRungs[v];
    if (!n.measured) continue;
    nlohmann::json row{{"variant", r.study.variants[v].id}, {"reached", n.reached}};
    if (n.reached) {
      row.update({{"boundary", n.boundary}, {"elo_above_top", n.eloAbove}, {"soonest", n.soonest},
                  {"may_never", n.mayNever}});
    }
    next.push_back(std::move(row));
  }
  return {{"variant", r.study.variants[size_t(r.elo.variant)].id},
          {"ratings", ratings},
          {"next_rungs", next},
          {"colour_ratings", colourJson(r)},
          {"trends", trends},
          {"limits", limits}};
}

}  // namespace

BalanceResults balanceResults(const StudyConfig& study, const RecordStore& store) {
  BalanceResults r;
  r.study = study;
  const auto game = loadGame(study.variants.front().base, study.variants.front().sets);
  for (int side : {0, 1}) r.sideNames[side] = game->sideName(side);
  std::vector<std::vector<GameRecord>> games;
  std::vector<int> strengthOf;
  for (size_t v = 0; v < study.variants.size(); ++v) {
    for (size_t s = 0; s < study.strengths.size(); ++s) {
      const StoppingRule rule = cellRule(study, int(v), int(s));
      CellResult c;
      c.variant = int(v);
      c.strength = int(s);
      c.tag = cellTag(study.variants[v], study.strengths[s]);
      games.push_back(store.gamesByTag(c.tag));
      strengthOf.push_back(int(s));
      c.stats = cellStats(games.back());
      c.progress = cellProgress(games.back(), rule);
      c.balance = cellBalance(c.stats.counts(), c.stats.repeated, rule);
      c.family = familyOf(study, int(v), int(s)).name;
      c.adjustedScore = stoppingAdjustedScore(c.stats.counts(), rule);
      c.exact = exactBound(c.stats);
      r.cells.push_back(std::move(c));
    }
  }
  r.openings = sharedOpenings(games, strengthOf, study.diversity.randomPlies);
  // Holm within each family: the cells of one question are read together.
  for (const StudyFamily& family : familiesOf(study)) {
    std::vector<std::array<int, 3>> counts;
    std::vector<int> repeated;
    for (int i : family.cells) {
      counts.push_back(r.cells[size_t(i)].stats.counts());
      repeated.push_back(r.cells[size_t(i)].stats.repeated);
    }
    const int first = family.cells.front(), strengths = int(study.strengths.size());
    const std::vector<StudyVerdict> verdicts =
        studyVerdicts(counts, repeated, cellRule(study, first / strengths, first % strengths));
    for (size_t k = 0; k < family.cells.size(); ++k) r.cells[size_t(family.cells[k])].study = verdicts[k];
  }
  const int nv = int(study.variants.size()), ns = int(study.strengths.size());
  if (nv >= 2) {
    for (int s = 0; s < ns; ++s) {
      Comparison c;
      c.title = "variants at strength " + study.strengths[size_t(s)].name;
      for (int v = 0; v < nv; ++v) {
        c.labels.push_back(study.variants[size_t(v)].id);
        c.groups.push_back(r.cell(v, s).stats.effective());
      }
      c.test = compareGroups(c.groups);
      r.comparisons.push_back(std::move(c));
    }
  }
  if (ns >= 2) {
    for (int v = 0; v < nv; ++v) {
      Comparison c;
      c.title = "strengths of variant " + study.variants[size_t(v)].id;
      for (int s = 0; s < ns; ++s) {
        c.labels.push_back(study.strengths[size_t(s)].name);
        c.groups.push_back(r.cell(v, s).stats.effective());
      }
      c.test = compareGroups(c.groups);
      r.comparisons.push_back(std::move(c));
    }
  }
  std::vector<double> p;
  for (const auto& c : r.comparisons) p.push_back(c.test.chi.p);
  const auto adjusted = holmAdjust(p);
  for (size_t i = 0; i < adjusted.size(); ++i) r.comparisons[i].chiAdjusted = adjusted[i];
  if (study.elo.games > 0) {
    r.elo = eloAxis(r, store);
    if (r.elo.rated()) {
      for (int v = 0; v < nv; ++v) {
        r.trends.push_back(fitTrend(trendPoints(r, v)));
        r.nextRungs.push_back(nextBoundary(r.trends.back(), r.elo.ratings[size_t(r.topStrength())].elo,
                                           study.stopping.margin));
      }
      // Three rungs leave one degree of freedom of their own: the convergence test borrows
      // the scatter of every variant's whole trend.
      const Dispersion scatter = pooledDispersion(r.trends);
      for (int v = 0; v < nv; ++v) r.limits.push_back(convergence(trendPoints(r, v), study.stopping.margin, scatter));
      for (int v = 0; v < nv; ++v) r.trendCaveats.push_back(trendCaveat(r, v));
    }
  }
  r.pooled = pooledModel(r);
  return r;
}

nlohmann::json resultsToJson(const BalanceResults& r) {
  nlohmann::json cells = nlohmann::json::array();
  for (const CellResult& c : r.cells) {
    const CellStats& s = c.stats;
    nlohmann::json cell{{"variant", r.study.variants[size_t(c.variant)].id},
                        {"strength", r.study.strengths[size_t(c.strength)].name},
                        {"tag", c.tag},
                        {"games", s.games},
                        {r.sideNames[0], estimateJson(s.wins[0], s.winRate[0])},
                        {r.sideNames[1], estimateJson(s.wins[1], s.winRate[1])},
                        {"draws", estimateJson(s.draws, s.drawRate)},
                        {"reasons", s.reasons},
                        {"plies",
                         {{"mean", mean(s.plies)},
                          {"median", quantile(s.plies, 0.5)},
                          {"p10", quantile(s.plies, 0.1)},
                          {"p90", quantile(s.plies, 0.9)},
                          {"min", s.plies.empty() ? 0 : s.plies.front()},
                          {"max", s.plies.empty() ? 0 : s.plies.back()}}},
                        {"finished", c.progress.stop != StopReason::kContinue},
                        {"stop", stopReasonName(c.progress.stop)},
                        {"repeated_games", s.repeated},
                        {"balance", balanceJson(c.balance, c.study, r.sideNames)}};
    if (s.games > 0) cell["score_half_width"] = scoreHalfWidth(s.counts(), s.repeated);
    cell["family"] = c.family;
    cell["adjusted_score"] = c.adjustedScore;
    if (c.exact.applies) {
      cell["exact_bound"] = {{"side", r.sideNames[c.exact.side]}, {"non_losses", c.exact.nonLosses},
                             {"score_at_most", c.exact.bound}};
    }
    cells.push_back(std::move(cell));
  }
  nlohmann::json tests = nlohmann::json::array();
  for (const Comparison& c : r.comparisons) {
    nlohmann::json pairs = nlohmann::json::array();
    for (const PairTest& t : c.test.pairs) {
      pairs.push_back({{"a", c.labels[size_t(t.a)]}, {"b", c.labels[size_t(t.b)]}, {"p", t.p}, {"p_holm", t.adjusted}});
    }
    tests.push_back({{"title", c.title},
                     {"groups", c.labels},
                     {"chi_squared", c.test.chi.statistic},
                     {"dof", c.test.chi.dof},
                     {"p", c.test.chi.p},
                     {"p_holm", c.chiAdjusted},
                     {"pairwise_" + r.sideNames[0] + "_score", pairs}});
  }
  nlohmann::json out{{"study", r.study.description}, {"sides", {r.sideNames[0], r.sideNames[1]}}, {"cells", cells},
                     {"tests", tests}, {"balance_margin", r.study.stopping.margin}};
  out["openings"] = {{"pairs", r.openings.pairs}, {"shared_rounds", r.openings.sharedRounds},
                     {"identical_games", r.openings.identicalGames}, {"measured_pairs", r.openings.measuredPairs},
                     {"median_correlation", r.openings.medianCorrelation}, {"low_correlation", r.openings.lowCorrelation},
                     {"high_correlation", r.openings.highCorrelation}};
  if (!r.elo.ratings.empty()) out["elo"] = eloJson(r);
  out["pooled"] = pooledJson(r);
  return out;
}

}  // namespace tz
