#pragma once
// One agent, typed: its kind, its search, where its values come from and how it opens a
// game. Users write it as a spec ("net:CK,sims=800,fpu=0"), read once through the field
// lists of its kind's option groups (one name and one range per option,
// docs/ARCHITECTURE.md) and printed back from the typed value by text().
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "mcts/evaluators.h"
#include "mcts/players/alphabeta_player.h"
#include "mcts/players/net_agent_options.h"
#include "mcts/players/random_opening_player.h"
#include "mcts/search_options.h"

namespace tz {

class ConfigReader;
struct AgentKind;

/// The groups of options an agent kind may take, each a struct with its own field list.
enum class AgentOptionGroup {
  kAlphaBeta,  // players::AlphaBetaOptions: depth, ms, tt
  kRollouts,   // RolloutOptions: rollouts
  kSearch,     // SearchOptions: sims, cpuct, fpu, ...
  kNetwork,    // NetAgentOptions: mix, tables
};

/// An agent: everything that decides how it plays but the seed of a game.
struct AgentSpec {
  std::string kind;                          // "random", "greedy", "alphabeta", "mcts", "uniform-mcts", "net", "egtb"
  std::string source;                        // what the kind plays from: a checkpoint (net), "DIR|FALLBACK" (egtb); else empty
  SearchOptions search;                      // the search of a search kind (mcts, uniform-mcts, net)
  players::AlphaBetaOptions alphabeta;       // the limits of alphabeta
  RolloutOptions rollout;                    // mcts: the playouts valuing each leaf
  NetAgentOptions net;                       // net, model: leaf values and device
  int openingPlies = 0;                      // plies of each game played as uniformly random legal moves
  uint64_t openingSalt = kMatchOpeningSalt;  // mixed into a game's seed to draw them
  std::vector<std::string> given;            // the options the spec text gave, by name, in its order

  /// Whether the spec text gave the option `name` ("sims", "ms", ...).
  bool gave(const std::string& name) const;
  /// The options given, each named as a spec names it and valued from its field, in their
  /// order ({{"sims", "800"}, {"fpu", "0"}}).
  std::vector<std::pair<std::string, std::string>> options() const;
  /// The spec text: the kind, its source and every option given ("net:CK,sims=800,fpu=0"
  /// prints back as written).
  std::string text() const;
};

/// Visits the options of `groups` in `spec` with `v`, each under its spec name with its
/// range: the groups' own field lists, for the template visitors of every field list
/// (game/base/config_fields.h), which take text options too (text(key, value)).
template <class S, class V>
void visitAgentOptions(const std::vector<AgentOptionGroup>& groups, S& spec, V& v) {
  for (const AgentOptionGroup group : groups) {
    switch (group) {
      case AgentOptionGroup::kAlphaBeta: players::AlphaBetaOptions::fields(spec.alphabeta, v); break;
      case AgentOptionGroup::kRollouts: RolloutOptions::fields(spec.rollout, v); break;
      case AgentOptionGroup::kSearch: SearchOptions::fields(spec.search, v); break;
      case AgentOptionGroup::kNetwork: NetAgentOptions::fields(spec.net, v); break;
    }
  }
}

/// Reads a spec text: its kind's defaults, the options its source was measured at (a model's
/// card: AgentKind::measuredOptions), then the options it gives, which override those and
/// are printed after them by text() ("model:morris,draw=0" reads as "model:morris,sims=400,draw=0"). Throws Error naming
/// the text for an unknown kind, an option the kind does not take, a value out of its range.
AgentSpec parseAgentSpec(const std::string& text);

/// The name a match records for `spec`, read from `text`: `text` as typed, or the whole spec
/// where its kind adds its source's measured options ("model:brandubh" is recorded as
/// "model:brandubh,sims=800", the setting it played), so that the name says how it played.
std::string recordedName(const AgentSpec& spec, const std::string& text);

/// Reads the options of `kind` from a YAML map onto `spec` (the kind's defaults, or the
/// caller's, already set), each under its spec name and with its range: {sims: 64, mix: 0.5}
/// is the ",sims=64,mix=0.5" of a spec; flags are 0 or 1 as in a spec, or true or false. Each option read is added
/// to spec.given. Throws ConfigError naming the file, the key and its range; keys the kind
/// does not take are left for the reader's finish().
void readAgentOptions(ConfigReader& reader, const AgentKind& kind, AgentSpec& spec);

/// Throws ConfigError naming `file`, `prefix` + the option and its range for the first
/// option of `kind` whose value in `spec` lies outside its range (a spec filled in code).
void checkAgentOptions(const AgentKind& kind, const AgentSpec& spec, const std::string& file, const std::string& prefix);

}  // namespace tz
