#include "mcts/search_options.h"

#include <unistd.h>

#include <string>

#include "game/base/error.h"
#include "mcts/node.h"

namespace tz {

void SearchOptions::check() const {
  checkFields(*this, "search options", "");
  // A budget within the first arena chunk would stop every search once the root is expanded.
  const double leastMiB = double(mcts::kArenaChunkBytes) / (1 << 20);
  if (treeMiB != 0 && !(treeMiB > leastMiB)) {
    throw Error("search option tree_mib must be 0 (a quarter of the memory) or more than " +
                std::to_string(int(leastMiB)) + " MiB (the tree's first block, which its root fills), got " +
                valueText(treeMiB));
  }
}

const OldSpellings& searchOldSpellings() {
  static const OldSpellings old = {{"simulations", "sims"},    {"batch_size", "batch"},
                                   {"c_puct", "cpuct"},        {"fpu_reduction", "fpu"},
                                   {"root_lookahead", "lookahead"}, {"gumbel_candidates", "candidates"},
                                   {"draw_score", "draw"}};
  return old;
}

FieldRange searchOptionRange(const std::string& key) {
  for (const FieldRange& range : fieldRanges<SearchOptions>())
    if (range.key == key) return range;
  throw Error("no numeric search option " + quoted(key));
}

size_t treeByteBudget(const SearchOptions& o) {
  if (o.treeMiB > 0) return size_t(o.treeMiB * 1024 * 1024);
  const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && pageSize > 0 ? size_t(pages) * size_t(pageSize) / 4 : size_t(1) << 30;
}

}  // namespace tz
