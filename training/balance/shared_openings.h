#pragma once
// Whether a study's cells share their openings. Each game opens with random plies seeded by
// (seed, round), so two cells of one strength whose rules allow the same first moves open
// round r alike: their games are paired, not independent. This measures how much: the pairs
// of cells that open rounds alike, the whole games repeated across cells, and the
// correlation of side 0's scores over the rounds two cells open alike.
#include <vector>

#include "training/matches/records.h"

namespace tz {

/// How a study's cells share their openings.
struct SharedOpenings {
  int pairs = 0;              // pairs of cells (of one strength) opening at least one round alike
  int sharedRounds = 0;       // rounds opened alike, summed over those pairs
  int identicalGames = 0;     // games whose start and every move repeat a game of another cell of their strength
  int measuredPairs = 0;      // pairs with at least kMinSharedRounds rounds opened alike (and scores that vary)
  double medianCorrelation = 0;  // over the measured pairs: the median correlation of side 0's scores by round
  double lowCorrelation = 0;     // the lowest of them
  double highCorrelation = 0;    // the highest
  /// The rounds two cells must open alike for their correlation to be measured.
  static constexpr int kMinSharedRounds = 20;
};

/// The sharing among `cells` (each cell's games; `groups[i]` the strength of cell i: only
/// cells of one group are compared) whose games open with `openingPlies` random plies. All
/// zero when openingPlies is 0 (every game opens from the start position alike by design).
SharedOpenings sharedOpenings(const std::vector<std::vector<GameRecord>>& cells, const std::vector<int>& groups,
                              int openingPlies);

}  // namespace tz
