#include "training/balance/sequential_design.h"

#include <boost/math/distributions/normal.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <tuple>

#include "training/matches/stats.h"

namespace tz {

namespace {

constexpr double kFloor = -8;     // the grid's lowest z: the density below it is negligible
constexpr double kCeiling = 12;   // a boundary never crossed (the crossing probability is below 1e-32)

double density(double x) { return std::exp(-0.5 * x * x) / std::sqrt(2 * M_PI); }

// A uniform grid on [low, high] with Simpson weights, spacing at most `step`.
struct Grid {
  std::vector<double> z, weight;
  Grid(double low, double high, double step) {
    int intervals = std::max(2, int(std::ceil((high - low) / step)));
    intervals += intervals % 2;
    const double h = (high - low) / intervals;
    for (int i = 0; i <= intervals; ++i) {
      z.push_back(low + h * i);
      weight.push_back(h / 3 * (i == 0 || i == intervals ? 1 : i % 2 == 1 ? 4 : 2));
    }
  }
};

}  // namespace

std::vector<int> lookSchedule(int minGames, int maxGames, int batch) {
  std::vector<int> looks;
  for (int n = std::min(minGames, maxGames);; n = std::min(n + batch, maxGames)) {
    looks.push_back(n);
    if (n >= maxGames) return looks;
  }
}

double obrienFlemingSpent(double alpha, double t) {
  if (t <= 0) return 0;
  const boost::math::normal normal;
  const double z = boost::math::quantile(boost::math::complement(normal, alpha / 2));
  return 2 * normalUpperTail(z / std::sqrt(std::min(t, 1.0)));
}

std::vector<double> sequentialBoundaries(const std::vector<int>& looks, double alpha) {
  const boost::math::normal normal;
  std::vector<double> boundaries;
  std::vector<double> f;  // the density of Z_k on the grid below c_k (the cell has not crossed yet)
  Grid grid(0, 1, 1);
  double spent = 0;
  for (size_t k = 0; k < looks.size(); ++k) {
    const double target = obrienFlemingSpent(alpha, double(looks[k]) / looks.back());
    const double increment = target - spent;
    spent = target;
    double c = kCeiling;
    if (k == 0) {
      if (increment > 0) c = std::min(kCeiling, boost::math::quantile(boost::math::complement(normal, increment)));
      grid = Grid(kFloor, c, 0.05);
      f.clear();
      for (double z : grid.z) f.push_back(density(z));
    } else {
      // Z_k = (Z_{k-1} sqrt(I0) + X sqrt(I1 - I0)) / sqrt(I1), X standard normal.
      const double i0 = looks[k - 1], i1 = looks[k], r0 = std::sqrt(i0), r1 = std::sqrt(i1), spread = std::sqrt(i1 - i0);
      auto crossing = [&](double b) {
        double p = 0;
        for (size_t i = 0; i < f.size(); ++i)
          p += grid.weight[i] * f[i] * normalUpperTail((b * r1 - grid.z[i] * r0) / spread);
        return p;
      };
      if (increment > 0 && crossing(kCeiling) < increment) {
        double low = kFloor, high = kCeiling;
        for (int i = 0; i < 60; ++i) {
          const double mid = (low + high) / 2;
          (crossing(mid) > increment ? low : high) = mid;
        }
        c = (low + high) / 2;
      }
      Grid next(kFloor, c, std::min(0.05, std::sqrt((i1 - i0) / i1) / 4));
      std::vector<double> g(next.z.size(), 0);
      for (size_t j = 0; j < next.z.size(); ++j) {
        for (size_t i = 0; i < f.size(); ++i)
          g[j] += grid.weight[i] * f[i] * density((next.z[j] * r1 - grid.z[i] * r0) / spread);
        g[j] *= r1 / spread;
      }
      grid = std::move(next);
      f = std::move(g);
    }
    boundaries.push_back(c);
  }
  return boundaries;
}

const std::vector<double>& scheduleBoundaries(int minGames, int maxGames, int batch, double alpha) {
  static std::mutex mutex;
  static std::map<std::tuple<int, int, int, double>, std::vector<double>> known;
  std::lock_guard<std::mutex> lock(mutex);
  const auto key = std::make_tuple(minGames, maxGames, batch, alpha);
  auto it = known.find(key);
  if (it == known.end())
    it = known.emplace(key, sequentialBoundaries(lookSchedule(minGames, maxGames, batch), alpha)).first;
  return it->second;
}

int lookIndex(const std::vector<int>& looks, int games) {
  const auto past = std::upper_bound(looks.begin(), looks.end(), games);
  return past == looks.begin() ? 0 : int(past - looks.begin()) - 1;
}

}  // namespace tz
