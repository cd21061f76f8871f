#pragma once
// The replay buffer: a sliding window over the newest training positions, sampled in
// batches with a random board symmetry per sample, rebuilt from the record store on resume.
#include <cstdint>
#include <deque>
#include <mutex>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "game/game.h"
#include "training/matches/records.h"

namespace tz {

/// One training position: the network input and its targets.
struct Sample {
  std::vector<float> planes;                     // the encoded state
  std::vector<std::pair<Action, float>> policy;  // search policy target
  std::vector<Action> legal;                     // legal actions (the policy loss is over these alone)
  float value = 0;                               // value target for the side to move, in [-1, 1]
  float result = 0;                              // the game's result for the side to move: 1, 0 (a draw) or -1
  int toMove = 0;                                // side to move (for per-side statistics)
  int variant = 0;                               // index of its game among the buffer's (symmetries)
};

/// A batch in the layouts the trainer feeds to the network.
struct Batch {
  int size = 0;                // samples
  std::vector<float> planes;   // size * inputShape().size()
  std::vector<float> policy;   // size * numActions, dense probabilities
  std::vector<float> legal;    // size * numActions: 1 for a legal action, 0 otherwise
  std::vector<float> values;   // size value targets
  std::vector<float> results;  // size game results (1, 0, -1), the win/draw/loss head's targets
};

/// A batch of `n` zeroed rows in `game`'s input and action layouts.
Batch emptyBatch(const Game& game, int n);
/// Writes `sample` (a position of `game`) into row `row` of `batch`, seen through board
/// symmetry `symmetry` (0: as it is).
void writeSample(const Game& game, const Sample& sample, int symmetry, Batch& batch, int row);

/// Thread-safe sliding window of samples.
class ReplayBuffer {
 public:
  /// A buffer for `game` keeping the newest `window` samples; value targets mix the game
  /// result and the search value of the position: (1 - searchValueMix) z + searchValueMix q.
  ReplayBuffer(const Game& game, int window, uint64_t seed, double searchValueMix = 0);
  /// A buffer for the games of a rule-conditioned run (one input shape and action space):
  /// a record is replayed in the game named by its variant.
  ReplayBuffer(std::vector<const Game*> games, int window, uint64_t seed, double searchValueMix = 0);

  /// Adds the samples of one game.
  void add(std::vector<Sample> samples);
  /// Samples held now.
  size_t size() const;
  /// Samples ever added (including those that slid out of the window).
  int64_t added() const;
  /// Draws `n` samples uniformly (with replacement), each under a random valid symmetry.
  Batch sample(int n);

  /// The training samples of a stored game: replays its actions from the start position
  /// and encodes each position flagged as a training target. With several games, throws
  /// Error when the record's variant is none of theirs.
  std::vector<Sample> samplesOf(const GameRecord& record, const std::vector<PositionRecord>& positions) const;
  /// Refills the buffer from the newest games of `tag` in `store` (resume).
  void rebuild(const RecordStore& store, const std::string& tag);

 private:
  // The index of the game a record was played in.
  int gameOf(const GameRecord& record) const;

  std::vector<const Game*> games_;
  size_t window_;
  double searchValueMix_;
  mutable std::mutex mutex_;
  std::deque<Sample> samples_;
  int64_t added_ = 0;
  std::mt19937_64 rng_;
};

}  // namespace tz
