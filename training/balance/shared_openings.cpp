#include "training/balance/shared_openings.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>

namespace tz {

namespace {

// The start position and the first `plies` moves of a game.
std::string openingOf(const GameRecord& g, int plies) {
  size_t end = 0;
  for (int i = 0; i < plies; ++i) {
    end = g.moves.find(' ', i == 0 ? 0 : end + 1);
    if (end == std::string::npos) break;
  }
  return g.startPosition + "|" + std::to_string(g.startSide) + "|" + g.moves.substr(0, end);
}

// Side 0's score of a game: 1, 1/2 or 0.
double scoreOf(const GameRecord& g) { return g.winner == 0 ? 1 : g.winner == 1 ? 0 : 0.5; }

// Pearson's correlation of paired values; NaN when either does not vary.
double correlation(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = double(x.size());
  double mx = 0, my = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    mx += x[i] / n;
    my += y[i] / n;
  }
  double sxy = 0, sxx = 0, syy = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : std::nan("");
}

}  // namespace

SharedOpenings sharedOpenings(const std::vector<std::vector<GameRecord>>& cells, const std::vector<int>& groups,
                              int openingPlies) {
  SharedOpenings out;
  if (openingPlies <= 0) return out;
  // Per cell: round -> (opening, score), and the whole games.
  std::vector<std::map<int, std::pair<std::string, double>>> rounds(cells.size());
  std::vector<std::set<std::string>> whole(cells.size());
  for (size_t c = 0; c < cells.size(); ++c)
    for (const GameRecord& g : cells[c]) {
      rounds[c][g.round] = {openingOf(g, openingPlies), scoreOf(g)};
      whole[c].insert(g.startPosition + "|" + g.moves);
    }
  std::vector<double> correlations;
  for (size_t a = 0; a < cells.size(); ++a) {
    for (const GameRecord& g : cells[a]) {
      for (size_t b = 0; b < cells.size(); ++b)
        if (b != a && groups[b] == groups[a] && whole[b].count(g.startPosition + "|" + g.moves)) {
          ++out.identicalGames;
          break;
        }
    }
    for (size_t b = a + 1; b < cells.size(); ++b) {
      if (groups[a] != groups[b]) continue;
      std::vector<double> x, y;
      for (const auto& [round, game] : rounds[a]) {
        const auto other = rounds[b].find(round);
        if (other == rounds[b].end() || other->second.first != game.first) continue;
        x.push_back(game.second);
        y.push_back(other->second.second);
      }
      if (x.empty()) continue;
      ++out.pairs;
      out.sharedRounds += int(x.size());
      if (int(x.size()) < SharedOpenings::kMinSharedRounds) continue;
      const double r = correlation(x, y);
      if (std::isfinite(r)) correlations.push_back(r);
    }
  }
  out.measuredPairs = int(correlations.size());
  if (!correlations.empty()) {
    std::sort(correlations.begin(), correlations.end());
    const size_t n = correlations.size();
    out.medianCorrelation = n % 2 ? correlations[n / 2] : (correlations[n / 2 - 1] + correlations[n / 2]) / 2;
    out.lowCorrelation = correlations.front();
    out.highCorrelation = correlations.back();
  }
  return out;
}

}  // namespace tz
