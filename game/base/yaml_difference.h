#pragma once
// Where two YAML documents differ, for errors that say what changed ("training.window:
// 40000 -> 30000") rather than only that something did.
#include <map>
#include <optional>
#include <string>

namespace YAML {
class Node;
}

namespace tz {

/// The first difference between `before` and `after`, by key in map order then by index:
/// "key.sub: OLD -> NEW" (a missing side reads "(absent)"); nullopt when they are equal.
/// Scalars compare as text, so comments, key order and quoting make no difference.
std::optional<std::string> firstYamlDifference(const YAML::Node& before, const YAML::Node& after);

/// The leaves of a YAML tree by dotted key ("king.capture"): scalars as their text, lists
/// in flow style ("[a1, b2]"); a document that is not a map is one entry "(value)".
std::map<std::string, std::string> flattenYaml(const YAML::Node& node);

}  // namespace tz
