#pragma once
// Agent quality against solved endgame tables (docs/EGTB.md 8): positions drawn at random
// from each class, the share where the agent's turn keeps the theoretical value, the plies
// its turns add to won positions, and the sign accuracy of a network's value head.
#include <cstdint>
#include <string>
#include <vector>

#include "game/endgame_tables.h"
#include "mcts/evaluator.h"
#include "mcts/players/agent_spec.h"

namespace tz::players {

/// What to score and on how many positions.
struct EgtbScoreOptions {
  AgentSpec agent;                   // the agent, read once where it entered (egtb score --player)
  std::vector<std::string> classes;  // classes to score; empty: every class of the tables
  int positions = 500;               // positions drawn from each class
  uint64_t seed = 1;                 // seeds the draws and the agent

  /// Throws Error naming the option when a value is out of range.
  void check() const;
};

/// A scalar value head's estimate above this counts as a win, below its negative as a
/// loss, in between as a draw (a win/draw/loss head's likeliest result counts instead).
constexpr float kValueHeadDrawBand = 1.f / 3;

/// The figures of one class.
struct ClassScore {
  std::string cls;               // the class
  int positions = 0;             // positions drawn
  int byResult[3] = {};          // of those, how many have each true result (indexed by EndgameResult)
  int kept[3] = {};              // of those, how many the agent's turn kept the result of
  int64_t winPliesLost = 0;      // over kept wins: the agent's distance minus the best, summed
  int valueHeadCorrect = 0;      // positions where the value head named the true result
  bool hasValueHead = false;     // whether a value head was scored

  /// Share of all positions whose value the agent's turn kept.
  double keptShare() const;
  /// Share of the positions with `result` that kept it (NaN when there are none).
  double keptShare(EndgameResult result) const;
  /// Mean plies the agent's turn added to a kept win (NaN when no win was kept).
  double meanWinPliesLost() const;
  /// Share of positions whose true result the value head named (NaN without one).
  double valueHeadAccuracy() const;
};

/// Scores `options.agent` (its players prepared once for `game`, which `tables` were opened
/// for; one player a class) on each class, and `valueHead` (null: none) on the same positions. Throws Error for a class the
/// tables cannot value.
std::vector<ClassScore> scoreAgainstDatabase(const Game& game, EndgameTables& tables, const EgtbScoreOptions& options,
                                             Evaluator* valueHead);

}  // namespace tz::players
