#include "mcts/players/network_kinds.h"

#include "game/base/error.h"
#include "mcts/players/search_kinds.h"

namespace tz {

AgentKind netAgentKindOptions() {
  AgentKind kind;
  kind.usage = "net:CHECKPOINT[,sims=N,batch=N,mix=X,gumbel=1,candidates=M,cpuct=X,fpu=X,draw=X,tables=DIR,...]";
  kind.source = AgentKind::Source::kFirstItem;
  kind.defaults = [](AgentSpec& spec) {
    spec.search = SearchOptions{};
    spec.search.simulations = 200;
    spec.search.fpuReduction = 0.f;
  };
  kind.options = {AgentOptionGroup::kSearch, AgentOptionGroup::kNetwork};
  kind.timing = searchTiming;
  kind.networkFile = [](const AgentSpec& spec) { return spec.source; };
  return kind;
}

AgentKind networkAgentKind(const std::string& name) {
  AgentKind kind = netAgentKindOptions();
  if (name == "model") {  // a model's network is found where LibTorch is (registerNetworkAgentKinds)
    kind.usage = "model:NAME[,sims=N,...] (a shipped model, at its card's setting unless options override it: taflzero "
                 "models; net: options)";
    kind.networkFile = nullptr;
  }
  kind.prepare = [name](const AgentSpec& spec, const Game&) -> PlayerMaker {
    throw Error("player " + quoted(spec.text()) + ": " + name +
                " players need the LibTorch build, which this process did not load: give the player when "
                "starting taflzero (engine --player " + name + ":...)");
  };
  return kind;
}

}  // namespace tz
