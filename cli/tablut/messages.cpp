#include "cli/tablut/messages.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cctype>
#include <vector>

#include "game/base/error.h"
#include "game/base/json_text.h"
#include "game/tafl/topology.h"

namespace tz::cli::tablut {

namespace {

using nlohmann::json;

constexpr int kSize = 9;                                  // the board is 9x9
constexpr int kCentre = (kSize / 2) * kSize + kSize / 2;  // plain index of e5
constexpr std::array<const char*, 5> kTurns{"WHITE", "BLACK", "WHITEWIN", "BLACKWIN", "DRAW"};
constexpr std::array<const char*, 4> kCells{"EMPTY", "BLACK", "WHITE", "KING"};  // by tafl::Cell

// The JSON text of a message, or Error saying why it is none (the parser's reason, made printable).
json parseJson(const std::string& text) { return parseJsonText(text, ""); }

// The plain cell (rank * 9 + file, ours) of the server's board[row][column].
int plainOfServer(int row, int column) { return (kSize - 1 - row) * kSize + column; }

// The tafl cell of a server cell name at our plain index; Error for an unknown name.
uint8_t cellOf(const json& cell, int plain) {
  if (cell.is_string()) {
    const std::string name = cell.get<std::string>();
    for (size_t c = 0; c < kCells.size(); ++c) {
      if (name == kCells[c]) return uint8_t(c);
    }
    if (name == "THRONE" && plain == kCentre) return tafl::kEmpty;
    if (name == "THRONE") throw Error("cell THRONE away from the centre e5");
  }
  throw Error("unknown cell " + quoted(cell.dump()) + " (expected EMPTY, WHITE, BLACK, KING or THRONE)");
}

// The position record of the server's "board" value; Error for another shape.
std::string recordOfBoard(const json& board) {
  const std::string shape = "board: expected 9 rows of 9 cells";
  if (!board.is_array() || board.size() != kSize) throw Error(shape);
  std::vector<uint8_t> cells(kSize * kSize, tafl::kEmpty);
  for (int row = 0; row < kSize; ++row) {
    const json& line = board[size_t(row)];
    if (!line.is_array() || line.size() != kSize) throw Error(shape);
    for (int column = 0; column < kSize; ++column) {
      cells[size_t(plainOfServer(row, column))] = cellOf(line[size_t(column)], plainOfServer(row, column));
    }
  }
  return tafl::writeRecord(cells, kSize);
}

// The letter and digits at the start of `text`: "f3" of "f3xf4+" (mirrorSquare checks them).
std::string leadingSquare(const std::string& text) {
  size_t end = text.empty() ? 0 : 1;
  while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
  return text.substr(0, end);
}

}  // namespace

const char* turnName(Turn turn) { return kTurns[size_t(turn)]; }

int sideToMove(Turn turn) {
  if (turn == Turn::kWhite) return tafl::kDefenders;
  if (turn == Turn::kBlack) return tafl::kAttackers;
  return -1;
}

Turn turnOfSide(int side) { return side == tafl::kDefenders ? Turn::kWhite : Turn::kBlack; }

ServerState parseState(const std::string& text) {
  const json message = parseJson(text);
  if (!message.is_object()) throw Error("expected a state object {\"board\": ..., \"turn\": ...}");
  const auto board = message.find("board");
  const auto turn = message.find("turn");
  if (board == message.end() || turn == message.end()) throw Error("a state needs both \"board\" and \"turn\"");
  for (size_t t = 0; t < kTurns.size(); ++t) {
    if (turn->is_string() && turn->get<std::string>() == kTurns[t]) return {recordOfBoard(*board), Turn(t)};
  }
  throw Error("unknown turn " + quoted(turn->dump()) +
              " (expected WHITE, BLACK, WHITEWIN, BLACKWIN or DRAW)");
}

std::string stateMessage(const std::string& record, Turn turn) {
  const std::vector<uint8_t> cells = tafl::parseRecord(record, kSize);
  json board = json::array();
  for (int row = 0; row < kSize; ++row) {
    json line = json::array();
    for (int column = 0; column < kSize; ++column) {
      const int plain = plainOfServer(row, column);
      line.push_back(plain == kCentre && cells[size_t(plain)] == tafl::kEmpty ? "THRONE"
                                                                              : kCells[cells[size_t(plain)]]);
    }
    board.push_back(line);
  }
  return json{{"board", board}, {"turn", turnName(turn)}}.dump();
}

std::string moveMessage(const std::string& notation, Turn turn) {
  const size_t dash = notation.find('-');
  if (dash == std::string::npos) throw Error("move " + quoted(notation) + " is not of the form e3-f3");
  const std::string from = mirrorSquare(notation.substr(0, dash));
  const std::string to = mirrorSquare(leadingSquare(notation.substr(dash + 1)));
  return json{{"from", from}, {"to", to}, {"turn", turnName(turn)}}.dump();
}

std::string parseMove(const std::string& text) {
  const json message = parseJson(text);
  const auto from = message.is_object() ? message.find("from") : message.end();
  const auto to = message.is_object() ? message.find("to") : message.end();
  if (!message.is_object() || from == message.end() || to == message.end() || !from->is_string() || !to->is_string()) {
    throw Error("expected a move object {\"from\": \"e3\", \"to\": \"f3\", \"turn\": ...}");
  }
  return mirrorSquare(from->get<std::string>()) + "-" + mirrorSquare(to->get<std::string>());
}

std::string mirrorSquare(const std::string& square) {
  const bool valid =
      square.size() == 2 && square[0] >= 'a' && square[0] < 'a' + kSize && square[1] >= '1' && square[1] < '1' + kSize;
  if (!valid) throw Error("square " + quoted(square) + " is not on the 9x9 board (a1 to i9)");
  return std::string{square[0], char('0' + kSize + 1 - (square[1] - '0'))};
}

std::string nameMessage(const std::string& name) {
  bool plain = !name.empty() && name.size() <= 10;
  for (const char c : name) {
    plain = plain && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
  }
  if (!plain) {
    throw Error("name " + quoted(name) +
                ": expected 1 to 10 ASCII letters and digits (the server keeps only those)");
  }
  return json(name).dump();
}

}  // namespace tz::cli::tablut
