#pragma once
// The variants a training run plays: the experiment's one variant, or (`variants:`) the
// members of a rule-conditioned set, played in turn game by game by one network.
#include <memory>
#include <string>
#include <vector>

#include "game/game.h"
#include "training/run/experiment.h"

namespace tz {

/// The games of a run's variants; the first is the one the network is built for.
class RunVariants {
 public:
  /// Loads the experiment's variants (rule-conditioned when there are several); throws
  /// Error naming the variant that does not load or cannot share a network.
  explicit RunVariants(const ExperimentConfig& config);

  /// Number of variants (1 without rule conditioning).
  int size() const { return int(games_.size()); }
  /// The i-th variant's game.
  const Game& game(int i) const { return *games_[size_t(i)]; }
  /// The game the network is built for and evaluated on: the first variant's.
  const Game& network() const { return *games_.front(); }
  /// The game of a run's n-th self-play game: the variants in turn.
  const Game& ofRunGame(int n) const { return *games_[size_t(n) % games_.size()]; }
  /// Every variant's game, in order.
  std::vector<const Game*> all() const;

 private:
  std::vector<std::unique_ptr<Game>> games_;
};

}  // namespace tz
