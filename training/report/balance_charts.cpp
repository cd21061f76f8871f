#include "training/report/balance_charts.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "training/charts/svg_chart.h"

namespace tz {

namespace {

// A rate as a chart value: NaN (not drawn) for a group without games.
double rateOrNan(const CellStats& s, double value) {
  return s.games > 0 ? value : std::numeric_limits<double>::quiet_NaN();
}

// Round bin width covering `maxValue` in at most ~20 bins: 1, 2, 5, 10, 20, ...
int binWidth(int maxValue) {
  for (int mag = 1;; mag *= 10)
    for (int m : {1, 2, 5})
      if (m * mag * 20 >= maxValue) return m * mag;
}

}  // namespace

std::string resultChart(const std::string& title, const StatsGroups& groups, const std::string sideNames[2]) {
  Chart chart;
  chart.title = title;
  chart.yLabel = "share of games";
  chart.categories = groups.labels;
  chart.fixedY = true;
  chart.referenceY = {0.5};
  const std::string names[3] = {sideNames[0] + " win", sideNames[1] + " win", "draw"};
  for (int k = 0; k < 3; ++k) {
    Series s;
    s.label = names[k];
    s.style = Series::kBars;
    for (const CellStats* c : groups.stats) {
      const Estimate& e = k < 2 ? c->winRate[k] : c->drawRate;
      s.y.push_back(rateOrNan(*c, e.value));
      s.lo.push_back(e.low);
      s.hi.push_back(e.high);
    }
    chart.series.push_back(std::move(s));
  }
  return renderSvg(chart, 720, 360);
}

std::string lengthChart(const std::string& title, const StatsGroups& groups) {
  int longest = 1;
  for (const CellStats* c : groups.stats)
    if (!c->plies.empty()) longest = std::max(longest, c->plies.back());
  const int width = binWidth(longest), bins = longest / width + 1;
  Chart chart;
  chart.title = title;
  chart.xLabel = "game length (plies), bins of " + std::to_string(width);
  chart.yLabel = "share of games";
  chart.fixedY = true;
  chart.yMax = 0;
  for (size_t g = 0; g < groups.stats.size(); ++g) {
    const CellStats& c = *groups.stats[g];
    if (c.games == 0) continue;
    std::vector<double> counts(size_t(bins), 0);
    for (int p : c.plies) counts[size_t(p / width)] += 1;
    Series s;
    s.label = groups.labels[g];
    for (int b = 0; b < bins; ++b) {
      s.x.push_back((b + 0.5) * width);
      s.y.push_back(counts[size_t(b)] / c.games);
      chart.yMax = std::max(chart.yMax, 1.1 * s.y.back());
    }
    chart.series.push_back(std::move(s));
  }
  return renderSvg(chart, 720, 360);
}

std::string reasonChart(const std::string& title, const StatsGroups& groups) {
  std::set<std::string> reasons;
  for (const CellStats* c : groups.stats)
    for (const auto& [reason, n] : c->reasons) reasons.insert(reason);
  Chart chart;
  chart.title = title;
  chart.yLabel = "share of games";
  chart.categories.assign(reasons.begin(), reasons.end());
  chart.fixedY = true;
  for (size_t g = 0; g < groups.stats.size(); ++g) {
    const CellStats& c = *groups.stats[g];
    Series s;
    s.label = groups.labels[g];
    s.style = Series::kBars;
    for (const std::string& reason : chart.categories) {
      const auto it = c.reasons.find(reason);
      s.y.push_back(rateOrNan(c, it == c.reasons.end() ? 0.0 : double(it->second) / c.games));
    }
    chart.series.push_back(std::move(s));
  }
  return renderSvg(chart, 720, 360);
}

std::string strengthChart(const BalanceResults& r) {
  Chart chart;
  chart.title = r.sideNames[0] + " win rate against agent strength (95% Wilson intervals)";
  chart.xLabel = "agent strength";
  chart.yLabel = r.sideNames[0] + " win rate";
  for (const auto& s : r.study.strengths) chart.categories.push_back(s.name);
  chart.fixedY = true;
  chart.referenceY = {0.5};
  for (size_t v = 0; v < r.study.variants.size(); ++v) {
    Series s;
    s.label = r.study.variants[v].id;
    s.style = Series::kLine;
    for (size_t k = 0; k < r.study.strengths.size(); ++k) {
      const CellStats& c = r.cell(int(v), int(k)).stats;
      s.y.push_back(rateOrNan(c, c.winRate[0].value));
      s.lo.push_back(c.winRate[0].low);
      s.hi.push_back(c.winRate[0].high);
    }
    chart.series.push_back(std::move(s));
  }
  return renderSvg(chart, 720, 360);
}

}  // namespace tz
