#pragma once
// Reading and setting one option of a player spec ("mcts:sims=50,rollouts=2") as text, for
// the per-move budgets of the engine protocol's genmove and of the Tablut Challenge client.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace tz::cli {

/// The comma-separated items after the first ':' of `spec` (none when there is no ':').
inline std::vector<std::string> specItems(const std::string& spec) {
  std::vector<std::string> items;
  const size_t colon = spec.find(':');
  if (colon == std::string::npos) return items;
  const std::string argument = spec.substr(colon + 1);
  for (size_t start = 0; start <= argument.size();) {
    const size_t comma = std::min(argument.find(',', start), argument.size());
    items.push_back(argument.substr(start, comma - start));
    start = comma + 1;
  }
  return items;
}

/// A player spec with its option `key` set to `value`: "mcts:sims=50" with ("sims", "8")
/// gives "mcts:sims=8", "greedy" gives "greedy:sims=8" (which the factory then refuses).
inline std::string withOption(const std::string& spec, const std::string& key, const std::string& value) {
  std::string out = spec.substr(0, spec.find(':')) + ":";
  for (const auto& item : specItems(spec)) {
    if (!item.empty() && item.rfind(key + "=", 0) != 0) out += item + ",";
  }
  return out + key + "=" + value;
}

/// The value of option `key` in `spec` as written ("50" for "sims" in "mcts:sims=50"), if given.
inline std::optional<std::string> specOption(const std::string& spec, const std::string& key) {
  for (const auto& item : specItems(spec)) {
    if (item.rfind(key + "=", 0) == 0) return item.substr(key.size() + 1);
  }
  return std::nullopt;
}

}  // namespace tz::cli
