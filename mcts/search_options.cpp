#include "mcts/search_options.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "game/error.h"
#include "mcts/node.h"

namespace tz {

namespace {

void require(bool ok, const char* name, const std::string& expected, double value) {
  char got[32];
  std::snprintf(got, sizeof got, "%.10g", value);
  if (!ok) throw Error("search option " + std::string(name) + " must be " + expected + " (got " + got + ")");
}

void finite(float value, const char* name, float least, bool strict) {
  const bool ok = std::isfinite(value) && (strict ? value > least : value >= least);
  require(ok, name, std::string("a finite number ") + (strict ? "> " : ">= ") + std::to_string(least), value);
}

}  // namespace

void SearchOptions::check() const {
  const SearchOptions& o = *this;
  require(o.simulations >= 1, "simulations", "at least 1", o.simulations);
  require(o.threads >= 1, "threads", "at least 1", o.threads);
  require(o.batchSize >= 1, "batch size", "at least 1", o.batchSize);
  finite(o.cPuct, "c_puct", 0, true);
  require(std::isfinite(o.fpuReduction), "fpu_reduction", "a finite number", o.fpuReduction);
  finite(o.dirichletAlpha, "dirichlet_alpha", 0, true);
  require(o.dirichletFraction >= 0 && o.dirichletFraction <= 1, "dirichlet_fraction", "in [0, 1]", o.dirichletFraction);
  finite(o.temperature, "temperature", 0, true);
  require(o.temperaturePlies >= 0, "temperature_plies", "at least 0", o.temperaturePlies);
  finite(o.virtualLoss, "virtual_loss", 0, false);
  require(o.rootLookahead >= 0 && o.rootLookahead <= 2, "root_lookahead", "0, 1 or 2", o.rootLookahead);
  require(o.gumbelCandidates >= 1, "gumbel_candidates", "at least 1", o.gumbelCandidates);
  finite(o.gumbelCVisit, "gumbel_c_visit", 0, false);
  finite(o.gumbelCScale, "gumbel_c_scale", 0, false);
  require(o.drawScore >= -1 && o.drawScore <= 1, "draw_score", "in [-1, 1]", o.drawScore);
  // A budget within the first arena chunk would stop every search once the root is expanded.
  const double leastMiB = double(mcts::kArenaChunkBytes) / (1 << 20);
  require(o.treeMiB == 0 || (std::isfinite(o.treeMiB) && o.treeMiB > leastMiB), "tree_mib",
          "0 (a quarter of the memory) or more than " + std::to_string(int(leastMiB)) +
              " MiB (the tree's first block, which its root fills)",
          o.treeMiB);
}

size_t treeByteBudget(const SearchOptions& o) {
  if (o.treeMiB > 0) return size_t(o.treeMiB * 1024 * 1024);
  const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && pageSize > 0 ? size_t(pages) * size_t(pageSize) / 4 : size_t(1) << 30;
}

}  // namespace tz
