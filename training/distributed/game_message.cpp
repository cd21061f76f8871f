#include "training/distributed/game_message.h"

#include <nlohmann/json.hpp>

#include "game/base/error.h"

namespace tz {

using nlohmann::json;

namespace {

std::vector<uint8_t> bytesOf(const std::string& s) { return std::vector<uint8_t>(s.begin(), s.end()); }

}  // namespace

std::string encodeGame(const GameRecord& r, const std::vector<PositionRecord>& positions) {
  json ps = json::array();
  for (const auto& p : positions) {
    json entry = {{"ply", p.ply},
                  {"to_move", p.toMove},
                  {"policy", json::binary(bytesOf(encodePolicy(p.policy)))},
                  {"flags", p.flags}};
    if (p.value) entry["value"] = *p.value;
    ps.push_back(std::move(entry));
  }
  const json game = {{"variant", r.variant}, {"rules", r.rules}, {"players", {r.players[0], r.players[1]}},
                     {"winner", r.winner}, {"reason", r.reason}, {"plies", r.plies}, {"moves", r.moves},
                     {"actions", r.actions}, {"start_position", r.startPosition}, {"start_side", r.startSide},
                     {"positions", std::move(ps)}};
  const std::vector<uint8_t> bytes = json::to_msgpack(game);
  return std::string(bytes.begin(), bytes.end());
}

std::pair<GameRecord, std::vector<PositionRecord>> decodeGame(const std::string& bytes) {
  try {
    const json g = json::from_msgpack(bytes);
    GameRecord r;
    r.variant = g.at("variant");
    r.rules = g.at("rules");
    r.players[0] = g.at("players").at(0);
    r.players[1] = g.at("players").at(1);
    r.winner = g.at("winner");
    r.reason = g.at("reason");
    r.plies = g.at("plies");
    r.moves = g.at("moves");
    r.actions = g.at("actions").get<std::vector<Action>>();
    r.startPosition = g.at("start_position");
    r.startSide = g.at("start_side");
    std::vector<PositionRecord> positions;
    for (const auto& e : g.at("positions")) {
      PositionRecord p;
      p.ply = e.at("ply");
      p.toMove = e.at("to_move");
      const auto& blob = e.at("policy").get_binary();
      p.policy = decodePolicy(std::string(blob.begin(), blob.end()));
      p.flags = e.at("flags");
      if (e.contains("value")) p.value = e.at("value").get<float>();
      positions.push_back(std::move(p));
    }
    return {std::move(r), std::move(positions)};
  } catch (const json::exception& e) {
    throw Error(std::string("a game message does not decode: ") + e.what());
  }
}

}  // namespace tz
