#include "training/balance/balance_stats.h"

#include <algorithm>
#include <cmath>

namespace tz {

CellStats cellStats(const std::vector<GameRecord>& games) {
  CellStats s;
  for (const GameRecord& g : games) {
    ++s.games;
    if (g.winner == 0 || g.winner == 1) ++s.wins[g.winner];
    else ++s.draws;
    ++s.reasons[g.reason];
    s.plies.push_back(g.plies);
  }
  std::sort(s.plies.begin(), s.plies.end());
  if (s.games > 0) {
    for (int side : {0, 1}) s.winRate[side] = wilsonInterval(s.wins[side], s.games);
    s.drawRate = wilsonInterval(s.draws, s.games);
  }
  return s;
}

double mean(const std::vector<int>& values) {
  double sum = 0;
  for (int v : values) sum += v;
  return values.empty() ? 0 : sum / double(values.size());
}

double quantile(const std::vector<int>& v, double q) {
  if (v.empty()) return 0;
  const double at = q * double(v.size() - 1);
  const size_t i = size_t(std::floor(at));
  if (i + 1 >= v.size()) return v.back();
  return v[i] + (at - double(i)) * (v[i + 1] - v[i]);
}

std::string stopReasonName(StopReason reason) {
  switch (reason) {
    case StopReason::kContinue: return "continue";
    case StopReason::kPrecision: return "precision";
    case StopReason::kMaxGames: return "max_games";
  }
  return "continue";
}

double wilsonHalfWidth(int successes, int trials) {
  const Estimate e = wilsonInterval(successes, trials);
  return (e.high - e.low) / 2;
}

StopReason stoppingDecision(int side0Wins, int games, const StoppingRule& rule) {
  if (games >= rule.maxGames) return StopReason::kMaxGames;
  if (games >= rule.minGames && wilsonHalfWidth(side0Wins, games) <= rule.precision) return StopReason::kPrecision;
  return StopReason::kContinue;
}

CellProgress cellProgress(const std::vector<GameRecord>& games, const StoppingRule& rule) {
  std::vector<int> rounds;  // side 0 won round r: 1, else 0; -1 where missing
  for (const GameRecord& g : games) {
    if (g.round >= int(rounds.size())) rounds.resize(size_t(g.round) + 1, -1);
    rounds[size_t(g.round)] = g.winner == 0 ? 1 : 0;
  }
  int target = std::min(rule.minGames, rule.maxGames), have = 0, wins = 0;
  while (true) {
    for (; have < target; ++have) {
      if (have >= int(rounds.size()) || rounds[size_t(have)] < 0) return {target, StopReason::kContinue};
      wins += rounds[size_t(have)];
    }
    const StopReason stop = stoppingDecision(wins, target, rule);
    if (stop != StopReason::kContinue) return {target, stop};
    target = std::min(target + rule.batch, rule.maxGames);
  }
}

GroupComparison compareGroups(const std::vector<std::array<int, 3>>& counts) {
  GroupComparison out;
  std::vector<std::vector<double>> table;
  for (const auto& c : counts) table.push_back({double(c[0]), double(c[1]), double(c[2])});
  out.chi = chiSquareTest(table);
  std::vector<double> p;
  for (size_t a = 0; a < counts.size(); ++a) {
    for (size_t b = a + 1; b < counts.size(); ++b) {
      const long na = counts[a][0] + counts[a][1] + counts[a][2], nb = counts[b][0] + counts[b][1] + counts[b][2];
      PairTest t;
      t.a = int(a);
      t.b = int(b);
      t.p = fisherExact(counts[a][0], na - counts[a][0], counts[b][0], nb - counts[b][0]);
      p.push_back(t.p);
      out.pairs.push_back(t);
    }
  }
  const std::vector<double> adjusted = holmAdjust(p);
  for (size_t i = 0; i < out.pairs.size(); ++i) out.pairs[i].adjusted = adjusted[i];
  return out;
}

}  // namespace tz
