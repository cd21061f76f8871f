#pragma once
// Tic-tac-toe behind the Game/State interface: small enough to solve exactly, so a
// learning loop can be checked against perfect play, and the smallest example of a game
// family (docs/GAMES.md). Side 0 (x) moves first. Squares are named a1..c3 (file a-c,
// rank 1-3); action = cell = 3 * (rank - 1) + file. A record is the nine cells a1, b1, c1,
// a2, ..., c3 as x, o or '.'.
#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "game/game.h"
#include "game/position_state.h"

namespace YAML {
class Node;
}

namespace tz::tictactoe {

/// The reasons only tic-tac-toe ends by.
namespace end_reason {
inline constexpr EndReason kThreeInARow = "three_in_a_row";  // the mover completed a line of three
inline constexpr EndReason kBoardFull = "board_full";        // the board is full without a line: draw
}  // namespace end_reason

/// The name of a cell (0..8): file a-c, rank 1-3 ("b2" is 4).
std::string cellName(int cell);

/// A tic-tac-toe position.
class TicTacToeState final : public ClonableState<TicTacToeState> {
 public:
  /// The position `cells` (-1 empty, 0 x, 1 o) with `toMove` to move.
  TicTacToeState(const std::array<int, 9>& cells, int toMove);

  int toMove() const override { return toMove_; }
  const Outcome& outcome() const override { return outcome_; }
  int ply() const override { return ply_; }
  uint64_t hash() const override;
  void legalActions(std::vector<Action>& out) const override;
  void apply(Action action) override;
  std::string actionName(Action action) const override;
  void encode(float* planes) const override;
  std::vector<std::string> legalTurns() const override;
  void playTurn(const std::string& notation) override;
  uint64_t perft(int depth) const override;
  std::vector<std::pair<std::string, uint64_t>> divide(int depth) const override;
  std::string record() const override;
  std::string diagram() const override;
  const GameExpertise* expertise() const override;
  /// The cells: -1 empty, 0 x, 1 o.
  const std::array<int, 9>& cells() const { return cells_; }

 private:
  // Sets the outcome from the board: a line of three wins, a full board draws.
  void judge();

  std::array<int, 9> cells_;
  int toMove_;
  int ply_ = 0;
  Outcome outcome_;
};

/// The rules, encoding and symmetries of tic-tac-toe.
class TicTacToe final : public Game {
 public:
  /// The game, named `name`.
  explicit TicTacToe(std::string name = "tictactoe");

  const std::string& name() const override { return name_; }
  std::string family() const override { return "tictactoe"; }
  std::string sideName(int side) const override { return side == 0 ? "x" : "o"; }
  int sideFromName(const std::string& name) const override;
  std::unique_ptr<State> newGame() const override;
  std::unique_ptr<State> fromRecord(const std::string& record, const std::string& toMove) const override;
  TensorShape inputShape() const override { return {2, 3, 3}; }
  int numActions() const override { return 9; }
  TensorShape policyShape() const override { return {1, 3, 3}; }
  int numSymmetries() const override { return 8; }
  const std::vector<int>& cellMap(int s) const override { return maps_[size_t(s)]; }
  const std::vector<int>& actionMap(int s) const override { return maps_[size_t(s)]; }
  std::string rulesYaml() const override { return "game: tictactoe\n"; }
  std::string encodingJson() const override;
  const GameExpertise* expertise() const override;

 private:
  std::string name_;
  std::vector<std::vector<int>> maps_;  // symmetry s sends cell c to maps_[s][c]
};

/// Builds tic-tac-toe from its YAML node (the "tictactoe" family factory).
std::unique_ptr<Game> makeTicTacToe(const YAML::Node& node, const std::string& file, const std::string& name);

}  // namespace tz::tictactoe
