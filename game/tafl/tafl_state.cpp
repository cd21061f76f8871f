#include <algorithm>
#include <cstring>

#include "game/base/error.h"
#include "game/tafl/tafl_game.h"

namespace tz::tafl {

TaflState::TaflState(const TaflGame& game, Position position) : PositionState(game, std::move(position)) {}

void TaflState::legalActions(std::vector<Action>& out) const {
  out.clear();
  if (pos_.outcome().over) return;
  const TaflGame& game = *game_;
  pos_.forEachMove([&](int from, int, int dir, int dist) {
    out.push_back(game.actionOf(from, dir, dist));
    return false;
  });
}

void TaflState::apply(Action action) { pos_.play(game_->moveOf(action)); }

std::string TaflState::moveName(Move move) const {
  const Topology& t = game_->topology();
  std::string name = t.name(move.from) + "-" + t.name(move.to);
  Position after = pos_;
  Undo u;
  after.play(move, &u);
  std::vector<int> captured(u.captured, u.captured + u.captures);
  // Captures are listed by square: file first, then rank; then the threat marks
  // (docs/RULES.md 1.4, 6.7, 8.13).
  std::sort(captured.begin(), captured.end(), [&](int a, int b) {
    const int pa = t.plain(a), pb = t.plain(b);
    return std::make_pair(pa % t.size, pa / t.size) < std::make_pair(pb % t.size, pb / t.size);
  });
  for (size_t i = 0; i < captured.size(); ++i) name += (i ? "/" : "x") + t.name(captured[i]);
  if (!after.outcome().over) {
    const int lines = after.kingEscapeLines();
    if (lines == 1) name += "+";
    if (lines >= 2) name += "++";
  }
  return name;
}

std::string TaflState::actionName(Action action) const { return moveName(game_->moveOf(action)); }

Move TaflState::parseMove(const std::string& notation) const {
  const Topology& t = game_->topology();
  const std::string where = " in position " + pos_.record() + " (" + game_->sideName(pos_.toMove()) + " to move)";
  // <from>-<to>[x<captured>[/<captured>...]][+|++]: captures and escape-threat marks, when
  // given, are claims checked against the move (docs/RULES.md 8.23).
  std::string text = notation;
  const size_t marksAt = text.find_last_not_of('+') == std::string::npos ? 0 : text.find_last_not_of('+') + 1;
  const std::string marks = text.substr(marksAt);
  text.erase(marksAt);
  const size_t x = text.find('x');
  const std::string suffix = x == std::string::npos ? "" : text.substr(x);
  text = text.substr(0, x);
  const size_t dash = text.find('-');
  const int from = dash == std::string::npos ? -1 : parseSquare(text.substr(0, dash), t.size);
  const int to = dash == std::string::npos ? -1 : parseSquare(text.substr(dash + 1), t.size);
  if (from < 0 || to < 0) {
    throw RuleError("malformed move " + quoted(notation) + ": expected <from>-<to> such as e3-b3");
  }
  if (pos_.outcome().over) throw RuleError("illegal move " + quoted(notation) + ": the game is over" + where);
  MoveList list;
  pos_.generate(list);
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    if (m.from != t.padded(from) || m.to != t.padded(to)) continue;
    std::string full = moveName(m);
    const size_t fullMarksAt = full.find_last_not_of('+') + 1;
    const std::string actualMarks = full.substr(fullMarksAt);
    full.erase(fullMarksAt);
    const size_t fx = full.find('x');
    const std::string actual = fx == std::string::npos ? "" : full.substr(fx);
    if (!suffix.empty() && actual != suffix) {
      throw RuleError("move " + quoted(notation) + " claims captures " + quoted(suffix) + " but captures '" +
                      (actual.empty() ? "nothing" : actual) + "'" + where);
    }
    if (!marks.empty() && actualMarks != marks) {
      throw RuleError("move " + quoted(notation) + " claims escape threat " + quoted(marks) + " but " +
                      (actualMarks.empty() ? std::string("opens no escape line") : "is marked '" + actualMarks + "'") +
                      " ('+': one line to a winning square open to the king, '++': two or more)" + where);
    }
    return m;
  }
  throw RuleError("illegal move " + quoted(notation) + where);
}

std::vector<std::string> TaflState::legalTurns() const {
  const Topology& t = game_->topology();
  MoveList list;
  pos_.generate(list);
  std::vector<std::string> out;
  out.reserve(list.size);
  for (int i = 0; i < list.size; ++i) out.push_back(t.name(list.moves[i].from) + "-" + t.name(list.moves[i].to));
  return out;
}

void TaflState::playTurn(const std::string& notation) { pos_.play(parseMove(notation)); }

std::vector<std::pair<std::string, uint64_t>> TaflState::divide(int depth) const {
  std::vector<std::pair<std::string, uint64_t>> out;
  if (depth < 1) return out;
  const Topology& t = game_->topology();
  Position copy = pos_;
  MoveList list;
  copy.generate(list);
  Undo u;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    copy.play(m, &u);
    out.emplace_back(t.name(m.from) + "-" + t.name(m.to), copy.perft(depth - 1));
    copy.undo(u);
  }
  return out;
}

void TaflState::encode(float* planes) const {
  const Topology& t = game_->topology();
  const int n = t.size, area = n * n;
  std::memset(planes, 0, sizeof(float) * TaflGame::kPlanes * area);
  const float toMoveAttackers = pos_.toMove() == kAttackers ? 1.f : 0.f;
  const float repeated = pos_.repetitions() > 0 ? 1.f : 0.f;
  const float progress = float(pos_.ply()) / float(t.rules.plyLimit);
  for (int sq = 0; sq < area; ++sq) {
    const int cell = t.padded(sq);
    const uint8_t c = pos_.at(cell);
    if (c == kAttacker) planes[0 * area + sq] = 1.f;
    if (c == kDefender) planes[1 * area + sq] = 1.f;
    if (c == kKing) planes[2 * area + sq] = 1.f;
    planes[3 * area + sq] = toMoveAttackers;
    if (t.flags[cell] & kThrone) planes[4 * area + sq] = 1.f;
    if (t.flags[cell] & kEscapeSquare) planes[5 * area + sq] = 1.f;
    if (t.flags[cell] & kCamp) planes[6 * area + sq] = 1.f;
    if (t.flags[cell] & kCorner) planes[7 * area + sq] = 1.f;
    planes[8 * area + sq] = repeated;
    planes[9 * area + sq] = progress;
  }
}

std::string TaflState::diagram() const {
  const Topology& t = game_->topology();
  const int n = t.size;
  std::string out;
  for (int rank = n - 1; rank >= 0; --rank) {
    std::string label = std::to_string(rank + 1);
    out += std::string(3 - label.size(), ' ') + label + " ";
    for (int file = 0; file < n; ++file) {
      const int cell = t.padded(rank * n + file);
      const uint8_t c = pos_.at(cell);
      char ch = c == kAttacker ? 't' : c == kDefender ? 'T' : c == kKing ? 'K' : '.';
      if (c == kEmpty) {
        if (t.flags[cell] & kThrone) ch = '#';
        else if (t.flags[cell] & kCamp) ch = '+';
        else if (t.flags[cell] & kCorner) ch = '*';
      }
      out += ' ';
      out += ch;
    }
    out += '\n';
  }
  out += "    ";
  for (int file = 0; file < n; ++file) {
    out += ' ';
    out += char('a' + file);
  }
  out += "\n    t attacker  T defender  K king  # throne  * corner  + camp\n";
  return out;
}

const GameExpertise* TaflState::expertise() const { return game_->expertise(); }

}  // namespace tz::tafl
