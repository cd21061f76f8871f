#include "mcts/players/timed_player.h"

#include <algorithm>

namespace tz {

TimedPlayer::TimedPlayer(std::unique_ptr<Player> player, PlayerTiming timing, int64_t budgetMs)
    : player_(std::move(player)), timing_(timing) {
  setBudget(budgetMs);
}

void TimedPlayer::setBudget(const MoveTime& time) {
  switch (timing_.way) {
    case PlayerTiming::Way::kSearch:
      player_->setSearchBudget(SearchBudget{timing_.cap, time});
      break;
    case PlayerTiming::Way::kClock: {
      const int64_t planned = std::max<int64_t>(1, int64_t(time.plannedMs));
      const double ms = double(timing_.msLimit > 0 ? std::min(timing_.msLimit, planned) : planned);
      player_->setSearchBudget(SearchBudget{0, MoveTime{ms, ms}});
      break;
    }
    case PlayerTiming::Way::kNone:
      break;
  }
}

}  // namespace tz
