#pragma once
// Endgame teaching (docs/EGTB.md 9): training positions drawn from solved endgame tables,
// with the tables' exact result as the value target and the turns that keep it as the
// policy target. They join every batch beside the self-play positions, so that the network
// learns the endgames exactly instead of from its own games' noisy results.
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "game/endgame_tables.h"
#include "training/run/experiment.h"
#include "training/run/replay_buffer.h"

namespace tz {

/// Draws training positions from endgame tables.
class EndgameTeacher {
 public:
  /// Teaches positions of `game` from `tables` (opened for it), a share `critical` of them
  /// drawn with drawCritical; draws seeded with `seed`.
  EndgameTeacher(const Game& game, std::unique_ptr<EndgameTables> tables, double critical, uint64_t seed);

  /// One training position: the lesson of drawLessonPosition().
  Sample draw();
  /// The position of one lesson: a class of the tables picked uniformly and a position of
  /// it. The share `critical` of positions are decisions that matter (drawCritical), half of
  /// those replaced by the position after one of their best turns (bestReply, where there is
  /// one): the reply a search must value right to find that turn. The others are drawn
  /// uniformly (EndgameTables::drawPosition).
  std::unique_ptr<State> drawLessonPosition();
  /// A position of `positionClass` where some turn changes the result (win, draw, loss): the
  /// first of up to kCriticalDraws drawn, else the last.
  std::unique_ptr<State> drawCritical(const std::string& positionClass);
  /// The position after one of the best turns of `position` (covered), or null when that
  /// turn ends the game or leads out of the tables.
  std::unique_ptr<State> bestReply(const State& position);
  /// Draws drawCritical makes to find a decision that matters before it takes any position.
  static constexpr int kCriticalDraws = 32;
  /// The lesson of `position` (covered by the tables). Its policy target spreads evenly over
  /// the actions that begin a turn keeping the position's value. When such a turn has
  /// further actions (a morris removal), half the time the position after one of those
  /// first actions is taught instead, its target the actions that go on to a best turn. The
  /// value target is the exact result for the side to move: 1, 0 or -1.
  Sample lesson(const State& position);
  /// Replaces the last `n` rows of `batch` with drawn positions.
  void replaceRows(Batch& batch, int n);
  /// The classes taught.
  const std::vector<std::string>& classes() const { return classes_; }

 private:
  const Game& game_;
  std::unique_ptr<EndgameTables> tables_;
  std::vector<std::string> classes_;
  double critical_;
  std::mt19937_64 rng_;
};

/// The tables an experiment names (training.endgame.tables) for `game`, or null when it names
/// none. Throws ConfigError naming `file` and training.endgame.tables when the variant has no
/// endgame tables or the folder holds none it can use (with the command that builds them).
std::unique_ptr<EndgameTables> openEndgameTables(const Game& game, const EndgameTeachingConfig& config,
                                                 const std::string& file);

/// The teacher an experiment asks for (training.endgame), or null when it asks for none;
/// throws as openEndgameTables.
std::unique_ptr<EndgameTeacher> openEndgameTeacher(const Game& game, const EndgameTeachingConfig& config,
                                                   const std::string& file, uint64_t seed);

}  // namespace tz
