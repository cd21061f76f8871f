#pragma once
// The configurable rules of Nine Men's Morris (docs/MORRIS.md 6.1): flying and the draw
// rules, as a plain typed struct read from a variant YAML file.
#include <string>

namespace YAML {
class Node;
}

namespace tz::morris {

/// Side indices: White moves first as side 0, Black is side 1.
enum Side : int { kWhite = 0, kBlack = 1 };

/// Every parameter of one morris variant.
struct Rules {
  std::string name;            // variant name
  bool flying = true;          // a side with exactly three pieces and none in hand may fly
  int repetitionCount = 3;     // occurrence of a position that draws (0: no repetition rule)
  int noRemovalPlies = 100;    // moving-phase plies without a removal that draw (0: never)
  int plyLimit = 1000;         // every game is drawn after this many plies (turns)
};

/// Reads rules from a YAML variant node (`game: morris`); `file` names the source in error
/// messages. Rejects unknown keys and out-of-range values with ConfigError.
Rules rulesFromYaml(const YAML::Node& node, const std::string& file, const std::string& name);

/// Writes every rule value as YAML text (fully resolved, readable by rulesFromYaml).
std::string rulesToYaml(const Rules& rules);

}  // namespace tz::morris
