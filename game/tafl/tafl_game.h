#pragma once
// The tafl family behind the Game/State interface: actions, tensor encoding, symmetries
// and notation around the fast Position.
#include <memory>
#include <string>
#include <vector>

#include "game/expertise.h"
#include "game/game.h"
#include "game/position_state.h"
#include "game/tafl/position.h"

namespace YAML {
class Node;
}

namespace tz::tafl {

class TaflGame;

/// A tafl game in progress.
class TaflState final : public PositionState<TaflState, TaflGame, Position> {
 public:
  /// Wraps a position of `game` (which must outlive the state).
  TaflState(const TaflGame& game, Position position);

  void legalActions(std::vector<Action>& out) const override;
  void apply(Action action) override;
  std::string actionName(Action action) const override;
  void encode(float* planes) const override;
  std::vector<std::string> legalTurns() const override;
  void playTurn(const std::string& notation) override;
  std::vector<std::pair<std::string, uint64_t>> divide(int depth) const override;
  std::string record() const override { return pos_.record(); }
  std::string diagram() const override;
  const GameExpertise* expertise() const override;

  /// Notation of a move here: "e3-b3", with captures "xb4/c3" and threat marks "+"/"++".
  std::string moveName(Move move) const;
  /// The legal move a notation names; throws RuleError naming the move and position.
  Move parseMove(const std::string& notation) const;
};

/// One tafl variant.
class TaflGame final : public Game {
 public:
  /// Builds the variant from rules read from `file`.
  TaflGame(Rules rules, const std::string& file);
  TaflGame(const TaflGame&) = delete;
  TaflGame& operator=(const TaflGame&) = delete;

  const std::string& name() const override { return topo_.rules.name; }
  std::string family() const override { return "tafl"; }
  std::string sideName(int side) const override { return side == kAttackers ? "attackers" : "defenders"; }
  int sideFromName(const std::string& name) const override;
  std::unique_ptr<State> newGame() const override;
  std::unique_ptr<State> fromRecord(const std::string& record, const std::string& toMove) const override;
  TensorShape inputShape() const override { return {kPlanes, topo_.size, topo_.size}; }
  int numActions() const override { return topo_.size * topo_.size * 4 * (topo_.size - 1); }
  TensorShape policyShape() const override { return {4 * (topo_.size - 1), topo_.size, topo_.size}; }
  int numSymmetries() const override { return int(cellMaps_.size()); }
  const std::vector<int>& cellMap(int s) const override { return cellMaps_[s]; }
  const std::vector<int>& actionMap(int s) const override { return actionMaps_[s]; }
  std::string rulesYaml() const override { return rulesToYaml(topo_.rules); }
  std::string encodingJson() const override;
  const GameExpertise* expertise() const override { return expertise_.get(); }

  /// The variant's tables.
  const Topology& topology() const { return topo_; }
  /// Action index of a move: (direction * (N - 1) + distance - 1) * N * N + from.
  Action actionOf(Move move) const;
  /// Action index of a move given by its padded origin, direction index and distance.
  Action actionOf(int from, int direction, int distance) const {
    return (direction * (topo_.size - 1) + distance - 1) * topo_.size * topo_.size + topo_.plain(from);
  }
  /// Move of an action index (its target may lie off the board for actions never legal).
  Move moveOf(Action action) const { return actionMoves_[action]; }

  /// Number of input planes of the encoding.
  static constexpr int kPlanes = 10;

 private:
  void buildSymmetries();
  void buildActionMoves();

  Topology topo_;
  std::vector<std::vector<int>> cellMaps_;
  std::vector<std::vector<int>> actionMaps_;
  std::vector<Move> actionMoves_;
  std::unique_ptr<const GameExpertise> expertise_;  // refers to this game
};

/// Builds a tafl variant from its YAML node (the "tafl" family factory).
std::unique_ptr<Game> makeTaflGame(const YAML::Node& node, const std::string& file,
                                   const std::string& name);

}  // namespace tz::tafl
