#include "mcts/players/timed_player.h"

#include <algorithm>
#include <limits>

#include "mcts/players/player_factory.h"
#include "mcts/players/random_opening_player.h"

namespace tz {

TimedPlayer::TimedPlayer(const std::string& spec, const Game& game, uint64_t seed, int64_t budgetMs)
    : TimedPlayer(parseAgentSpec(spec), game, seed, budgetMs) {}

TimedPlayer::TimedPlayer(AgentSpec spec, const Game& game, uint64_t seed, int64_t budgetMs)
    : spec_(std::move(spec)), player_(buildAgent(spec_, game, seed)) {
  player_->newGame();
  start(budgetMs);
}

TimedPlayer::TimedPlayer(AgentSpec spec, std::unique_ptr<Player> player, int64_t budgetMs)
    : spec_(std::move(spec)), player_(std::move(player)) {
  start(budgetMs);
}

void TimedPlayer::start(int64_t budgetMs) {
  if (player_->setSearchBudget(SearchBudget{1, std::nullopt})) {  // it takes a count: a search
    cap_ = spec_.gave("sims") ? spec_.search.simulations : kTimedSimulationCap;
  } else if (player_->setSearchBudget(SearchBudget{})) {  // it takes a clock alone
    msLimit_ = spec_.gave("ms") ? int64_t(spec_.alphabeta.ms) : std::numeric_limits<int64_t>::max();
  }
  setBudget(budgetMs);
}

void TimedPlayer::setBudget(const MoveTime& time) {
  if (cap_ > 0) {
    player_->setSearchBudget(SearchBudget{cap_, time});
  } else if (msLimit_) {
    const double ms = double(std::min(*msLimit_, std::max<int64_t>(1, int64_t(time.plannedMs))));
    player_->setSearchBudget(SearchBudget{0, MoveTime{ms, ms}});
  }
}

PlayerMaker timedAgentMaker(AgentSpec spec, const Game& game, int64_t moveMs) {
  const int plies = spec.openingPlies;
  spec.openingPlies = 0;
  PlayerMaker make = agentMaker(spec, game);
  return [make, spec, plies, moveMs](uint64_t seed) {
    return withRandomOpening(std::make_unique<TimedPlayer>(spec, make(seed), moveMs), plies, seed, spec.openingSalt);
  };
}

}  // namespace tz
