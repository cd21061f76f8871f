#include "training/models/model_precision.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <numeric>
#include <random>

#include "game/base/error.h"
#include "nets/forward_pass.h"
#include "training/matches/game_check.h"
#include "training/matches/game_file.h"
#include "training/run/net_player.h"

namespace tz {

namespace {

// The positions to compare: indices into the list of every position before a move of every
// game, in file order, drawn without replacement.
std::vector<int64_t> drawnPositions(int64_t total, int wanted, uint64_t seed) {
  std::vector<int64_t> all(static_cast<size_t>(total));
  std::iota(all.begin(), all.end(), 0);
  if (total > wanted) {
    std::mt19937_64 rng(seed);
    for (int i = 0; i < wanted; ++i) std::swap(all[size_t(i)], all[size_t(i) + rng() % uint64_t(total - i)]);
    all.resize(size_t(wanted));
    std::sort(all.begin(), all.end());
  }
  return all;
}

// Softmax over the legal actions of one row of logits.
std::vector<double> legalPriors(const float* logits, const std::vector<Action>& legal) {
  std::vector<double> p(legal.size());
  double top = -INFINITY, sum = 0;
  for (const Action a : legal) top = std::max(top, double(logits[a]));
  for (size_t k = 0; k < legal.size(); ++k) sum += (p[k] = std::exp(double(logits[legal[k]]) - top));
  for (double& x : p) x /= sum;
  return p;
}

// Sums of the differences, turned into the agreement at the end.
struct PassDifferences {
  int positions = 0, sameTop = 0, flipsOverGap = 0;
  double valueSum = 0, valueMax = 0, tvSum = 0, widestFlip = 0;

  // Adds the positions of one batch: `inputs` encoded, `legal` their moves.
  void add(const ForwardPass& fp32, const ForwardPass& bf16, const std::vector<float>& inputs,
           const std::vector<std::vector<Action>>& legal) {
    const int n = int(legal.size());
    if (n == 0) return;
    const size_t actions = size_t(fp32.network().meta().shape.numActions);
    std::vector<float> logits32(size_t(n) * actions), logits16(logits32.size()), values32(static_cast<size_t>(n)), values16(static_cast<size_t>(n));
    fp32.predict(inputs.data(), n, logits32.data(), values32.data());
    bf16.predict(inputs.data(), n, logits16.data(), values16.data());
    for (int i = 0; i < n; ++i) {
      const std::vector<double> p32 = legalPriors(&logits32[size_t(i) * actions], legal[size_t(i)]);
      const std::vector<double> p16 = legalPriors(&logits16[size_t(i) * actions], legal[size_t(i)]);
      const size_t top32 = size_t(std::max_element(p32.begin(), p32.end()) - p32.begin());
      const size_t top16 = size_t(std::max_element(p16.begin(), p16.end()) - p16.begin());
      sameTop += top32 == top16;
      const double gap = p32[top32] - p32[top16];  // what float32 lost by bfloat16's choice
      widestFlip = std::max(widestFlip, gap);
      flipsOverGap += gap > kClearGap;
      double tv = 0;
      for (size_t k = 0; k < p32.size(); ++k) tv += std::abs(p32[k] - p16[k]);
      tvSum += tv / 2;
      const double dv = std::abs(double(values32[size_t(i)]) - double(values16[size_t(i)]));
      valueSum += dv;
      valueMax = std::max(valueMax, dv);
      ++positions;
    }
  }

  PrecisionAgreement result() const {
    PrecisionAgreement a;
    a.positions = positions;
    if (positions == 0) return a;
    a.topAgreement = double(sameTop) / positions;
    a.widestFlip = widestFlip;
    a.flipsOverGap = flipsOverGap;
    a.valueMeanAbs = valueSum / positions;
    a.valueMaxAbs = valueMax;
    a.policyMeanTv = tvSum / positions;
    return a;
  }
};

// The two passes of the checkpoint's network for the games of one rule set of one file.
struct PassesForRules {
  NetForGame loaded;
  std::unique_ptr<ForwardPass> fp32, bf16;
};

}  // namespace

PrecisionAgreement bf16Agreement(const std::string& checkpoint, const std::vector<std::string>& gameFiles, int positions,
                                 uint64_t seed) {
  if (positions < 1) throw Error("bench precision: --positions must be at least 1");
  int64_t total = 0;
  for (const std::string& file : gameFiles) {
    visitGameFile(file, [&](const GameOnLine& on) { total += on.filed.record.plies; });
  }
  if (total == 0) throw Error("bench precision: the games files hold no move");
  const std::vector<int64_t> chosen = drawnPositions(total, positions, seed);
  PassDifferences tally;
  int64_t index = 0;
  size_t next = 0;
  for (const std::string& file : gameFiles) {
    std::map<std::string, PassesForRules> passes;  // by rules text; a file's games live while it is read
    visitGameFile(file, [&](const GameOnLine& on) {
      const GameRecord& record = on.filed.record;
      const int64_t first = index;
      index += record.plies;
      if (next >= chosen.size() || chosen[next] >= index) return;
      PassesForRules& p = passes[on.rulesText];
      if (!p.fp32) {
        p.loaded = loadNetForGame(checkpoint, on.game, "cpu");
        p.fp32 = std::make_unique<ForwardPass>(p.loaded.net, Precision::fp32);
        p.bf16 = std::make_unique<ForwardPass>(p.loaded.net, Precision::bf16);
      }
      const Game& played = p.loaded.played(on.game);
      const size_t planes = size_t(played.inputShape().size());
      std::vector<float> inputs;
      std::vector<std::vector<Action>> legal;
      const std::string where = file + ": line " + std::to_string(on.line);
      replayMoves(played, record, {}, where, [&](const State& state, int ply, const std::vector<Action>& moves) {
        if (next >= chosen.size() || chosen[next] != first + ply) return;
        ++next;
        inputs.resize(inputs.size() + planes);
        state.encode(&inputs[inputs.size() - planes]);
        legal.push_back(moves);
      });
      tally.add(*p.fp32, *p.bf16, inputs, legal);
    });
  }
  return tally.result();
}

}  // namespace tz
