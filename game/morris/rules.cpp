#include "game/morris/rules.h"

#include <yaml-cpp/yaml.h>

#include <sstream>

#include "game/base/config.h"
#include "game/base/error.h"

namespace tz::morris {

Rules rulesFromYaml(const YAML::Node& node, const std::string& file, const std::string& name) {
  ConfigReader r(node, file);
  Rules rules;
  rules.name = name;
  r.getChoice("game", "morris", {"morris"});
  r.getString("description", "");
  rules.flying = r.getBool("flying", true);
  rules.repetitionCount = r.getInt("repetition_count", 3, 0, 100);
  if (rules.repetitionCount == 1) {
    throw ConfigError(file, "repetition_count", "0 (no repetition rule) or an integer in [2, 100], got 1");
  }
  rules.noRemovalPlies = r.getInt("no_removal_plies", 100, 0, 100000);
  rules.plyLimit = r.getInt("ply_limit", 1000, 1, 100000);
  r.finish();
  return rules;
}

std::string rulesToYaml(const Rules& r) {
  std::ostringstream o;
  o << "game: morris\n";
  o << "flying: " << (r.flying ? "true" : "false") << "\n";
  o << "repetition_count: " << r.repetitionCount << "\n";
  o << "no_removal_plies: " << r.noRemovalPlies << "\n";
  o << "ply_limit: " << r.plyLimit << "\n";
  return o.str();
}

}  // namespace tz::morris
