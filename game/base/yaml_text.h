#pragma once
// YAML read from a file or from stored text (a record's rules, a checkpoint's metadata):
// parse errors, aliases and repeated keys become one-line Errors naming where the text came from.
#include <yaml-cpp/yaml.h>

#include <string>

namespace tz {

/// Throws Error naming `what`, the key and both lines when a map anywhere in `node` holds
/// the same key twice (yaml-cpp keeps both and reads only the first).
void checkUniqueKeys(const YAML::Node& node, const std::string& what);

/// Parses `text`; throws Error naming `what` when it is not YAML, holds an alias (`*name`:
/// nested aliases stand for more nodes than a reader can walk) or repeats a key.
YAML::Node parseYamlText(const std::string& text, const std::string& what);

}  // namespace tz
