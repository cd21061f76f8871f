#pragma once
// Nine Men's Morris behind the Game/State interface: the action space (a turn is a
// placement or move action, then a removal action by the same side when it formed a
// mill), tensor encoding, the 16 board symmetries and notation around the fast Position.
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "game/game.h"
#include "game/position_state.h"
#include "game/morris/position.h"

namespace YAML {
class Node;
}

namespace tz::morris {

/// Action layout: placements on a point, moves or flights from-to, removals of a point
/// (docs/MORRIS.md 4.2).
constexpr int kPlaceBase = 0;                          // + point
constexpr int kMoveBase = kPlaceBase + kPoints;        // + from * 24 + to
constexpr int kRemoveBase = kMoveBase + kPoints * kPoints;  // + point
constexpr int kNumActions = kRemoveBase + kPoints;     // 624

class MorrisGame;

/// A morris game in progress.
class MorrisState final : public PositionState<MorrisState, MorrisGame, Position> {
 public:
  /// Wraps a position of `game` (which must outlive the state).
  MorrisState(const MorrisGame& game, Position position);

  void legalActions(std::vector<Action>& out) const override;
  void apply(Action action) override;
  std::string actionName(Action action) const override;
  void encode(float* planes) const override;
  std::vector<std::string> legalTurns() const override;
  void playTurn(const std::string& notation) override;
  std::vector<std::pair<std::string, uint64_t>> divide(int depth) const override;
  std::string record() const override { return writeRecord(pos_.setup()); }
  std::string diagram() const override;
  const GameExpertise* expertise() const override;

 private:
  // Why a turn that is not legal here is refused (empty when there is nothing specific).
  std::string whyIllegal(const Turn& turn) const;
};

/// One morris variant.
class MorrisGame final : public Game {
 public:
  /// Builds the variant from its rules.
  explicit MorrisGame(Rules rules);

  const std::string& name() const override { return rules_.name; }
  std::string family() const override { return "morris"; }
  std::string sideName(int side) const override { return side == kWhite ? "white" : "black"; }
  int sideFromName(const std::string& name) const override;
  std::unique_ptr<State> newGame() const override;
  std::unique_ptr<State> fromRecord(const std::string& record, const std::string& toMove) const override;
  TensorShape inputShape() const override { return {kPlanes, kRings, kRingPoints}; }
  int numActions() const override { return kNumActions; }
  TensorShape policyShape() const override { return {1, 1, kNumActions}; }
  int numSymmetries() const override { return kSymmetries; }
  const std::vector<int>& cellMap(int s) const override { return cellMaps_[s]; }
  const std::vector<int>& actionMap(int s) const override { return actionMaps_[s]; }
  std::string rulesYaml() const override { return rulesToYaml(rules_); }
  std::string encodingJson() const override;
  const GameExpertise* expertise() const override;

  /// The variant's rules.
  const Rules& rules() const { return rules_; }
  /// Image of a point under symmetry s.
  int mapPoint(int s, int point) const { return pointMaps_[s][point]; }

  /// Number of input planes of the encoding.
  static constexpr int kPlanes = 18;
  /// The square's 8 symmetries, each also with the inner and outer rings swapped.
  static constexpr int kSymmetries = 16;

 private:
  void buildSymmetries();

  Rules rules_;
  std::array<std::array<int, kPoints>, kSymmetries> pointMaps_{};
  std::vector<std::vector<int>> cellMaps_;
  std::vector<std::vector<int>> actionMaps_;
};

/// Builds a morris variant from its YAML node (the "morris" family factory).
std::unique_ptr<Game> makeMorrisGame(const YAML::Node& node, const std::string& file, const std::string& name);

}  // namespace tz::morris
