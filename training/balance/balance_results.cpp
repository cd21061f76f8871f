#include "training/balance/balance_results.h"

#include <nlohmann/json.hpp>

#include "game/registry.h"

namespace tz {

namespace {

nlohmann::json estimateJson(int count, const Estimate& e) {
  return {{"count", count}, {"rate", e.value}, {"low", e.low}, {"high", e.high}};
}

}  // namespace

BalanceResults balanceResults(const StudyConfig& study, const RecordStore& store) {
  BalanceResults r;
  r.study = study;
  const auto game = loadGame(study.base, study.variants.front().sets);
  for (int side : {0, 1}) r.sideNames[side] = game->sideName(side);
  for (size_t v = 0; v < study.variants.size(); ++v) {
    for (size_t s = 0; s < study.strengths.size(); ++s) {
      CellResult c;
      c.variant = int(v);
      c.strength = int(s);
      c.tag = cellTag(study.variants[v], study.strengths[s]);
      const auto games = store.gamesByTag(c.tag);
      c.stats = cellStats(games);
      c.progress = cellProgress(games, study.stopping);
      r.cells.push_back(std::move(c));
    }
  }
  const int nv = int(study.variants.size()), ns = int(study.strengths.size());
  if (nv >= 2) {
    for (int s = 0; s < ns; ++s) {
      Comparison c;
      c.title = "variants at strength " + study.strengths[size_t(s)].name;
      for (int v = 0; v < nv; ++v) {
        c.labels.push_back(study.variants[size_t(v)].id);
        c.counts.push_back(r.cell(v, s).stats.counts());
      }
      c.test = compareGroups(c.counts);
      r.comparisons.push_back(std::move(c));
    }
  }
  if (ns >= 2) {
    for (int v = 0; v < nv; ++v) {
      Comparison c;
      c.title = "strengths of variant " + study.variants[size_t(v)].id;
      for (int s = 0; s < ns; ++s) {
        c.labels.push_back(study.strengths[size_t(s)].name);
        c.counts.push_back(r.cell(v, s).stats.counts());
      }
      c.test = compareGroups(c.counts);
      r.comparisons.push_back(std::move(c));
    }
  }
  std::vector<double> p;
  for (const auto& c : r.comparisons) p.push_back(c.test.chi.p);
  const auto adjusted = holmAdjust(p);
  for (size_t i = 0; i < adjusted.size(); ++i) r.comparisons[i].chiAdjusted = adjusted[i];
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
                        {"stop", stopReasonName(c.progress.stop)}};
    if (s.games > 0) cell["half_width"] = wilsonHalfWidth(s.wins[0], s.games);
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
                     {"pairwise_" + r.sideNames[0] + "_win_rate", pairs}});
  }
  return {{"study", r.study.description}, {"sides", {r.sideNames[0], r.sideNames[1]}}, {"cells", cells}, {"tests", tests}};
}

}  // namespace tz
