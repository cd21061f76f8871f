#include "cli/tablut/timed_player.h"

#include <algorithm>
#include <chrono>
#include <limits>

#include "cli/engine/spec_edit.h"
#include "game/error.h"
#include "mcts/players/player_factory.h"

namespace tz::cli::tablut {

namespace {

// Simulations of the search timed before the game.
constexpr int kProbeSimulations = 200;

// Milliseconds since `start`.
double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TimedPlayer::TimedPlayer(const std::string& spec, const Game& game, uint64_t seed, int64_t budgetMs)
    : spec_(spec), game_(game), seed_(seed), budgetMs_(budgetMs) {
  use(spec_);  // a bad spec is refused here, with the factory's message
  if (takes("ms")) {
    // The factory has checked the spec's own ms, if any, to be a number in range.
    const std::optional<std::string> given = specOption(spec_, "ms");
    msLimit_ = given ? std::stoll(*given) : std::numeric_limits<int64_t>::max();
    use(nextSpec());
  } else if (takes("sims")) {
    const std::optional<std::string> given = specOption(spec_, "sims");
    governor_.emplace(budgetMs, given ? std::stoi(*given) : kMaxSimulations);
    const int probe = std::min(governor_->sims(), kProbeSimulations);
    use(withOption(spec_, "sims", std::to_string(probe)));
    const auto start = std::chrono::steady_clock::now();
    player_->chooseAction(*game_.newGame());
    governor_->record(probe, msSince(start));
    player_->newGame();
  }
}

void TimedPlayer::setBudget(int64_t budgetMs) {
  budgetMs_ = budgetMs;
  if (governor_) governor_->setBudget(budgetMs);
}

Action TimedPlayer::chooseAction(const State& state) {
  const int sims = governor_ ? governor_->sims() : 0;
  use(nextSpec());
  const auto start = std::chrono::steady_clock::now();
  const Action action = player_->chooseAction(state);
  if (governor_) governor_->record(sims, msSince(start));
  return action;
}

std::string TimedPlayer::nextSpec() const {
  if (msLimit_) return withOption(spec_, "ms", std::to_string(std::min(*msLimit_, std::max<int64_t>(1, budgetMs_))));
  return governor_ ? withOption(spec_, "sims", std::to_string(governor_->sims())) : spec_;
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
