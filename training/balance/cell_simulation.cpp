#include "training/balance/cell_simulation.h"

#include <algorithm>


namespace tz {

bool CellTruth::possible() const {
  return drawRate >= 0 && drawRate <= 1 && score >= drawRate / 2 - 1e-12 && score <= 1 - drawRate / 2 + 1e-12;
}

uint64_t pathSeed(uint64_t seed, int index) {
  // SplitMix64 of the pair: neighbouring seeds and indices give unrelated generators.
  uint64_t z = seed * 0x9E3779B97F4A7C15ULL + uint64_t(index) + 0x632BE59BD9B4E019ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

SimulatedStop playCell(const CellTruth& truth, const StoppingRule& rule, uint64_t path) {
  const double draw = truth.drawRate, win = truth.drawRate + truth.score - truth.drawRate / 2;
  std::mt19937_64 rng(path);
  std::uniform_real_distribution<double> uniform(0, 1);
  SimulatedStop s;
  int repeated = 0;
  const CellProgress p = playLooks(
      rule,
      [&](std::array<int, 3>& counts, int&) {
        const double u = uniform(rng);
        ++counts[u < draw ? 2 : u < win ? 0 : 1];
        return true;
      },
      s.counts, repeated);
  s.games = s.counts[0] + s.counts[1] + s.counts[2];
  s.stop = p.stop;
  return s;
}

double verdictRate(const CellTruth& truth, const StoppingRule& rule, Verdict verdict, int paths, uint64_t seed) {
  if (paths <= 0) return 0;
  const double alpha = kVerdictAlpha / std::max(1, rule.family);
  const bool favoured = verdict == Verdict::kSide0Favoured || verdict == Verdict::kSide1Favoured;
  int hits = 0;
  for (int i = 0; i < paths; ++i) {
    const Verdict v = cellBalance(playCell(truth, rule, pathSeed(seed, i)).counts, 0, rule, alpha).verdict;
    hits += favoured ? (v == Verdict::kSide0Favoured || v == Verdict::kSide1Favoured) : v == verdict;
  }
  return double(hits) / paths;
}

}  // namespace tz
