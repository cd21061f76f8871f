#pragma once
// YAML read from a file or from stored text (a record's rules, a checkpoint's metadata):
// parse errors, aliases and repeated keys become one-line Errors naming where the text came from.
#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <string>

namespace tz {

/// Throws Error naming `what`, the key and both lines when a map anywhere in `node` holds
/// the same key twice (yaml-cpp keeps both and reads only the first).
void checkUniqueKeys(const YAML::Node& node, const std::string& what);

/// The largest YAML file read (a variant, an experiment, a study, a model card): 1 MB.
constexpr size_t kMaxYamlFileBytes = size_t(1) << 20;

/// The largest rules text kept inside a games file or a checkpoint: 64 KB, far beyond any variant's.
constexpr size_t kMaxRulesTextBytes = size_t(64) << 10;

/// Parses stored rules text as parseYamlText does; throws Error naming `what` first when it
/// is longer than kMaxRulesTextBytes.
YAML::Node parseRulesText(const std::string& text, const std::string& what);

/// Parses `text`; throws Error naming `what` when it is not YAML, holds an alias (`*name`:
/// nested aliases stand for more nodes than a reader can walk) or repeats a key.
YAML::Node parseYamlText(const std::string& text, const std::string& what);

}  // namespace tz
