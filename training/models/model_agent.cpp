#include "training/models/model_agent.h"

#include "mcts/players/agent_kinds.h"
#include "mcts/players/agent_spec.h"
#include "training/models/model_card.h"
#include "training/models/model_folder.h"
#include "training/run/net_player.h"

namespace tz {

AgentSpec netSpecOfModel(const AgentSpec& model) { return netSpecOfModel(model, ModelFolder::named(model.source).checkpoint); }

AgentSpec netSpecOfModel(const AgentSpec& model, const std::string& checkpoint) {
  AgentSpec net = model;
  net.kind = "net";
  net.source = checkpoint;
  return net;
}

void registerNetworkAgentKinds() {
  registerNetAgentKind();
  const AgentKind net = netAgentKind();
  AgentKind model = agentKind("model", "model");
  // The card's options, checked as a network player's when the card is read (readModelCard).
  model.measuredOptions = [](const std::string& name) { return readModelCard(ModelFolder::named(name).card).play; };
  model.prepare = [net](const AgentSpec& spec, const Game& game) { return net.prepare(netSpecOfModel(spec), game); };
  model.check = [net](const AgentSpec& spec, const Game& game) { net.check(netSpecOfModel(spec), game); };
  model.evaluator = [net](const AgentSpec& spec, const Game& game) { return net.evaluator(netSpecOfModel(spec), game); };
  model.ownGame = [net](const AgentSpec& spec) { return net.ownGame(netSpecOfModel(spec)); };
  model.networkFile = [](const AgentSpec& spec) { return ModelFolder::named(spec.source).checkpoint; };
  replaceAgentKind("model", std::move(model));
}

}  // namespace tz
