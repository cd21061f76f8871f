#pragma once
// Network agents as players: the "net" kind (netAgentKindOptions: "net:CHECKPOINT" with its
// search settings, `mix=X` a playout's share in each leaf value, see RolloutMixEvaluator,
// `tables=DIR` the game's endgame tables valuing the leaves they cover, see
// EndgameEvaluator), its network loaded once per agent and shared by its players.
#include <memory>
#include <string>

#include "game/game.h"
#include "game/conditioned/rule_conditioned_game.h"
#include "mcts/player.h"
#include "mcts/players/agent_kinds.h"
#include "mcts/search_options.h"
#include "nets/net_evaluator.h"
#include "nets/network.h"

namespace tz {

/// The evaluator settings of a network agent's players: never waiting for more leaves, a
/// forward pass takes those queued, up to 64 (or batchSize x threads, if more), so that the
/// players of games played at once share their passes; in the spec's precision (Error
/// naming the spec for an unknown one).
NetEvaluatorOptions playEvaluatorOptions(const AgentSpec& spec);

/// A checkpoint's network, ready to play a variant.
struct NetForGame {
  std::shared_ptr<const Network> net;                       // the network
  std::shared_ptr<const RuleConditionedGame> conditioned;  // a rule-conditioned network's game of the variant, else null
  int plyLimit = 0;  // the ply limit the network was trained on where the game's lies past it, else 0
  /// The game the network's search plays: the conditioned one, else `game`.
  const Game& played(const Game& game) const { return conditioned ? *conditioned : game; }
  /// `player`, made for played(game), made to play states of `game` (up to plyLimit when set).
  std::unique_ptr<Player> seated(std::unique_ptr<Player> player) const;
};

/// Loads the network of `checkpoint` to play `game` on `device`: a rule-conditioned network
/// plays it through its conditioned game; a game whose ply limit lies past the network's is
/// played up to the network's. Throws Error when it cannot play `game`.
NetForGame loadNetForGame(const std::string& checkpoint, const Game& game, const std::string& device);

/// The "net" kind of agent with its players, its evaluator (the network alone) and its own
/// game: the table's net kind (netAgentKindOptions) where LibTorch is.
AgentKind netAgentKind();

/// Puts netAgentKind in the table of kinds in place of the table's own, whose players refuse:
/// the program's own agents (a run's evaluation, a study's networks) then play through
/// agentMaker like any other. Called at start-up (registerNetworkAgentKinds) and by the
/// tests that play networks.
void registerNetAgentKind();

}  // namespace tz
