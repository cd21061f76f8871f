#include "cli/tablut/match_options.h"

#include "cli/tablut/time_budget.h"
#include "mcts/players/player_factory.h"
#include "game/base/error.h"
#include "game/registry.h"

namespace tz::cli::tablut {

namespace {

// The names of the placeholders in `values`, "{a} {b}", for messages.
std::string known(const std::map<std::string, std::string>& values) {
  std::string names;
  for (const auto& [key, value] : values) names += (names.empty() ? "{" : " {") + key + "}";
  return names;
}

}  // namespace

std::string fillPlaceholders(const std::string& text, const std::map<std::string, std::string>& values,
                             const std::string& option) {
  std::string filled;
  for (size_t at = 0; at < text.size();) {
    const size_t open = text.find('{', at);
    filled += text.substr(at, open - at);
    if (open == std::string::npos) break;
    const size_t close = text.find('}', open);
    if (close == std::string::npos) throw Error(option + ": a brace is left open: " + quoted(text.substr(open)));
    const std::string key = text.substr(open + 1, close - open - 1);
    const auto value = values.find(key);
    if (value == values.end()) {
      throw Error(option + ": unknown placeholder {" + key + "} (known: " + known(values) + ")");
    }
    filled += value->second;
    at = close + 1;
  }
  return filled;
}

void MatchOptions::validate() const {
  if (server.find_first_not_of(" \t") == std::string::npos) throw Error("--server: the command is empty");
  if (opponent.find_first_not_of(" \t") == std::string::npos) throw Error("--opponent: the command is empty");
  if (games < 1) throw Error("--games: expected at least 1 game, got " + std::to_string(games));
  if (whitePort == blackPort) throw Error("--white-port and --black-port are both " + std::to_string(whitePort));
  try {
    moveBudgetMs(timeout);
  } catch (const Error& e) {
    throw Error(std::string("--timeout: ") + e.what());
  }
  nameMessage(name);
  serverCommand();
  opponentCommand(Turn::kWhite);
  checkAgent(agent, *loadGame("ashton", sets));
  if (tag.empty()) throw Error("--tag: the tag is empty");
  if (opponentName.empty()) throw Error("--opponent-name: the name is empty");
}

std::string MatchOptions::serverCommand() const {
  return fillPlaceholders(server, {{"timeout", std::to_string(timeout)}}, "--server");
}

std::string MatchOptions::opponentCommand(Turn colour) const {
  const bool white = colour == Turn::kWhite;
  return fillPlaceholders(opponent,
                          {{"side", white ? "white" : "black"},
                           {"SIDE", white ? "WHITE" : "BLACK"},
                           {"host", host},
                           {"port", std::to_string(port(colour))},
                           {"timeout", std::to_string(timeout)}},
                          "--opponent");
}

}  // namespace tz::cli::tablut
