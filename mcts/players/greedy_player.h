#pragma once
// A one-ply baseline: win now if possible, otherwise avoid moves after which the opponent
// wins at once, prefer material gains, and choose at random among what is left.
#include <cstdint>
#include <random>

#include "mcts/player.h"

namespace tz::players {

/// Greedy one-ply player, walking the game with its own tree walker where it offers one
/// (players/tree_walker.h; material from the game's expertise). A turn of several actions
/// by one side (morris removals) is looked through as a whole.
class GreedyPlayer final : public Player {
 public:
  /// A player for `game` (which must outlive it), breaking ties with a generator seeded by `seed`.
  GreedyPlayer(const Game& game, uint64_t seed) : game_(&game), rng_(seed) {}
  Action chooseAction(const State& state) override;
  std::string name() const override { return "greedy"; }

 private:
  const Game* game_;
  std::mt19937_64 rng_;
};

}  // namespace tz::players

namespace tz {

struct AgentKind;

/// The "greedy" kind of agent, as the table of kinds (agent_kinds.cpp) lists it.
AgentKind greedyAgentKind();

}  // namespace tz
