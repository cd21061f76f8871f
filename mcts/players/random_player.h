#pragma once
// The weakest baseline: a uniformly random legal action.
#include <cstdint>
#include <random>
#include <vector>

#include "mcts/player.h"

namespace tz::players {

/// Picks uniformly among the legal actions; seeded, so games are reproducible.
class RandomPlayer final : public Player {
 public:
  /// A player drawing from a generator seeded with `seed`.
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  Action chooseAction(const State& state) override;
  std::string name() const override { return "random"; }

 private:
  std::mt19937_64 rng_;
  std::vector<Action> legal_;
};

}  // namespace tz::players

namespace tz {

struct AgentKind;

/// The "random" kind of agent, as the table of kinds (agent_kinds.cpp) lists it.
AgentKind randomAgentKind();

}  // namespace tz
