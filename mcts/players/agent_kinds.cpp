#include "mcts/players/agent_kinds.h"

#include <map>
#include <mutex>

#include "game/base/error.h"
#include "mcts/evaluators.h"
#include "mcts/mcts_player.h"
#include "mcts/players/alphabeta_player.h"
#include "mcts/players/egtb_player.h"
#include "mcts/players/greedy_player.h"
#include "mcts/players/random_player.h"

namespace tz {

namespace {

// A kind of MCTS player whose leaves `evaluator(spec, seed)` values, searching `simulations`
// as the evaluator prefers unless the spec says otherwise; `own` are the kind's option
// groups before the search settings.
AgentKind searchKind(const std::string& usage, int simulations,
                     std::function<std::shared_ptr<Evaluator>(const AgentSpec&, uint64_t seed)> evaluator,
                     std::vector<AgentOptionGroup> own) {
  AgentKind kind;
  kind.usage = usage;
  kind.defaults = [simulations, evaluator](AgentSpec& spec) {
    spec.search = evaluator(spec, 0)->preferredSearch(SearchOptions{});
    spec.search.simulations = simulations;
  };
  kind.options = std::move(own);
  kind.options.push_back(AgentOptionGroup::kSearch);
  kind.prepare = [evaluator](const AgentSpec& spec, const Game& game) -> PlayerMaker {
    return [spec, evaluator, &game](uint64_t seed) {
      SearchOptions options = spec.search;
      options.seed = seed;
      return makeMctsPlayer(game, evaluator(spec, seed), options);
    };
  };
  return kind;
}

// A kind of network agent ("net", "model") as every build reads it: its options, and
// players that refuse, naming the LibTorch build, whose own players replace them
// (registerNetworkAgentKinds).
AgentKind networkKind(const std::string& name, const std::string& usage) {
  AgentKind kind = netAgentKindOptions();
  kind.usage = usage;
  kind.prepare = [name](const AgentSpec& spec, const Game&) -> PlayerMaker {
    throw Error("player " + quoted(spec.text()) + ": " + name +
                " players need the LibTorch build, which this process did not load: give the player when "
                "starting taflzero (engine --player " + name + ":...)");
  };
  return kind;
}

// The table of agent kinds: every kind a spec may name, with its options.
std::map<std::string, AgentKind> kindTable() {
  std::map<std::string, AgentKind> kinds;
  kinds["random"].usage = "random";
  kinds["random"].prepare = [](const AgentSpec&, const Game&) -> PlayerMaker {
    return [](uint64_t seed) { return std::make_unique<players::RandomPlayer>(seed); };
  };
  kinds["greedy"].usage = "greedy";
  kinds["greedy"].prepare = [](const AgentSpec&, const Game& game) -> PlayerMaker {
    return [&game](uint64_t seed) { return std::make_unique<players::GreedyPlayer>(game, seed); };
  };
  AgentKind& alphabeta = kinds["alphabeta"];
  alphabeta.usage = "alphabeta[:depth=D][,ms=T]";
  alphabeta.options = {AgentOptionGroup::kAlphaBeta};
  alphabeta.settle = [](AgentSpec& spec) {
    if (spec.gave("ms") && !spec.gave("depth")) spec.alphabeta.depth = 0;  // as deep as the time allows
  };
  alphabeta.prepare = [](const AgentSpec& spec, const Game& game) -> PlayerMaker {
    spec.alphabeta.check();
    return [options = spec.alphabeta, &game](uint64_t seed) {
      return std::make_unique<players::AlphaBetaPlayer>(game, options, seed);
    };
  };
  kinds["mcts"] = searchKind(
      "mcts[:sims=N,rollouts=R,gumbel=1,candidates=M,cpuct=X,...]", 1000,
      [](const AgentSpec& spec, uint64_t seed) { return std::make_shared<RolloutEvaluator>(spec.rollout.rollouts, seed); },
      {AgentOptionGroup::kRollouts});
  kinds["uniform-mcts"] = searchKind(
      "uniform-mcts[:sims=N,gumbel=1,candidates=M,cpuct=X,...]", 800,
      [](const AgentSpec&, uint64_t) { return std::make_shared<UniformEvaluator>(); }, {});
  kinds["egtb"] = egtbAgentKind();
  kinds["net"] = networkKind("net", netAgentKindOptions().usage);
  kinds["model"] = networkKind("model", "model:NAME[,sims=N,...] (a shipped model, at its card's setting unless options override it: taflzero models; net: options)");
  return kinds;
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
  return kind;
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
