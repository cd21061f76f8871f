#include "training/models/model_agent.h"

#include <mutex>

#include "mcts/players/agent_kinds.h"
#include "training/models/model_folder.h"
#include "training/run/net_player.h"

namespace tz {

AgentSpec netSpecOfModel(const AgentSpec& model) {
  AgentSpec net = model;
  net.kind = "net";
  net.source = ModelFolder::named(model.source).checkpoint;
  return net;
}

void registerModelAgentKind() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerNetPlayerKind();
    AgentKind kind = netAgentKindOptions();
    kind.usage = kModelAgentUsage;
    const AgentKind net = agentKind("net", "net");
    kind.prepare = [net](const AgentSpec& spec, const Game& game) { return net.prepare(netSpecOfModel(spec), game); };
    kind.valueHead = [net](const AgentSpec& spec, const Game& game) { return net.valueHead(netSpecOfModel(spec), game); };
    kind.ownGame = [net](const AgentSpec& spec) { return net.ownGame(netSpecOfModel(spec)); };
    registerAgentKind("model", std::move(kind));
  });
}

}  // namespace tz
