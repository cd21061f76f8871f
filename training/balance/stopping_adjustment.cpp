#include "training/balance/stopping_adjustment.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

#include "training/balance/cell_simulation.h"

namespace tz {

bool canStopEarly(const StoppingRule& rule) {
  return lookSchedule(rule.minGames, rule.maxGames, rule.batch).size() > 1;
}

StoppedScoreCurve::StoppedScoreCurve(const StoppingRule& rule, double drawRate, int paths, int points, uint64_t seed) {
  truth_.assign(2, {});
  expected_.assign(2, {});
  const double low = drawRate / 2, high = 1 - drawRate / 2;
  points = std::max(points, 2);
  for (int k = 0; k < points; ++k) {
    const double score = low + (high - low) * k / (points - 1);
    double sum[2] = {0, 0};
    int stops[2] = {0, 0};
    for (int i = 0; i < paths; ++i) {
      const SimulatedStop s = playCell({score, drawRate}, rule, pathSeed(seed, i));
      const int group = s.games >= rule.maxGames;
      sum[group] += s.score();
      ++stops[group];
    }
    for (int group : {0, 1}) {
      if (stops[group] < kMinStops) continue;
      truth_[size_t(group)].push_back(score);
      expected_[size_t(group)].push_back(sum[group] / stops[group]);
    }
  }
  // Common random numbers keep each curve smooth; made monotone so that it inverts.
  for (auto& e : expected_)
    for (size_t k = 1; k < e.size(); ++k) e[k] = std::max(e[k], e[k - 1]);
}

double StoppedScoreCurve::invert(bool early, double observed) const {
  const size_t group = early ? 0 : 1;
  if (truth_[group].empty()) return observed;
  const std::vector<double>& x = expected_[group];
  const std::vector<double>& y = truth_[group];
  if (observed <= x.front()) return y.front();
  if (observed >= x.back()) return y.back();
  const size_t k = size_t(std::upper_bound(x.begin(), x.end(), observed) - x.begin());
  const double dx = x[k] - x[k - 1];
  return dx > 0 ? y[k - 1] + (y[k] - y[k - 1]) * (observed - x[k - 1]) / dx : y[k];
}

double stoppingAdjustedScore(const std::array<int, 3>& counts, const StoppingRule& rule) {
  const int games = counts[0] + counts[1] + counts[2];
  if (games == 0) return 0;
  const double score = (counts[0] + 0.5 * counts[2]) / games;
  if (!canStopEarly(rule)) return score;
  const double drawRate = std::round(100.0 * counts[2] / games) / 100;
  static std::mutex mutex;
  static std::map<std::tuple<int, int, int, double, double, bool, int, double>, std::shared_ptr<StoppedScoreCurve>> known;
  std::shared_ptr<StoppedScoreCurve> curve;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto& slot = known[std::make_tuple(rule.minGames, rule.maxGames, rule.batch, rule.precision, rule.margin,
                                       rule.onVerdict, rule.family, drawRate)];
    if (!slot) slot = std::make_shared<StoppedScoreCurve>(rule, drawRate);
    curve = slot;
  }
  return curve->invert(games < rule.maxGames, score);
}

}  // namespace tz
