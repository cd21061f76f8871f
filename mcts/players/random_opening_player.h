#pragma once
// A player wrapper for diverse games: the first plies are uniformly random legal moves.
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "mcts/player.h"

namespace tz {

/// Plays the first `plies` plies of a game as uniformly random legal moves drawn from its
/// own seed, then lets `inner` choose; `inner` is told every action either way.
class RandomOpeningPlayer final : public Player {
 public:
  /// Wraps `inner`; `seed` draws the random moves.
  RandomOpeningPlayer(std::unique_ptr<Player> inner, int plies, uint64_t seed);
  void newGame() override;
  Action chooseAction(const State& state) override;
  void observe(const State& before, Action action) override;
  /// The inner player's name (whoever plays the match records the opening plies).
  std::string name() const override { return inner_->name(); }

 private:
  std::unique_ptr<Player> inner_;
  int plies_;
  std::mt19937_64 rng_;
  std::vector<Action> legal_;
};

/// The salt of the random openings of matches (arena, a run's evaluation): both players of
/// a game draw the same opening from the game's seed.
constexpr uint64_t kMatchOpeningSalt = 0x0BE1ull;

/// The salt of a balance study's random openings, its own so that a study resumes with the
/// openings it started with.
constexpr uint64_t kStudyOpeningSalt = 0x5bd1e995a4c3f2b1ull;

/// `inner` opening its games with `plies` random plies drawn from the game's `seed` xor
/// `salt`, or `inner` itself when `plies` is 0.
std::unique_ptr<Player> withRandomOpening(std::unique_ptr<Player> inner, int plies, uint64_t seed,
                                          uint64_t salt = kMatchOpeningSalt);

}  // namespace tz
