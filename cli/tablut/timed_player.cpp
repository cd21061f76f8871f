#include "cli/tablut/timed_player.h"

#include <algorithm>
#include <limits>

#include "cli/engine/spec_edit.h"
#include "game/base/error.h"
#include "mcts/players/player_factory.h"

namespace tz::cli::tablut {

TimedPlayer::TimedPlayer(const std::string& spec, const Game& game, uint64_t seed, int64_t budgetMs)
    : spec_(spec), game_(game), seed_(seed), time_{double(budgetMs), double(budgetMs)} {
  use(spec_);  // a bad spec is refused here, with the factory's message
  if (player_->setSearchBudget(SearchBudget{})) {
    // The factory has checked the spec's own sims, if any, to be a number in range.
    const std::optional<std::string> given = specOption(spec_, "sims");
    cap_ = given ? std::stoi(*given) : kTimedSimulationCap;
    setBudget(time_);
  } else if (takes("ms")) {
    // The factory has checked the spec's own ms, if any, to be a number in range.
    const std::optional<std::string> given = specOption(spec_, "ms");
    msLimit_ = given ? std::stoll(*given) : std::numeric_limits<int64_t>::max();
    use(nextSpec());
  }
}

void TimedPlayer::setBudget(const MoveTime& time) {
  time_ = time;
  if (cap_ > 0) player_->setSearchBudget(SearchBudget{cap_, time_});
}

Action TimedPlayer::chooseAction(const State& state) {
  use(nextSpec());
  return player_->chooseAction(state);
}

std::string TimedPlayer::nextSpec() const {
  if (!msLimit_) return spec_;
  const int64_t planned = std::max<int64_t>(1, int64_t(time_.plannedMs));
  return withOption(spec_, "ms", std::to_string(std::min(*msLimit_, planned)));
}

void TimedPlayer::use(const std::string& spec) {
  if (player_ && spec == built_) return;
  auto player = makePlayer(spec, game_, seed_);
  player->newGame();
  player_ = std::move(player);
  built_ = spec;
}

bool TimedPlayer::takes(const std::string& key) const {
  try {
    makePlayer(withOption(spec_, key, "1"), game_, seed_);
    return true;
  } catch (const Error&) {
    return false;
  }
}

}  // namespace tz::cli::tablut
