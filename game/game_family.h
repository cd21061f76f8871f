#pragma once
// The registered game families: a variant file's `game` key names one, and the family
// builds the variant. A new game is one folder under game/ plus one line in families.cpp.
#include <memory>
#include <string>
#include <vector>

#include "game/game.h"

namespace YAML {
class Node;
}

namespace tz {

/// One game family and its variant factory.
struct GameFamily {
  /// Builds a variant from the YAML `node` read from `file`, named `name` unless the file
  /// names it; throws ConfigError naming the file and key of a bad value.
  using Factory = std::unique_ptr<Game> (*)(const YAML::Node& node, const std::string& file, const std::string& name);

  std::string name;  // the value of a variant file's `game` key
  Factory make;      // builds a variant
};

/// Every registered family, in registration order.
const std::vector<GameFamily>& gameFamilies();

/// The family registered as `name`, or nullptr.
const GameFamily* findGameFamily(const std::string& name);

}  // namespace tz
