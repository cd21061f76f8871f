#pragma once
// The self-play side of a training run: plans each batch of games (pure-MCTS bootstrap
// games first, then games searched with the published network, some against a past
// checkpoint with its own tree), turns every searched move into a training position and
// hands each finished game over as a record.
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "game/game.h"
#include "mcts/endgame_probes.h"
#include "mcts/self_play.h"
#include "training/run/experiment.h"
#include "training/matches/records.h"
#include "training/run/published_weights.h"
#include "training/run/run_monitor.h"
#include "training/run/run_variants.h"

namespace tz {

/// The training position of a searched move, or nothing for a cheap search (playout cap
/// randomization). The policy target is the search's (visit shares, or Gumbel's improved
/// policy); a proven root teaches the move it plays.
std::optional<PositionRecord> trainingPosition(const SelfPlayMove& move);

/// Whether the move of `game` at `ply` gets a full search: a coin of probability
/// `fullFraction` drawn from (seed, game, ply) alone, so that it is the same whichever
/// thread asks and in whatever order.
bool fullSearchCoin(uint64_t seed, int game, int ply, double fullFraction);

/// The handicap after a batch whose decided games side 0 and side 1 won `wins0` and
/// `wins1` times: the share of its full search budget each side keeps (HandicapConfig). A
/// side winning less than `target` of them first loses its own handicap (doubled back
/// towards 1), then its opponent's budget is halved; unchanged inside [target, 1 - target].
std::array<double, 2> adjustHandicap(std::array<double, 2> handicap, int wins0, int wins1, double target);

/// How the games of a run's phase are searched, in words for the report ("pure MCTS ...";
/// budgets "a/b" are side 0's and side 1's).
std::string describeSelfPlay(const SelfPlayConfig& config, bool bootstrap);

/// Plays a run's self-play games until stopped.
class SelfPlayProducer {
 public:
  /// Receives each finished game with its training positions (never concurrently).
  using Sink = std::function<void(GameRecord&& record, std::vector<PositionRecord>&& positions)>;

  /// Self-play of the run's `variants` (in turn, game by game) as `config` says, with the
  /// network `weights` publishes; finished games go to `sink`, counted by `monitor`.
  SelfPlayProducer(const RunVariants& variants, const ExperimentConfig& config, PublishedWeights& weights,
                   RunMonitor& monitor, Sink sink);

  /// Plays batches of games until `stop` is set or the budget is spent; the games in
  /// progress then are dropped (a finished game is never lost).
  void run(const std::atomic<bool>& stop);
  /// Whether the bootstrap games are all played (set before the first network batch).
  bool bootstrapDone() const { return bootstrapDone_.load(); }

 private:
  // How one batch of games is searched.
  struct Plan {
    bool bootstrap = false;
    std::shared_ptr<Evaluator> evaluator;  // the current player's leaf evaluation
    std::array<int, 2> fullSimulations{};  // full search budget of each side's moves
    int cheapSimulations = 0;
    double fullFraction = 1;
  };
  // A past opponent in one game.
  struct PastSide {
    int64_t step = 0;
    int side = -1;
  };

  Plan plan(SelfPlayOptions& options);
  // Plays one batch; returns the wins of side 0 and side 1.
  std::array<int, 2> playBatch(const Plan& plan, const SelfPlayOptions& options, const std::atomic<bool>& stop);
  SidePlayers playersOf(const Plan& plan, int runGame, PastSide& past);
  // `evaluator` with the run's playouts mixed in and the endgame tables' exact values, as configured.
  std::shared_ptr<Evaluator> leafValues(std::shared_ptr<Evaluator> evaluator, uint64_t seed) const;
  // `evaluator` with the endgame tables' exact values where self-play probes them.
  std::shared_ptr<Evaluator> withTables(std::shared_ptr<Evaluator> evaluator) const;
  GameRecord recordOf(const Game& game, const SelfPlayGame& played, const std::string& player,
                      const PastSide& past) const;

  const RunVariants& variants_;
  const ExperimentConfig& config_;
  PublishedWeights& weights_;
  RunMonitor& monitor_;
  Sink sink_;
  std::shared_ptr<SharedEndgameTables> tables_;  // probed by self-play (training.endgame.selfplay), else null
  std::atomic<bool> bootstrapDone_{false};
  int batches_ = 0;
  std::array<double, 2> handicap_{1.0, 1.0};  // share of each side's full budget (HandicapConfig)
};

}  // namespace tz
