#pragma once
// A training batch as data-parallel learners pass it around: flattened into one float
// buffer (what rank 0 broadcasts), rebuilt from it, and cut into the learners' equal shares.
// No LibTorch here.
#include <vector>

#include "training/run/replay_buffer.h"

namespace tz {

/// The layout of a batch: its size and the per-sample lengths of its parts.
struct BatchLayout {
  int size = 0;       // samples
  int inputSize = 0;  // floats of one encoded position
  int actions = 0;    // the game's action count

  /// Floats of the flattened batch: planes, policy, legal, values, results.
  size_t flatSize() const { return size_t(size) * (size_t(inputSize) + 2 * size_t(actions) + 2); }
};

/// `batch` as one buffer of layout.flatSize() floats (planes, policy, legal, values, results).
std::vector<float> flattenBatch(const Batch& batch);
/// The batch that flattenBatch gave as `flat`.
Batch unflattenBatch(const std::vector<float>& flat, const BatchLayout& layout);
/// The `index`-th of `shares` equal consecutive parts of `batch` (its size must be a multiple
/// of `shares`).
Batch batchShare(const Batch& batch, int index, int shares);

}  // namespace tz
