#pragma once
// Network agents as players: "net:CHECKPOINT" searches with the checkpoint's network
// (options: sims=N simulations per move; batch=N leaves per evaluation, default 1: more
// evaluate faster but search worse under virtual loss; mix=X share of a playout's result
// in each leaf value, see RolloutMixEvaluator; gumbel=1 a Gumbel root with candidates=M;
// cpuct=X the prior's weight in PUCT, default 1.25; fpu=X the first-play reduction, default 0
// at play time, see netPlaySearch; draw=X the draw score; any other search setting by its
// spec name, see readSearchSpec; tables=DIR the game's endgame tables value the leaves they
// cover exactly, see EndgameEvaluator).
#include <memory>
#include <string>

#include "game/game.h"
#include "game/conditioned/rule_conditioned_game.h"
#include "mcts/endgame_probes.h"
#include "mcts/evaluator.h"
#include "mcts/player.h"
#include "mcts/search_options.h"
#include "nets/net_evaluator.h"
#include "nets/network.h"

namespace tz {

/// The search a network agent plays with before its own options: `simulations` per move,
/// `seed`, no root noise, and no first-play reduction. Self-play explores with a reduction
/// (0.25); at play time 0 is stronger: brandubh-quick's agent at 800 simulations scored 0.840
/// against `mcts:sims=1000` with 0 and 0.695 with 0.25 (200 games each, the same seeds).
SearchOptions netPlaySearch(int simulations, uint64_t seed);

/// The evaluator settings of one player's own network: a forward pass as soon as its search
/// threads have collected their leaves (batchSize x threads), never waiting for more.
NetEvaluatorOptions playEvaluatorOptions(const SearchOptions& search);

/// A checkpoint's network, ready to play a variant.
struct NetForGame {
  std::shared_ptr<const Network> net;                       // the network
  std::shared_ptr<const RuleConditionedGame> conditioned;  // a rule-conditioned network's game of the variant, else null
  /// The game the network's search plays: the conditioned one, else `game`.
  const Game& played(const Game& game) const { return conditioned ? *conditioned : game; }
  /// `player`, made for played(game), made to play states of `game`.
  std::unique_ptr<Player> seated(std::unique_ptr<Player> player) const;
};

/// Loads the network of `checkpoint` to play `game` on `device`: a rule-conditioned network
/// plays it through its conditioned game. Throws Error when it cannot play `game`.
NetForGame loadNetForGame(const std::string& checkpoint, const Game& game, const std::string& device);

/// An MCTS player whose leaves `network` evaluates, mixed with playouts by `rolloutMix` (0:
/// the network alone; the playouts seeded from options.seed). Players made from one
/// evaluator share its network.
std::unique_ptr<Player> makeNetPlayer(std::shared_ptr<Evaluator> network, const Game& game, const SearchOptions& options,
                                      double rolloutMix);

/// An MCTS player guided by the network of a checkpoint (checked against `game`) on
/// `device`, its leaf values mixed with playouts by `rolloutMix` (0: the network alone), and
/// replaced by the exact values of `tables` (opened for `game`) where they cover a leaf.
std::unique_ptr<Player> makeNetPlayer(const std::string& checkpoint, const Game& game, const SearchOptions& options,
                                      double rolloutMix = 0, const std::string& device = "cpu",
                                      std::shared_ptr<SharedEndgameTables> tables = nullptr);

/// Registers the "net" player kind with the player factory, and its value head.
void registerNetPlayerKind();

}  // namespace tz
