#include "game/base/error.h"
#include "game/tictactoe/tictactoe.h"
#include "game/tictactoe/tictactoe_expertise.h"

namespace tz::tictactoe {

namespace {

constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

}  // namespace

std::string cellName(int cell) { return std::string(1, char('a' + cell % 3)) + char('1' + cell / 3); }

TicTacToeState::TicTacToeState(const std::array<int, 9>& cells, int toMove) : cells_(cells), toMove_(toMove) {
  judge();
}

uint64_t TicTacToeState::hash() const {
  uint64_t h = 0;
  for (int c : cells_) h = h * 3 + uint64_t(c + 1);
  return h;  // the board names the side to move
}

void TicTacToeState::legalActions(std::vector<Action>& out) const {
  out.clear();
  if (outcome_.over) return;
  for (int i = 0; i < 9; ++i)
    if (cells_[size_t(i)] < 0) out.push_back(i);
}

void TicTacToeState::apply(Action action) {
  if (outcome_.over || action < 0 || action > 8 || cells_[size_t(action)] >= 0) {
    throw RuleError("illegal tic-tac-toe action " + std::to_string(action) + " in " + record());
  }
  cells_[size_t(action)] = toMove_;
  toMove_ = 1 - toMove_;
  ++ply_;
  judge();
}

void TicTacToeState::judge() {
  for (const auto& l : kLines) {
    const int owner = cells_[size_t(l[0])];
    if (owner >= 0 && cells_[size_t(l[1])] == owner && cells_[size_t(l[2])] == owner) {
      outcome_ = {true, owner, end_reason::kThreeInARow};
      return;
    }
  }
  for (int c : cells_)
    if (c < 0) return;
  outcome_ = {true, -1, end_reason::kBoardFull};
}

std::string TicTacToeState::actionName(Action action) const { return cellName(action); }

const GameExpertise* TicTacToeState::expertise() const { return &TicTacToeExpertise::instance(); }

void TicTacToeState::encode(float* planes) const {
  for (int i = 0; i < 9; ++i) {
    planes[i] = cells_[size_t(i)] == toMove_ ? 1.f : 0.f;
    planes[9 + i] = cells_[size_t(i)] == 1 - toMove_ ? 1.f : 0.f;
  }
}

std::vector<std::string> TicTacToeState::legalTurns() const {
  std::vector<Action> actions;
  legalActions(actions);
  std::vector<std::string> out;
  for (Action a : actions) out.push_back(cellName(a));
  return out;
}

void TicTacToeState::playTurn(const std::string& notation) {
  const bool named = notation.size() == 2 && notation[0] >= 'a' && notation[0] <= 'c' && notation[1] >= '1' &&
                     notation[1] <= '3';
  const int cell = named ? 3 * (notation[1] - '1') + (notation[0] - 'a') : -1;
  if (outcome_.over || cell < 0 || cells_[size_t(cell)] >= 0) {
    throw RuleError("illegal move " + quoted(notation) + " in tic-tac-toe position " + record() +
                    (named ? "" : ": expected a square a1..c3"));
  }
  apply(cell);
}

uint64_t TicTacToeState::perft(int depth) const {
  if (depth == 0) return 1;
  std::vector<Action> actions;
  legalActions(actions);
  uint64_t nodes = 0;
  for (Action a : actions) {
    TicTacToeState next = *this;
    next.apply(a);
    nodes += next.perft(depth - 1);
  }
  return nodes;
}

std::vector<std::pair<std::string, uint64_t>> TicTacToeState::divide(int depth) const {
  std::vector<std::pair<std::string, uint64_t>> out;
  if (depth < 1) return out;
  std::vector<Action> actions;
  legalActions(actions);
  for (Action a : actions) {
    TicTacToeState next = *this;
    next.apply(a);
    out.emplace_back(cellName(a), next.perft(depth - 1));
  }
  return out;
}

std::string TicTacToeState::record() const {
  std::string r;
  for (int c : cells_) r += c < 0 ? '.' : c == 0 ? 'x' : 'o';
  return r;
}

std::string TicTacToeState::diagram() const {
  const std::string r = record();
  std::string out;
  for (int rank = 2; rank >= 0; --rank) out += std::to_string(rank + 1) + " " + r.substr(size_t(3 * rank), 3) + "\n";
  return out + "  abc\n";
}

}  // namespace tz::tictactoe
