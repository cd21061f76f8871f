#include "training/balance/balance_stats.h"

#include "training/balance/sequential_design.h"

#include <boost/math/distributions/binomial.hpp>

#include <algorithm>
#include <cmath>
#include <set>

namespace tz {

namespace {

// What makes two games the same game: the start position and the moves.
std::string gameKey(const GameRecord& g) { return g.startPosition + "|" + g.moves; }

}  // namespace

CellStats cellStats(const std::vector<GameRecord>& games) {
  CellStats s;
  std::set<std::string> seen;
  for (const GameRecord& g : games) {
    if (!seen.insert(gameKey(g)).second) ++s.repeated;
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

ExactBound exactBound(const CellStats& s) {
  ExactBound b;
  if (s.games == 0) return b;
  for (int side : {0, 1}) {
    const int nonLosses = s.wins[side] + s.draws;
    const bool few = nonLosses < kNearSeparated && nonLosses < kNearSeparatedShare * s.games;
    if (!few || (b.applies && nonLosses >= b.nonLosses)) continue;
    b.applies = true;
    b.side = side;
    b.nonLosses = nonLosses;
    b.bound = boost::math::binomial_distribution<>::find_upper_bound_on_p(s.games, nonLosses, 0.025);
  }
  return b;
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

namespace {

// The counts {side 0 wins, side 1 wins, draws} with `repeated` repeats as the tests weigh them.
Trinomial effective(const std::array<int, 3>& counts, int repeated) {
  return effectiveCounts(counts[0], counts[2], counts[1], repeated);
}

const std::vector<double>& boundaries(const StoppingRule& rule, double alpha) {
  return scheduleBoundaries(rule.minGames, rule.maxGames, rule.batch, alpha);
}

}  // namespace

double scoreHalfWidth(const std::array<int, 3>& counts, int repeated) {
  const Trinomial t = effective(counts, repeated);
  const Estimate e = scoreInterval(t.wins, t.draws, t.losses);
  return (e.high - e.low) / 2;
}

double verdictAlpha(const StoppingRule& rule) { return normalUpperTail(boundaries(rule, kVerdictAlpha).back()); }

BalanceTest cellBalance(const std::array<int, 3>& counts, int repeated, const StoppingRule& rule, double alpha) {
  const std::vector<int> looks = lookSchedule(rule.minGames, rule.maxGames, rule.batch);
  const int look = lookIndex(looks, counts[0] + counts[1] + counts[2]);
  return balanceTest(effective(counts, repeated), rule.margin, boundaries(rule, alpha)[size_t(look)]);
}

StopReason stoppingDecision(const std::array<int, 3>& counts, int repeated, const StoppingRule& rule) {
  const int games = counts[0] + counts[1] + counts[2];
  if (games >= rule.maxGames) return StopReason::kMaxGames;
  if (games < rule.minGames) return StopReason::kContinue;
  const double alpha = kVerdictAlpha / std::max(1, rule.family);
  const BalanceTest test = cellBalance(counts, repeated, rule, alpha);
  if (rule.onVerdict && test.verdict != Verdict::kUndecided) return StopReason::kVerdict;
  if (scoreHalfWidth(counts, repeated) > rule.precision) return StopReason::kContinue;
  const bool reachable = verdictWithinReach(test, double(rule.maxGames) / games, boundaries(rule, alpha).back());
  return test.verdict == Verdict::kUndecided && reachable ? StopReason::kContinue : StopReason::kPrecision;
}

CellProgress cellProgress(const std::vector<GameRecord>& games, const StoppingRule& rule) {
  std::vector<const GameRecord*> byRound;  // the game of round r, null where not stored
  for (const GameRecord& g : games) {
    if (g.round >= int(byRound.size())) byRound.resize(size_t(g.round) + 1, nullptr);
    byRound[size_t(g.round)] = &g;
  }
  std::array<int, 3> counts{0, 0, 0};
  std::set<std::string> seen;
  int repeated = 0;
  size_t round = 0;
  return playLooks(
      rule,
      [&](std::array<int, 3>& c, int& repeats) {
        if (round >= byRound.size() || !byRound[round]) return false;
        const GameRecord& g = *byRound[round++];
        if (!seen.insert(gameKey(g)).second) ++repeats;
        ++c[size_t(g.winner == 0 || g.winner == 1 ? g.winner : 2)];
        return true;
      },
      counts, repeated);
}

std::vector<StudyVerdict> studyVerdicts(const std::vector<std::array<int, 3>>& counts,
                                        const std::vector<int>& repeated, const StoppingRule& rule) {
  const size_t m = counts.size();
  std::vector<StudyVerdict> out(m);
  for (size_t i = 0; i < m; ++i) {
    const Verdict claim = cellBalance(counts[i], repeated[i], rule).verdict;
    if (claim == Verdict::kUndecided) continue;
    // Boundaries rise as alpha falls: find the smallest level alpha/k the claim still holds at.
    for (size_t k = m; k >= 1; --k) {
      if (cellBalance(counts[i], repeated[i], rule, kVerdictAlpha / double(k)).verdict == claim) {
        out[i].level = kVerdictAlpha / double(k);
        break;
      }
    }
    out[i].verdict = claim;
  }
  for (const bool balanced : {true, false}) {
    std::vector<double> p(m, 1);
    for (size_t i = 0; i < m; ++i)
      if (out[i].verdict != Verdict::kUndecided && (out[i].verdict == Verdict::kBalanced) == balanced) p[i] = out[i].level;
    const std::vector<double> adjusted = holmAdjust(p);
    for (size_t i = 0; i < m; ++i)
      if (p[i] < 1) out[i].adjusted = adjusted[i];
  }
  for (StudyVerdict& v : out)
    if (v.adjusted > kVerdictAlpha * (1 + 1e-9)) v.verdict = Verdict::kUndecided;
  return out;
}

double scoreDifferenceP(const Trinomial& a, const Trinomial& b) {
  const double na = a.games(), nb = b.games(), n = na + nb;
  if (na <= 0 || nb <= 0 || n <= 1) return 1;
  const double sa = (a.wins + 0.5 * a.draws) / na, sb = (b.wins + 0.5 * b.draws) / nb;
  const double mean = (na * sa + nb * sb) / n;
  const double wins = a.wins + b.wins, draws = a.draws + b.draws, losses = a.losses + b.losses;
  const double variance =
      (wins * (1 - mean) * (1 - mean) + draws * (0.5 - mean) * (0.5 - mean) + losses * mean * mean) / n;
  if (variance <= 0) return 1;
  const double z = (sa - sb) / std::sqrt(variance * n / (n - 1) * (1 / na + 1 / nb));
  return std::min(1.0, 2 * normalUpperTail(std::abs(z)));
}

GroupComparison compareGroups(const std::vector<Trinomial>& groups) {
  GroupComparison out;
  std::vector<std::vector<double>> table;
  for (const Trinomial& g : groups) table.push_back({g.wins, g.losses, g.draws});
  out.chi = chiSquareTest(table);
  std::vector<double> p;
  for (size_t a = 0; a < groups.size(); ++a) {
    for (size_t b = a + 1; b < groups.size(); ++b) {
      PairTest t;
      t.a = int(a);
      t.b = int(b);
      t.p = scoreDifferenceP(groups[a], groups[b]);
      p.push_back(t.p);
      out.pairs.push_back(t);
    }
  }
  const std::vector<double> adjusted = holmAdjust(p);
  for (size_t i = 0; i < out.pairs.size(); ++i) out.pairs[i].adjusted = adjusted[i];
  return out;
}

}  // namespace tz
