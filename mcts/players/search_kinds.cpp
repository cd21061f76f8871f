#include "mcts/players/search_kinds.h"

#include "mcts/evaluators.h"
#include "mcts/mcts_player.h"

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
  kind.timing = searchTiming;
  return kind;
}

}  // namespace

PlayerTiming searchTiming(const AgentSpec& spec) {
  PlayerTiming timing;
  timing.way = PlayerTiming::Way::kSearch;
  if (spec.gave("sims")) timing.cap = spec.search.simulations;
  return timing;
}

AgentKind mctsAgentKind() {
  return searchKind(
      "mcts[:sims=N,rollouts=R,gumbel=1,candidates=M,cpuct=X,...]", 1000,
      [](const AgentSpec& spec, uint64_t seed) { return std::make_shared<RolloutEvaluator>(spec.rollout.rollouts, seed); },
      {AgentOptionGroup::kRollouts});
}

AgentKind uniformMctsAgentKind() {
  return searchKind("uniform-mcts[:sims=N,gumbel=1,candidates=M,cpuct=X,...]", 800,
                    [](const AgentSpec&, uint64_t) { return std::make_shared<UniformEvaluator>(); }, {});
}

}  // namespace tz
