#pragma once
// Players from short specs ("random", "greedy", "alphabeta:depth=3", "mcts:sims=1000"):
// a registry of spec kinds to which other modules add their own (e.g. "net:CHECKPOINT").
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "game/game.h"
#include "mcts/player.h"
#include "mcts/search_options.h"

namespace tz {

/// A spec split at its first ':' into kind and argument.
struct PlayerSpec {
  std::string text;      // the whole spec, for messages
  std::string kind;      // e.g. "alphabeta"
  std::string argument;  // e.g. "depth=3,ms=200" (empty when there is no ':')
};

/// Comma-separated key=value options of a spec argument, read with range checks.
class SpecOptions {
 public:
  /// Parses the argument of `spec`; throws Error on an item without '=' or a repeated key.
  explicit SpecOptions(const PlayerSpec& spec);
  /// Whether the key was given.
  bool has(const std::string& key) const { return values_.count(key) > 0; }
  /// An integer option in [lo, hi], or `fallback` when absent; throws Error naming the spec.
  int integer(const std::string& key, int fallback, int lo, int hi);
  /// A real option in [lo, hi], or `fallback` when absent; throws Error naming the spec.
  double real(const std::string& key, double fallback, double lo, double hi);
  /// A text option, or `fallback` when absent.
  std::string text(const std::string& key, const std::string& fallback);
  /// Throws Error naming any key no accessor asked for.
  void finish() const;

 private:
  // The option `key` read by `parse` (text, characters used) and checked against [lo, hi]
  // (integers only when `integral`).
  double number(const std::string& key, double fallback, double lo, double hi, bool integral,
                const std::function<double(const std::string&, size_t*)>& parse);

  std::string spec_;
  std::map<std::string, std::string> values_;
  std::set<std::string> used_;
};

/// The name a player spec gives the search setting `key` (SearchOptions::fields): the
/// shorthand where there is one (sims, batch, cpuct, fpu, lookahead, candidates, draw),
/// else the key itself (virtual_loss, tree_mib, ...).
std::string searchSpecName(const std::string& key);

/// Reads into `options` every search setting the spec gives, by its spec name, with the
/// range SearchOptions::fields gives it (a flag as 0 or 1); absent ones keep their value.
/// Every search player kind (mcts, uniform-mcts, net) reads its settings through this.
void readSearchSpec(SpecOptions& spec, SearchOptions& options);

/// Builds a player of one kind for `game` (which outlives it) with a seed.
using PlayerCreator = std::function<std::unique_ptr<Player>(const PlayerSpec& spec, const Game& game, uint64_t seed)>;

/// Adds or replaces a spec kind; `usage` (e.g. "net:CHECKPOINT") is listed in errors and help.
void registerPlayerKind(const std::string& kind, const std::string& usage, PlayerCreator creator);

/// The usage of every registered kind, sorted by kind.
std::vector<std::string> playerUsages();

/// A spec split at its first ':' (the whole text is the kind when there is none).
PlayerSpec parsePlayerSpec(const std::string& text);

/// A player from a spec; throws Error for an unknown kind or a bad option.
std::unique_ptr<Player> makePlayer(const std::string& spec, const Game& game, uint64_t seed);

}  // namespace tz
