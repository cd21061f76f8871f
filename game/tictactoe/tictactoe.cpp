#include "game/tictactoe/tictactoe.h"

#include <tuple>

#include "game/base/config.h"
#include "game/base/error.h"
#include "game/tictactoe/tictactoe_expertise.h"

namespace tz::tictactoe {

namespace {

// The 8 symmetries of the square: cell (r, c) goes to maps[s][3r + c] (rotations, then
// the same mirrored).
std::vector<std::vector<int>> symmetries() {
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

}  // namespace

TicTacToe::TicTacToe(std::string name) : name_(std::move(name)), maps_(symmetries()) {}

int TicTacToe::sideFromName(const std::string& name) const {
  if (name == "x") return 0;
  if (name == "o") return 1;
  throw Error("unknown side " + quoted(name) + ": expected x or o");
}

std::unique_ptr<State> TicTacToe::newGame() const {
  return std::make_unique<TicTacToeState>(std::array<int, 9>{-1, -1, -1, -1, -1, -1, -1, -1, -1}, 0);
}

std::unique_ptr<State> TicTacToe::fromRecord(const std::string& record, const std::string& toMove) const {
  std::array<int, 9> cells{};
  int count[2] = {0, 0};
  bool ok = record.size() == 9;
  for (size_t i = 0; ok && i < 9; ++i) {
    const char c = record[i];
    ok = c == 'x' || c == 'o' || c == '.';
    cells[i] = c == 'x' ? 0 : c == 'o' ? 1 : -1;
    if (ok && cells[i] >= 0) ++count[cells[i]];
  }
  if (!ok || count[0] - count[1] < 0 || count[0] - count[1] > 1) {
    throw Error("tic-tac-toe record " + quoted(record) + ": expected 9 cells of x, o or '.', x moving first");
  }
  const int side = count[0] > count[1] ? 1 : 0;
  if (!toMove.empty() && sideFromName(toMove) != side) {
    throw Error("tic-tac-toe record " + quoted(record) + ": " + sideName(side) + " is to move, not " + toMove);
  }
  return std::make_unique<TicTacToeState>(cells, side);
}

std::string TicTacToe::encodingJson() const {
  return "{\"planes\": [\"pieces of the side to move\", \"pieces of the opponent\"], "
         "\"actions\": \"cell 3 * row + column, row 0 = rank 1, column 0 = file a\"}";
}

const GameExpertise* TicTacToe::expertise() const { return &TicTacToeExpertise::instance(); }

std::unique_ptr<Game> makeTicTacToe(const YAML::Node& node, const std::string& file, const std::string& name) {
  ConfigReader r(node, file);
  r.getChoice("game", "tictactoe", {"tictactoe"});
  r.getString("description", "");
  r.finish();
  return std::make_unique<TicTacToe>(name);
}

}  // namespace tz::tictactoe
