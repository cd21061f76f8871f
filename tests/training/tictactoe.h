#pragma once
// Tic-tac-toe as a test-only game: small enough to solve exactly, so that a learning loop
// can be checked against perfect play. Side 0 (X) moves first; action = cell 0..8, row-major.
#include <array>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "game/error.h"
#include "game/game.h"

namespace tz::test {

/// The rules and encoding of tic-tac-toe.
class TicTacToe final : public Game {
 public:
  const std::string& name() const override { return name_; }
  std::string family() const override { return "tictactoe"; }
  std::string sideName(int side) const override { return side == 0 ? "x" : "o"; }
  int sideFromName(const std::string& name) const override {
    if (name == "x" || name == "o") return name == "x" ? 0 : 1;
    throw Error("tic-tac-toe: unknown side " + name);
  }
  std::unique_ptr<State> newGame() const override;
  std::unique_ptr<State> fromRecord(const std::string&, const std::string&) const override {
    throw Error("tic-tac-toe: no records");
  }
  TensorShape inputShape() const override { return {2, 3, 3}; }
  int numActions() const override { return 9; }
  TensorShape policyShape() const override { return {1, 3, 3}; }
  int numSymmetries() const override { return 8; }
  const std::vector<int>& cellMap(int s) const override { return maps_[size_t(s)]; }
  const std::vector<int>& actionMap(int s) const override { return maps_[size_t(s)]; }
  std::string rulesYaml() const override { return "game: tictactoe\n"; }
  std::string encodingJson() const override { return "{\"planes\": [\"mover\", \"opponent\"]}"; }

 private:
  // The 8 symmetries of the square: cell (r, c) goes to maps_[s][3r + c].
  static std::vector<std::vector<int>> symmetries() {
    std::vector<std::vector<int>> maps;
    for (int s = 0; s < 8; ++s) {
      std::vector<int> m(9);
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
          int rr = r, cc = c;
          for (int turn = 0; turn < s % 4; ++turn) std::tie(rr, cc) = std::make_pair(cc, 2 - rr);
          if (s >= 4) cc = 2 - cc;
          m[size_t(3 * r + c)] = 3 * rr + cc;
        }
      }
      maps.push_back(m);
    }
    return maps;
  }
  std::string name_ = "tictactoe";
  std::vector<std::vector<int>> maps_ = symmetries();
};

/// A tic-tac-toe position.
class TicTacToeState final : public State {
 public:
  std::unique_ptr<State> clone() const override { return std::make_unique<TicTacToeState>(*this); }
  void copyFrom(const State& other) override { *this = static_cast<const TicTacToeState&>(other); }
  int toMove() const override { return ply_ % 2; }
  const Outcome& outcome() const override { return outcome_; }
  int ply() const override { return ply_; }
  uint64_t hash() const override {
    uint64_t h = 0;
    for (int c : cells_) h = h * 3 + uint64_t(c + 1);
    return h;
  }
  void legalActions(std::vector<Action>& out) const override {
    out.clear();
    if (outcome_.over) return;
    for (int i = 0; i < 9; ++i)
      if (cells_[size_t(i)] < 0) out.push_back(i);
  }
  void apply(Action a) override {
    if (outcome_.over || a < 0 || a > 8 || cells_[size_t(a)] >= 0) throw Error("tic-tac-toe: illegal move");
    const int mover = toMove();
    cells_[size_t(a)] = mover;
    ++ply_;
    static const int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                     {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (const auto& l : kLines) {
      if (cells_[size_t(l[0])] == mover && cells_[size_t(l[1])] == mover && cells_[size_t(l[2])] == mover) {
        outcome_ = {true, mover, EndReason::kNoMoves};
        return;
      }
    }
    if (ply_ == 9) outcome_ = {true, -1, EndReason::kPlyLimit};
  }
  std::string actionName(Action a) const override { return std::to_string(a); }
  void encode(float* planes) const override {
    const int mover = toMove();
    for (int i = 0; i < 9; ++i) {
      planes[i] = cells_[size_t(i)] == mover ? 1.f : 0.f;
      planes[9 + i] = cells_[size_t(i)] == 1 - mover ? 1.f : 0.f;
    }
  }
  std::vector<std::string> legalTurns() const override {
    std::vector<Action> a;
    legalActions(a);
    std::vector<std::string> out;
    for (Action x : a) out.push_back(std::to_string(x));
    return out;
  }
  void playTurn(const std::string& notation) override { apply(std::stoi(notation)); }
  uint64_t perft(int depth) const override {
    if (depth == 0) return 1;
    std::vector<Action> a;
    legalActions(a);
    uint64_t n = 0;
    for (Action x : a) {
      TicTacToeState next = *this;
      next.apply(x);
      n += next.perft(depth - 1);
    }
    return n;
  }
  std::vector<std::pair<std::string, uint64_t>> divide(int) const override { return {}; }
  std::string record() const override {
    std::string r;
    for (int c : cells_) r += c < 0 ? '.' : c == 0 ? 'x' : 'o';
    return r;
  }
  std::string diagram() const override { return record(); }

 private:
  std::array<int, 9> cells_{-1, -1, -1, -1, -1, -1, -1, -1, -1};
  int ply_ = 0;
  Outcome outcome_;
};

inline std::unique_ptr<State> TicTacToe::newGame() const { return std::make_unique<TicTacToeState>(); }

/// The exact value of `state` for its side to move under perfect play: 1, 0 or -1.
inline int solve(const State& state) {
  if (state.outcome().over) return state.outcome().winner < 0 ? 0 : state.outcome().winner == state.toMove() ? 1 : -1;
  static thread_local std::unordered_map<uint64_t, int> known;  // the hash is the whole board
  if (auto it = known.find(state.hash()); it != known.end()) return it->second;
  std::vector<Action> actions;
  state.legalActions(actions);
  int best = -1;
  for (Action a : actions) {
    auto next = state.clone();
    next->apply(a);
    best = std::max(best, -solve(*next));
  }
  return known[state.hash()] = best;
}

}  // namespace tz::test
