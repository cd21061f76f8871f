#pragma once
// What a finished search says about the root: visit counts over the actions (policy
// targets), the root value, and the move to play.
#include <random>
#include <vector>

#include "game/game.h"
#include "mcts/node.h"
#include "mcts/search_options.h"

namespace tz {

/// The root of a finished search.
struct SearchResult {
  std::vector<Action> actions;                    // the root's legal actions
  std::vector<int> visits;                        // visits of each, same order
  float value = 0.f;                              // root value for the side to move (exact when proven)
  mcts::Proven proven = mcts::Proven::kUnknown;   // proven result for the side to move
  int simulations = 0;                            // playouts run by this search
  int rootVisits = 0;                             // visits of the root (reused ones included)
};

/// Fills `out` from `root` (expanded), leaving out.simulations alone.
void describeRoot(const mcts::Node& root, SearchResult& out);

/// The move to play from `root` (expanded) at game ply `ply`: a proven win when there is
/// one (a move that ends the game first); otherwise among the moves not proven lost
/// (all moves if every one is), sampled with P ~ visits^(1/temperature) while ply <
/// options.temperaturePlies, else the most visited (the higher prior on ties).
Action chooseMove(const mcts::Node& root, int ply, const SearchOptions& options, std::mt19937_64& rng);

}  // namespace tz
