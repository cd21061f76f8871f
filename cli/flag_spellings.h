#pragma once
// A setting's flag is its name (SearchOptions::fields) with '-' for '_': --sims, --cpuct,
// --virtual-loss. Flags spelled as before each setting took one name are read as the new
// ones, with a hint; so is --agent, the player option of a few commands before every
// command called it --player.
#include <string>
#include <vector>

namespace tz::cli {

/// The flag of the setting `name`: "--" and the name with '-' for '_' ("tree_mib" -> "--tree-mib").
std::string flagOf(const std::string& name);

/// The command line's words with each old flag (of a search setting: --c-puct, or
/// --simulations=800; or --agent) written as its flag now (--cpuct, --sims=800, --player), a
/// one-line hint on stderr for each; every other word as given.
std::vector<std::string> respellOldFlags(const std::vector<std::string>& words);

}  // namespace tz::cli
