#include "game/tafl/tafl_game.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

#include "game/base/error.h"
#include "game/tafl/tafl_expertise.h"

namespace tz::tafl {

namespace {

// Image of (file, rank) under symmetry s: mirror files if s & 4, then rotate s & 3 times.
std::pair<int, int> transform(int file, int rank, int s, int n) {
  if (s & 4) file = n - 1 - file;
  for (int k = 0; k < (s & 3); ++k) {
    const int f = rank;
    rank = n - 1 - file;
    file = f;
  }
  return {file, rank};
}

// File and rank steps of the directions north, east, south, west.
constexpr int kDirFile[4] = {0, 1, 0, -1};
constexpr int kDirRank[4] = {1, 0, -1, 0};

int directionOf(int df, int dr) {
  for (int d = 0; d < 4; ++d)
    if (kDirFile[d] == df && kDirRank[d] == dr) return d;
  return -1;
}

}  // namespace

TaflGame::TaflGame(Rules rules, const std::string& file)
    : topo_(std::move(rules), file), expertise_(std::make_unique<TaflExpertise>(*this)) {
  buildSymmetries();
  buildActionMoves();
}

int TaflGame::sideFromName(const std::string& name) const {
  // White and black as the Tablut Challenge names the sides: white the defenders (and king).
  if (name == "attackers" || name == "black") return kAttackers;
  if (name == "defenders" || name == "white") return kDefenders;
  throw Error("unknown side " + quoted(name) + ": expected attackers or defenders (or black for the attackers, white for the defenders)");
}

std::unique_ptr<State> TaflGame::newGame() const {
  return std::make_unique<TaflState>(*this, Position(topo_));
}

std::unique_ptr<State> TaflGame::fromRecord(const std::string& record, const std::string& toMove) const {
  const int side = toMove.empty() ? topo_.rules.first : sideFromName(toMove);
  return std::make_unique<TaflState>(*this, Position(topo_, parseRecord(record, topo_.size), side));
}

Action TaflGame::actionOf(Move m) const {
  const int n = topo_.size;
  const int from = topo_.plain(m.from), to = topo_.plain(m.to);
  const int df = to % n - from % n, dr = to / n - from / n;
  const int dist = std::abs(df) + std::abs(dr);
  const int dir = directionOf(df / dist, dr / dist);
  return actionOf(m.from, dir, dist);
}

void TaflGame::buildActionMoves() {
  const int n = topo_.size;
  actionMoves_.resize(numActions());
  for (Action a = 0; a < numActions(); ++a) {
    const int from = a % (n * n);
    const int plane = a / (n * n);
    const int dist = plane % (n - 1) + 1;
    const int dir = plane / (n - 1);
    const int to = topo_.padded(from) + dist * topo_.step[dir];
    actionMoves_[a] = Move{uint16_t(topo_.padded(from)), uint16_t(to)};
  }
}

void TaflGame::buildSymmetries() {
  const Topology& t = topo_;
  const int n = t.size;
  for (int s = 0; s < 8; ++s) {
    std::vector<int> cells(n * n);
    bool symmetric = true;
    std::map<int, int> campImage;
    for (int sq = 0; sq < n * n && symmetric; ++sq) {
      auto [f, r] = transform(sq % n, sq / n, s, n);
      const int image = r * n + f;
      cells[sq] = image;
      const int a = t.padded(sq), b = t.padded(image);
      symmetric = t.setup[a] == t.setup[b] && t.flags[a] == t.flags[b];
      if (symmetric && t.campId[a]) {
        auto [it, fresh] = campImage.emplace(t.campId[a], t.campId[b]);
        symmetric = it->second == t.campId[b];
      }
    }
    if (!symmetric) continue;
    std::vector<int> actions(numActions(), -1);
    for (int from = 0; from < n * n; ++from) {
      for (int dir = 0; dir < 4; ++dir) {
        auto [f0, r0] = transform(0, 0, s, n);
        auto [f1, r1] = transform(kDirFile[dir], kDirRank[dir], s, n);
        const int newDir = directionOf(f1 - f0, r1 - r0);
        for (int dist = 1; dist < n; ++dist) {
          actions[(dir * (n - 1) + dist - 1) * n * n + from] = (newDir * (n - 1) + dist - 1) * n * n + cells[from];
        }
      }
    }
    cellMaps_.push_back(std::move(cells));
    actionMaps_.push_back(std::move(actions));
  }
}

std::string TaflGame::encodingJson() const {
  const int n = topo_.size;
  nlohmann::json j;
  j["game"] = "tafl";
  j["variant"] = name();
  j["input"] = {{"shape", {kPlanes, n, n}},
                {"layout", "planes x rows x columns; row r is rank r+1 (row 0 = rank 1), column c is file c (a = 0)"},
                {"planes",
                 {"attackers", "defenders", "king", "attackers to move (all ones, else zeros)",
                  "throne square", "escape squares", "camp squares", "corner squares",
                  "position occurred before in the repetition window (all ones, else zeros)",
                  "plies played / ply_limit (constant plane)"}}};
  j["policy"] = {{"size", numActions()},
                 {"shape", {4 * (n - 1), n, n}},
                 {"index", "(direction * (N - 1) + distance - 1) * N * N + from, from = rank * N + file (the policy planes flattened)"},
                 {"directions", {"north (+rank)", "east (+file)", "south (-rank)", "west (-file)"}},
                 {"note", "logits over all actions; illegal actions must be masked by the caller"}};
  j["value"] = "tanh scalar in [-1, 1]: expected result for the side to move (+1 win, -1 loss, 0 draw)";
  j["symmetries"] = numSymmetries();
  j["sides"] = {"attackers", "defenders"};
  return j.dump(2);
}

std::unique_ptr<Game> makeTaflGame(const YAML::Node& node, const std::string& file, const std::string& name) {
  return std::make_unique<TaflGame>(rulesFromYaml(node, file, name), file);
}

}  // namespace tz::tafl
