#include "training/distributed/batch_share.h"

#include <utility>

#include "game/base/error.h"

namespace tz {

namespace {

// Appends `count` items of `from` starting at `first` to `to`.
void append(std::vector<float>& to, const std::vector<float>& from, size_t first, size_t count) {
  to.insert(to.end(), from.begin() + long(first), from.begin() + long(first + count));
}

}  // namespace

std::vector<float> flattenBatch(const Batch& batch) {
  std::vector<float> flat;
  flat.reserve(batch.planes.size() + batch.policy.size() + batch.legal.size() + batch.values.size() +
               batch.results.size());
  for (const auto* part : {&batch.planes, &batch.policy, &batch.legal, &batch.values, &batch.results})
    append(flat, *part, 0, part->size());
  return flat;
}

Batch unflattenBatch(const std::vector<float>& flat, const BatchLayout& layout) {
  if (flat.size() != layout.flatSize()) throw Error("a flattened batch has the wrong size");
  Batch b;
  b.size = layout.size;
  const size_t n = size_t(layout.size), planes = n * size_t(layout.inputSize), actions = n * size_t(layout.actions);
  append(b.planes, flat, 0, planes);
  append(b.policy, flat, planes, actions);
  append(b.legal, flat, planes + actions, actions);
  append(b.values, flat, planes + 2 * actions, n);
  append(b.results, flat, planes + 2 * actions + n, n);
  return b;
}

Batch batchShare(const Batch& batch, int index, int shares) {
  if (shares < 1 || batch.size % shares != 0 || index < 0 || index >= shares)
    throw Error("a batch of " + std::to_string(batch.size) + " does not split into " + std::to_string(shares) + " shares");
  Batch b;
  b.size = batch.size / shares;
  const size_t first = size_t(index) * size_t(b.size), count = size_t(b.size), whole = size_t(batch.size);
  using Part = std::pair<std::vector<float>*, const std::vector<float>*>;  // (share's, batch's)
  for (const Part& p : {Part{&b.planes, &batch.planes}, Part{&b.policy, &batch.policy}, Part{&b.legal, &batch.legal},
                        Part{&b.values, &batch.values}, Part{&b.results, &batch.results}}) {
    const size_t stride = p.second->size() / whole;
    append(*p.first, *p.second, first * stride, count * stride);
  }
  return b;
}

}  // namespace tz
