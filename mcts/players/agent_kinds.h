#pragma once
// The kinds of agent a spec may name, in one table (agent_kinds.cpp), one line a kind; each
// kind is made in the module that owns its players (randomAgentKind in random_player.cpp,
// egtbAgentKind in egtb_player.cpp, ...): its usage, its option groups (each a struct with one
// field list), its check, its timing and how its players are made. The network kinds ("net",
// "model") are in the table in every build, their options read alike; their players exist
// only in the LibTorch build, whose registerNetworkAgentKinds puts them in at start-up.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "game/game.h"
#include "mcts/evaluator.h"
#include "mcts/player.h"
#include "mcts/players/agent_spec.h"
#include "mcts/players/timed_player.h"

namespace tz {

/// Makes a fresh player for a game from that game's seed.
using PlayerMaker = std::function<std::unique_ptr<Player>(uint64_t seed)>;

/// One kind of agent.
struct AgentKind {
  /// What a spec of the kind may follow the ':' with.
  enum class Source {
    kNone,       // options only: "mcts:sims=50"
    kFirstItem,  // a source, then options: "net:CK,sims=50"
    kWhole,      // the whole argument is the source: "egtb:DIR|mcts:sims=50"
  };
  std::string usage;  // e.g. "net:CHECKPOINT[,sims=N,...]", listed in errors and help
  Source source = Source::kNone;
  /// Sets the kind's defaults before a spec's options are read.
  std::function<void(AgentSpec&)> defaults = [](AgentSpec&) {};
  /// The option groups the kind takes, visited in this order (visitAgentOptions).
  std::vector<AgentOptionGroup> options;
  /// The options the source of a spec was measured at (a shipped model's card: "sims=800"),
  /// read before the options the spec gives, which override them; null for a kind without.
  std::function<std::string(const std::string& source)> measuredOptions;
  /// Settles what depends on which options a spec gave, once they are read (alphabeta: a
  /// time budget alone searches as deep as the time allows).
  std::function<void(AgentSpec&)> settle = [](AgentSpec&) {};
  /// Prepares what the kind's players share (a network, tables) for `game`, which outlives
  /// the maker, and returns the maker of its players. Throws Error for a spec it cannot play.
  std::function<PlayerMaker(const AgentSpec&, const Game&)> prepare;
  /// Throws Error as `prepare` would for a spec that cannot play `game`, making no player
  /// and loading no network (a network kind reads its checkpoint's header); null for a kind
  /// whose `prepare` costs nothing and is its own check.
  std::function<void(const AgentSpec&, const Game&)> check;
  /// How the players of a spec fit a move into a time budget (TimedPlayer); by default
  /// they take none and play as they were made.
  std::function<PlayerTiming(const AgentSpec&)> timing = [](const AgentSpec&) { return PlayerTiming{}; };
  /// The evaluator of the network behind a spec of the kind; null for a kind without one.
  std::function<std::shared_ptr<Evaluator>(const AgentSpec&, const Game&)> evaluator;
  /// The game an agent of the kind was made for (a network's: the rules its checkpoint
  /// records), which a command given no variant plays; null for a kind that plays any game.
  std::function<std::unique_ptr<Game>(const AgentSpec&)> ownGame;
  /// The file of the network a spec of the kind plays (a checkpoint), which a study names by
  /// its digest; null for a kind without one.
  std::function<std::string(const AgentSpec&)> networkFile;
};

/// Adds the kind `name` to the table (a kind defined outside the library: a test's); throws
/// Error for a name the table already lists.
void addAgentKind(const std::string& name, AgentKind kind);

/// Replaces the table's kind `name` (the LibTorch build's network players); throws Error for
/// a kind the table does not list.
void replaceAgentKind(const std::string& name, AgentKind kind);

/// The kind named `name`; throws Error naming `spec` and listing the kinds when there is none.
AgentKind agentKind(const std::string& name, const std::string& spec);

/// The usage of every kind, sorted by kind.
std::vector<std::string> agentUsages();

/// A spec of the kind `name` with the kind's defaults and no option given: the program's own
/// agents (agentOfKind("net"): a run's evaluation, a study's networks). Throws Error for an
/// unknown kind.
AgentSpec agentOfKind(const std::string& name);

}  // namespace tz
