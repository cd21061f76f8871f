#include "mcts/mcts_player.h"

namespace tz {

namespace {

// `first` (a root action), then the most visited child below each node while one was
// visited, up to `length` actions.
std::vector<Action> principalVariation(const mcts::Node& root, Action first, int length) {
  std::vector<Action> pv{first};
  const mcts::Node* node = nullptr;
  for (int i = 0; i < root.numEdges; ++i) {
    if (root.edges[i].action == first) node = root.edges[i].node();
  }
  while (node && node->isExpanded() && int(pv.size()) < length) {
    const mcts::Edge* best = nullptr;
    for (int i = 0; i < node->numEdges; ++i) {
      if (edgeVisits(node->edges[i]) > (best ? edgeVisits(*best) : 0)) best = &node->edges[i];
    }
    if (!best) break;
    pv.push_back(best->action);
    node = best->node();
  }
  return pv;
}

}  // namespace

MctsPlayer::MctsPlayer(const Game& game, std::shared_ptr<Evaluator> evaluator, const SearchOptions& options)
    : evaluatorName_(evaluator->name()), search_(game, std::move(evaluator), options) {}

void MctsPlayer::newGame() {
  hasRoot_ = false;
  report_.reset();
}

Action MctsPlayer::chooseAction(const State& state) {
  if (!hasRoot_ || !search_.at(state)) search_.setRoot(state);
  hasRoot_ = true;
  const int cap = budget_.simulations > 0 ? budget_.simulations : -1;
  const SearchResult& result = budget_.time ? search_.runFor(*budget_.time, cap) : search_.run(cap);
  const Action action = search_.chooseMove();
  report_ = SearchReport{result.rootVisits, result.value, principalVariation(search_.tree().root(), action, kPvLength),
                         result.simulations, result.ms, budget_.time ? budget_.time->limitMs : 0.0};
  return action;
}

bool MctsPlayer::setSearchBudget(const SearchBudget& budget) {
  budget_ = budget;
  return true;
}

void MctsPlayer::observe(const State& before, Action action) {
  if (!hasRoot_) return;
  if (search_.at(before)) search_.advance(action);
  else hasRoot_ = false;  // the game left the tree: the next search starts afresh
}

std::string MctsPlayer::name() const {
  const SearchOptions& o = search_.options();
  return "mcts(" + evaluatorName_ + "," + std::to_string(o.simulations) + (o.gumbel ? ",gumbel" : "") + ")";
}

std::unique_ptr<Player> makeMctsPlayer(const Game& game, std::shared_ptr<Evaluator> evaluator,
                                       const SearchOptions& options) {
  return std::make_unique<MctsPlayer>(game, std::move(evaluator), options);
}

}  // namespace tz
