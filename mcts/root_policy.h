#pragma once
// What a finished search says about the root: visit counts and the policy target over
// the actions, the root value, and the move to play.
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
  std::vector<float> policy;                      // policy target, same order: visit shares or Gumbel's improved policy
  float value = 0.f;                              // root value for the side to move (exact when proven)
  mcts::Proven proven = mcts::Proven::kUnknown;   // proven result for the side to move
  int simulations = 0;                            // playouts run by this search
  double ms = 0;                                  // milliseconds it took (by its clock)
  int rootVisits = 0;                             // visits of the root (reused ones included)
  bool treeFull = false;                          // stopped early: the tree reached its memory budget
};

/// Fills `out` from `root` (expanded), leaving out.simulations alone. The policy is the
/// Gumbel improved policy for a Gumbel root, else the visit shares (all 0 when no child
/// was visited, as for a root proven at once).
void describeRoot(const mcts::RootNode& root, SearchResult& out);

/// The proven win to play at `root` (expanded): one that ends the game first, else the
/// most visited; nullptr when no move is proven won.
const mcts::Edge* provenWin(const mcts::Node& root);

/// The move to play from `root` (expanded) at game ply `ply`: a proven win when there is
/// one (a move that ends the game first); otherwise among the moves not proven lost
/// (all moves if every one is), sampled with P ~ visits^(1/temperature) while ply <
/// options.temperaturePlies, else the most visited (the higher prior on ties).
Action chooseMove(const mcts::Node& root, int ply, const SearchOptions& options, std::mt19937_64& rng);

/// The move to play from a Gumbel root after its search: a proven win when there is one,
/// else GumbelRoot::choice (the best remaining candidate); no temperature.
Action chooseGumbelMove(const mcts::RootNode& root);

}  // namespace tz
