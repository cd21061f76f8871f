#pragma once
// Evaluation during training: each new checkpoint plays earlier checkpoints and fixed
// baselines; the games are stored, and every participant is rated on one Elo scale fitted
// over all evaluation games played so far.
#include <string>
#include <utility>
#include <vector>

#include "game/game.h"
#include "training/matches/arena.h"
#include "training/run/experiment.h"
#include "training/matches/ratings.h"
#include "training/matches/records.h"

namespace tz {

/// One pairing's result from the new checkpoint's point of view.
struct PairingResult {
  std::string a, b;   // participant ids: a is the new checkpoint
  MatchTally tally;   // a's results by side
};

/// A participant's rating.
struct RatedPlayer {
  std::string id;  // "step-300" or a baseline spec
  Rating rating;   // Elo relative to the anchor, with its standard error
};

/// Runs the evaluation matches of a training run and rates everyone.
class Evaluator;
class CheckpointEvaluation {
 public:
  /// Evaluation of `game` storing its games in `store` (tags "eval|A|B"); the networks run
  /// on `device`.
  CheckpointEvaluation(const Game& game, RecordStore& store, const EvaluationConfig& config, uint64_t seed,
                       std::string device = "cpu");

  /// Plays checkpoint `id` (file `path`) against `previous` (id, path) checkpoints and the
  /// baselines; resumes matches already partly stored. Calls `onGame` after each game.
  std::vector<PairingResult> evaluate(const std::string& id, const std::string& path,
                                      const std::vector<std::pair<std::string, std::string>>& previous,
                                      const std::function<void(const GameRecord&)>& onGame);

  /// Ratings of every participant over all stored evaluation games, anchored at the
  /// first baseline (or the first checkpoint when there is no baseline).
  std::vector<RatedPlayer> ratings() const;

 private:
  // The players of the checkpoint at `path`: the evaluation's simulations and mix on its
  // device, opening with its random plies.
  PlayerMaker checkpointPlayer(const std::string& path) const;
  // The players of the baseline `spec`, opening with the random plies.
  PlayerMaker baselinePlayer(AgentSpec spec) const;

  const Game& game_;
  RecordStore& store_;
  EvaluationConfig config_;
  uint64_t seed_;
  std::string device_;
};

/// The tag of the evaluation match between participants a and b.
std::string evaluationTag(const std::string& a, const std::string& b);

}  // namespace tz
