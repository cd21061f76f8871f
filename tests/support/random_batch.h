#pragma once
// Training batches for trainer tests: distinct positions from random games, with random
// targets (a one-hot policy on a legal action and a value of +-1).
#include <random>
#include <set>
#include <vector>

#include "game/game.h"
#include "training/run/trainer.h"

namespace tz::test {

/// `n` distinct positions of `game` from random games whose moves `positions` draws, with
/// targets drawn from `targets` (the same generator for both gives one random stream).
inline Batch randomBatch(const Game& game, int n, std::mt19937_64& positions, std::mt19937_64& targets) {
  const int inputSize = game.inputShape().size(), actions = game.numActions();
  Batch b;
  b.size = n;
  b.planes.assign(size_t(n) * inputSize, 0.f);
  b.policy.assign(size_t(n) * actions, 0.f);
  b.legal.assign(size_t(n) * actions, 0.f);
  b.values.assign(size_t(n), 0.f);
  b.results.assign(size_t(n), 0.f);
  std::set<uint64_t> seen;
  std::vector<Action> legal;
  for (int i = 0; i < n;) {
    for (auto s = game.newGame(); !s->outcome().over && i < n; s->apply(legal[positions() % legal.size()])) {
      s->legalActions(legal);
      if (!seen.insert(s->hash()).second) continue;
      s->encode(b.planes.data() + size_t(i) * inputSize);
      for (Action a : legal) b.legal[size_t(i) * actions + a] = 1.f;
      b.policy[size_t(i) * actions + legal[targets() % legal.size()]] = 1.f;
      b.values[size_t(i)] = targets() % 2 ? 1.f : -1.f;
      b.results[size_t(i)] = b.values[size_t(i)];
      ++i;
    }
  }
  return b;
}

}  // namespace tz::test
