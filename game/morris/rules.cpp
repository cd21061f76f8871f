#include "game/morris/rules.h"

#include <yaml-cpp/yaml.h>

#include "game/base/config.h"
#include "game/base/error.h"
#include "game/base/field_writer.h"

namespace tz::morris {

Rules rulesFromYaml(const YAML::Node& node, const std::string& file, const std::string& name) {
  ConfigReader r(node, file);
  Rules rules;
  rules.name = name;
  r.getChoice("game", "morris", {"morris"});
  r.getString("description", "");
  readFields(r, rules);
  if (rules.repetitionCount == 1) {
    throw ConfigError(file, "repetition_count", "0 (no repetition rule) or an integer in [2, 100], got 1");
  }
  r.finish();
  return rules;
}

std::string rulesToYaml(const Rules& rules) {
  YAML::Emitter out;
  out << YAML::BeginMap << YAML::Key << "game" << YAML::Value << "morris";
  writeFields(out, rules);
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace tz::morris
