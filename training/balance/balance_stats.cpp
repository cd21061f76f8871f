#include "training/balance/balance_stats.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace tz {

CellStats cellStats(const std::vector<GameRecord>& games) {
  CellStats s;
  std::set<std::string> seen;
  for (const GameRecord& g : games) {
    if (!seen.insert(g.startPosition + "|" + g.moves).second) ++s.repeated;
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
    case StopReason::kVerdict: return "verdict";
    case StopReason::kMaxGames: return "max_games";
  }
  return "continue";
}

double scoreHalfWidth(const std::array<int, 3>& counts) {
  const Estimate e = scoreInterval(counts[0], counts[2], counts[1]);
  return (e.high - e.low) / 2;
}

double verdictAlpha(const StoppingRule& rule) {
  constexpr double kAlpha = 0.05;
  return rule.onVerdict ? perLookAlpha(kAlpha, rule.minGames, rule.maxGames, rule.batch) : kAlpha;
}

BalanceTest cellBalance(const std::array<int, 3>& counts, const StoppingRule& rule) {
  return balanceTest(counts[0], counts[2], counts[1], rule.margin, verdictAlpha(rule));
}

StopReason stoppingDecision(const std::array<int, 3>& counts, const StoppingRule& rule) {
  const int games = counts[0] + counts[1] + counts[2];
  if (games >= rule.maxGames) return StopReason::kMaxGames;
  if (games < rule.minGames) return StopReason::kContinue;
  if (scoreHalfWidth(counts) <= rule.precision) return StopReason::kPrecision;
  if (rule.onVerdict && cellBalance(counts, rule).verdict != Verdict::kUndecided) return StopReason::kVerdict;
  return StopReason::kContinue;
}

CellProgress cellProgress(const std::vector<GameRecord>& games, const StoppingRule& rule) {
  constexpr int kMissing = -2;
  std::vector<int> winners;  // the winner of round r (-1 a draw), kMissing where not stored
  for (const GameRecord& g : games) {
    if (g.round >= int(winners.size())) winners.resize(size_t(g.round) + 1, kMissing);
    winners[size_t(g.round)] = g.winner == 0 || g.winner == 1 ? g.winner : -1;
  }
  int target = std::min(rule.minGames, rule.maxGames), have = 0;
  std::array<int, 3> counts{0, 0, 0};
  while (true) {
    for (; have < target; ++have) {
      if (have >= int(winners.size()) || winners[size_t(have)] == kMissing) return {target, StopReason::kContinue};
      ++counts[size_t(winners[size_t(have)] < 0 ? 2 : winners[size_t(have)])];
    }
    const StopReason stop = stoppingDecision(counts, rule);
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
