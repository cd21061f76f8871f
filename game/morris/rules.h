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

  /// Visits every rule with its key and range (game/base/config_fields.h): the one list
  /// rulesFromYaml reads and rulesToYaml writes. A repetition count of 1 is refused apart.
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.flag("flying", s.flying);
    v.number("repetition_count", s.repetitionCount, 0, 100);
    v.number("no_removal_plies", s.noRemovalPlies, 0, 100000);
    v.number("ply_limit", s.plyLimit, 1, 100000);
  }
};

/// Reads rules from a YAML variant node (`game: morris`); `file` names the source in error
/// messages. Rejects unknown keys and out-of-range values with ConfigError.
Rules rulesFromYaml(const YAML::Node& node, const std::string& file, const std::string& name);

/// Writes every rule value as YAML text (fully resolved, readable by rulesFromYaml).
std::string rulesToYaml(const Rules& rules);

}  // namespace tz::morris
