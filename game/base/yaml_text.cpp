#include "game/base/yaml_text.h"

#include <map>

#include "game/base/error.h"

namespace tz {

void checkUniqueKeys(const YAML::Node& node, const std::string& what) {
  if (node.IsSequence()) {
    for (const auto& item : node) checkUniqueKeys(item, what);
    return;
  }
  if (!node.IsMap()) return;
  std::map<std::string, int> lines;  // key -> the line it was first given on (1-based)
  for (const auto& kv : node) {
    if (kv.first.IsScalar()) {
      const std::string key = kv.first.Scalar();
      const int line = kv.first.Mark().line + 1;
      const auto [first, fresh] = lines.emplace(key, line);
      if (!fresh) {
        throw Error(what + ": key " + quoted(key) + " given twice (lines " + std::to_string(first->second) +
                    " and " + std::to_string(line) + ")");
      }
    }
    checkUniqueKeys(kv.second, what);
  }
}

YAML::Node parseYamlText(const std::string& text, const std::string& what) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw Error(what + ": malformed YAML: " + e.what());
  }
  checkUniqueKeys(root, what);
  return root;
}

}  // namespace tz
