#pragma once
// The morris database seen through the generic endgame-table interface (game/endgame_tables.h),
// which the egtb player and the agent score use.
#include <memory>
#include <string>

#include "game/endgame_tables.h"
#include "game/morris/egtb/database.h"
#include "game/morris/morris_game.h"

namespace tz::morris::egtb {

/// The tables of one database folder for one morris variant.
class MorrisEndgameTables final : public EndgameTables {
 public:
  /// Opens `dir` for `game` (which must outlive this); throws Error as Database does.
  MorrisEndgameTables(const MorrisGame& game, const std::string& dir);
  std::vector<std::string> classes() const override;
  std::string whyNotCovered(const State& state) const override;
  std::string whyClassNotCovered(const std::string& positionClass) const override;
  EndgameProbe probe(const State& state) override;
  /// From the position's own class table alone (Database::exactValue); a pending removal
  /// by its best removal, as probe() values it.
  std::optional<EndgameValue> valueOf(const State& state) override;
  /// Uniform over the class's positions (its index), the side to move by a coin, both hands
  /// empty, at ply 40 (docs/EGTB.md 8).
  std::unique_ptr<State> drawPosition(const std::string& positionClass, std::mt19937_64& rng) override;

 private:
  const MorrisGame& game_;
  Database db_;
};

}  // namespace tz::morris::egtb
