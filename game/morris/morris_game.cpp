#include "game/morris/morris_game.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>

#include "game/base/error.h"
#include "game/morris/morris_expertise.h"

namespace tz::morris {

namespace {

// Image of the grid cell (file, rank) of a point under symmetry s: swap the inner and
// outer rings if s & 8, mirror the files if s & 4, then rotate a quarter turn s & 3 times.
std::pair<int, int> transform(int file, int rank, int s) {
  constexpr int c = kGrid / 2;
  if (s & 8) {
    int dx = file - c, dy = rank - c;
    const int ring = std::max(std::abs(dx), std::abs(dy));
    if (ring == 3) dx /= 3, dy /= 3;
    else if (ring == 1) dx *= 3, dy *= 3;
    file = c + dx;
    rank = c + dy;
  }
  if (s & 4) file = kGrid - 1 - file;
  for (int k = 0; k < (s & 3); ++k) {
    const int f = rank;
    rank = kGrid - 1 - file;
    file = f;
  }
  return {file, rank};
}

}  // namespace

MorrisGame::MorrisGame(Rules rules) : rules_(std::move(rules)) { buildSymmetries(); }

const GameExpertise* MorrisGame::expertise() const { return &MorrisExpertise::instance(); }

int MorrisGame::sideFromName(const std::string& name) const {
  if (name == "white") return kWhite;
  if (name == "black") return kBlack;
  throw Error("unknown side " + quoted(name) + ": expected white or black");
}

std::unique_ptr<State> MorrisGame::newGame() const {
  return std::make_unique<MorrisState>(*this, Position(rules_));
}

std::unique_ptr<State> MorrisGame::fromRecord(const std::string& record, const std::string& toMove) const {
  const Setup setup = parseRecord(record);
  if (!toMove.empty() && sideFromName(toMove) != setup.side) {
    throw Error("side to move " + quoted(toMove) + " contradicts the position record " + quoted(record) + ", which names " +
                sideName(setup.side));
  }
  return std::make_unique<MorrisState>(*this, Position(rules_, setup));
}

void MorrisGame::buildSymmetries() {
  const Board& b = board();
  for (int s = 0; s < kSymmetries; ++s) {
    std::vector<int> cells(kPoints);
    for (int p = 0; p < kPoints; ++p) {
      const auto [f, r] = transform(b.file[p], b.rank[p], s);
      pointMaps_[s][p] = b.pointAt[r * kGrid + f];
      cells[b.ringCell(p)] = b.ringCell(pointMaps_[s][p]);
    }
    const auto& pm = pointMaps_[s];
    std::vector<int> actions(kNumActions);
    for (int p = 0; p < kPoints; ++p) {
      actions[kPlaceBase + p] = kPlaceBase + pm[p];
      actions[kRemoveBase + p] = kRemoveBase + pm[p];
      for (int to = 0; to < kPoints; ++to) actions[kMoveBase + p * kPoints + to] = kMoveBase + pm[p] * kPoints + pm[to];
    }
    cellMaps_.push_back(std::move(cells));
    actionMaps_.push_back(std::move(actions));
  }
}

std::string MorrisGame::encodingJson() const {
  std::vector<std::string> points;
  for (int p = 0; p < kPoints; ++p) points.push_back(pointName(p));
  nlohmann::json j;
  j["game"] = "morris";
  j["variant"] = name();
  j["input"] = {{"shape", {kPlanes, kRings, kRingPoints}},
                {"layout", "planes x rings x slots: row 0 is the outer square, 1 the middle, 2 the inner; column c is "
                           "the place around the square, clockwise from the lower-left corner (a1, a4, a7, d7, g7, g4, "
                           "g1, d1 on the outer square; b2 ... d2 and c3 ... d3 likewise), so the cross lines are the "
                           "odd columns"},
                {"planes",
                 {"white pieces", "black pieces", "ones (the board's points)",
                  "white to move (all ones, else zeros)",
                  "removal pending: the side to move formed a mill and must remove (all ones, else zeros)",
                  "white pieces in hand / 9 (constant plane)", "black pieces in hand / 9 (constant plane)",
                  "placing phase: a side still has pieces in hand (all ones, else zeros)",
                  "white may fly: flying on, 3 pieces, none in hand (all ones, else zeros)",
                  "black may fly (all ones, else zeros)",
                  "position occurred before in the repetition window (all ones, else zeros)",
                  "moving-phase plies without a removal / no_removal_plies (constant; 0 if the rule is off)",
                  "plies played / ply_limit (constant plane)",
                  "white mill threats: empty points where White's next placement or move closes a mill",
                  "black mill threats", "white pieces with somewhere to go: an empty neighbour, or all while flying",
                  "black pieces with somewhere to go",
                  "side mid-points: ones on the odd columns, where the cross lines run"}}};
  j["policy"] = {
      {"size", kNumActions},
      {"shape", {1, 1, kNumActions}},
      {"points", points},
      {"index",
       {{"place", "0 + point: place a piece from hand on an empty point"},
        {"move", "24 + from * 24 + to: move along a line, or fly when the side may fly"},
        {"remove", "600 + point: remove that opponent piece (only while a removal is pending)"}}},
      {"turns", "a turn that forms a mill is two actions by the same side: the place/move action, then a "
                "remove action; the side to move does not change in between"},
      {"note", "logits over all actions; illegal actions must be masked by the caller"}};
  j["value"] = "tanh scalar in [-1, 1]: expected result for the side to move (+1 win, -1 loss, 0 draw)";
  j["symmetries"] = {{"count", kSymmetries},
                     {"order", "s & 8: swap inner and outer rings; s & 4: mirror files; s & 3: quarter turns"}};
  j["sides"] = {"white", "black"};
  j["rules"] = {{"flying", rules_.flying},
                {"repetition_count", rules_.repetitionCount},
                {"no_removal_plies", rules_.noRemovalPlies},
                {"ply_limit", rules_.plyLimit}};
  return j.dump(2);
}

std::unique_ptr<Game> makeMorrisGame(const YAML::Node& node, const std::string& file, const std::string& name) {
  return std::make_unique<MorrisGame>(rulesFromYaml(node, file, name));
}

}  // namespace tz::morris
