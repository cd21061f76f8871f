#include "training/models/model_agent.h"

#include "game/base/error.h"
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
  model.measuredOptions = [](const std::string& name) {
    // The card's options, checked as a network player's before they join any spec, so that
    // a bad one is named as the card's.
    const ModelFolder folder = ModelFolder::named(name);
    const std::string play = readModelCard(folder.card).play;
    try {
      if (!play.empty()) parseAgentSpec("net:" + folder.checkpoint + "," + play);
    } catch (const Error& e) {
      throw Error(folder.card + ": key 'play': " + quoted(play) + ": " + e.what());
    }
    return play;
  };
  model.prepare = [net](const AgentSpec& spec, const Game& game) { return net.prepare(netSpecOfModel(spec), game); };
  model.check = [net](const AgentSpec& spec, const Game& game) { net.check(netSpecOfModel(spec), game); };
  model.evaluator = [net](const AgentSpec& spec, const Game& game) { return net.evaluator(netSpecOfModel(spec), game); };
  model.ownGame = [net](const AgentSpec& spec) { return net.ownGame(netSpecOfModel(spec)); };
  model.networkFile = [](const AgentSpec& spec) { return ModelFolder::named(spec.source).checkpoint; };
  replaceAgentKind("model", std::move(model));
}

}  // namespace tz
