#pragma once
// Everything that tunes one search (PUCT, or a Gumbel root above PUCT), in one plain
// struct (KataGo's SearchParams idea).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "game/base/config_fields.h"

namespace tz {

/// Settings of the search; the defaults suit a strong, deterministic player.
struct SearchOptions {
  int simulations = 800;          // playouts per search (new ones; a reused subtree keeps its own)
  int threads = 1;                // search threads sharing one tree
  int batchSize = 1;              // leaves each thread collects (under virtual loss) per evaluate()
  float cPuct = 1.25f;            // weight of the prior in the PUCT exploration term
  float fpuReduction = 0.25f;     // unvisited children are valued at the parent's value minus this
  float dirichletAlpha = 0.3f;    // concentration of the root noise
  float dirichletFraction = 0.f;  // share of root priors replaced by noise (0: no noise)
  float temperature = 1.f;        // move choice in the opening plies: P(move) ~ visits^(1/temperature)
  int temperaturePlies = 0;       // plies (State::ply) chosen with temperature; later moves take the most visited
  float virtualLoss = 3.f;        // each in-flight playout counts as this many lost visits
  int rootLookahead = 2;          // exact checks over plies: 1 root moves that win at once, 2 also replies that do, 3-6 forced wins within (L+1)/2 turns and losses within L/2 (Tree::prepareRoot, Tree::pickMove)
  uint64_t seed = 1;              // seeds root noise and move choice
  bool gumbel = false;            // root: Gumbel-top-k candidates, sequential halving (no PUCT, no Dirichlet noise)
  int gumbelCandidates = 16;      // m: candidate root actions of a Gumbel search
  float gumbelCVisit = 50.f;      // sigma(q) = (gumbelCVisit + max visits) * gumbelCScale * q (q in [0, 1], see gumbelRescale)
  float gumbelCScale = 0.1f;      // see gumbelCVisit
  bool gumbelRescale = true;      // q rescaled by min-max over the root's children (the paper); false: [-1, 1] -> [0, 1]
  float drawScore = 0.f;          // utility of a draw for the side the tree was started for (Tree::reset), its opponent's the negation: > 0 prefers a sure draw to an even gamble; in [-1, 1]
  double treeMiB = 0;             // memory budget of the tree: a search stops when it is reached (0: a quarter of the machine's memory; else above 1 MiB)

  /// Lists every setting a user may give, once: its one name and its range (visitor.number)
  /// or that it is a flag (visitor.flag); the seed is not among them. Every front end reads
  /// through this list by the same names (a spec's "sims=800", an experiment's "sims: 800",
  /// the command line's --sims, '-' for '_') and check() checks against it, so each setting
  /// has one name, one range and one message (game/base/config_fields.h).
  template <class S, class V>
  static void fields(S& self, V& v) {
    v.number("sims", self.simulations, 1, 1 << 30);
    v.number("threads", self.threads, 1, 256);
    v.number("batch", self.batchSize, 1, 4096);
    v.number("cpuct", self.cPuct, 0.01f, 100.f);
    v.number("fpu", self.fpuReduction, -2.f, 2.f);
    v.number("dirichlet_alpha", self.dirichletAlpha, 0.001f, 10.f);
    v.number("dirichlet_fraction", self.dirichletFraction, 0.f, 1.f);
    v.number("temperature", self.temperature, 0.01f, 10.f);
    v.number("temperature_plies", self.temperaturePlies, 0, 100000);
    v.number("virtual_loss", self.virtualLoss, 0.f, 1000.f);
    v.number("lookahead", self.rootLookahead, 0, 6);
    v.flag("gumbel", self.gumbel);
    v.number("candidates", self.gumbelCandidates, 1, 4096);
    v.number("gumbel_c_visit", self.gumbelCVisit, 0.f, 1e6f);
    v.number("gumbel_c_scale", self.gumbelCScale, 0.f, 100.f);
    v.flag("gumbel_rescale", self.gumbelRescale);
    v.number("draw", self.drawScore, -1.f, 1.f);
    v.number("tree_mib", self.treeMiB, 0., 1e9);
  }

  /// Throws Error naming the first option out of its range (a NaN or infinite weight, a
  /// budget below 1, ...) with the range the field list gives, so that no search starts with
  /// settings it cannot run.
  void check() const;
};

/// The names search settings had in files before each took its one name in
/// SearchOptions::fields, with that name: {"simulations", "sims"}, {"c_puct", "cpuct"}, ...
/// (game/base/config.h reads them with a hint).
const OldSpellings& searchOldSpellings();

/// The range of the search setting `key` as SearchOptions::fields lists it; throws Error
/// for a key that is not listed or is a flag.
FieldRange searchOptionRange(const std::string& key);

/// The tree memory budget of `options` in bytes: treeMiB, or a quarter of the machine's
/// physical memory when it is 0.
size_t treeByteBudget(const SearchOptions& options);

}  // namespace tz
