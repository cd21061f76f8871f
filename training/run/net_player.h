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

/// The "net" kind of agent with its players and its value head, which the LibTorch build
/// puts in the table of kinds (registerNetworkAgentKinds) and its own agents (a run's
/// evaluation, a study's networks) play through (agentMaker(netAgentKind(), ...)).
AgentKind netAgentKind();

/// The "net" agent of `checkpoint` with the kind's defaults.
AgentSpec netAgent(const std::string& checkpoint);

}  // namespace tz
