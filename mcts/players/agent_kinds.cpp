#include "mcts/players/agent_kinds.h"

#include <map>
#include <mutex>

#include "game/base/error.h"
#include "mcts/players/alphabeta_player.h"
#include "mcts/players/egtb_player.h"
#include "mcts/players/greedy_player.h"
#include "mcts/players/network_kinds.h"
#include "mcts/players/random_player.h"
#include "mcts/players/search_kinds.h"

namespace tz {

namespace {

// The table of agent kinds: every kind a spec may name, one line a kind.
std::map<std::string, AgentKind> kindTable() {
  return {
      {"random", randomAgentKind()},
      {"greedy", greedyAgentKind()},
      {"alphabeta", alphaBetaAgentKind()},
      {"mcts", mctsAgentKind()},
      {"uniform-mcts", uniformMctsAgentKind()},
      {"egtb", egtbAgentKind()},
      {"net", networkAgentKind("net")},
      {"model", networkAgentKind("model")},
  };
}

// The kinds by name: the table's, the network kinds' players replaced in the LibTorch build.
struct Registry {
  std::mutex mutex;
  std::map<std::string, AgentKind> kinds = kindTable();
};

Registry& registry() {
  static Registry instance;
  return instance;
}

}  // namespace

void addAgentKind(const std::string& name, AgentKind kind) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (!r.kinds.emplace(name, std::move(kind)).second) throw Error("the table of kinds lists " + quoted(name) + " already");
}

void replaceAgentKind(const std::string& name, AgentKind kind) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  const auto it = r.kinds.find(name);
  if (it == r.kinds.end()) throw Error("no agent kind " + quoted(name) + " in the table of kinds to replace");
  it->second = std::move(kind);
}

AgentKind agentKind(const std::string& name, const std::string& spec) {
  {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    const auto it = r.kinds.find(name);
    if (it != r.kinds.end()) return it->second;
  }
  std::string usages;
  for (const auto& u : agentUsages()) usages += (usages.empty() ? "" : ", ") + u;
  throw Error("unknown player " + quoted(spec) + ": expected one of " + usages);
}

AgentSpec agentOfKind(const std::string& name) {
  AgentSpec spec;
  spec.kind = name;
  agentKind(name, name).defaults(spec);
  return spec;
}

std::vector<std::string> agentUsages() {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<std::string> out;
  for (const auto& [name, kind] : r.kinds) out.push_back(kind.usage);
  return out;
}

}  // namespace tz
