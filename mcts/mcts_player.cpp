#include "mcts/mcts_player.h"

namespace tz {

MctsPlayer::MctsPlayer(const Game& game, std::shared_ptr<Evaluator> evaluator, const SearchOptions& options)
    : evaluatorName_(evaluator->name()), search_(game, std::move(evaluator), options) {}

void MctsPlayer::newGame() { hasRoot_ = false; }

Action MctsPlayer::chooseAction(const State& state) {
  if (!hasRoot_ || !search_.at(state)) search_.setRoot(state);
  hasRoot_ = true;
  search_.run();
  return search_.chooseMove();
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
