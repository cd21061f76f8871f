#include "nets/network_config.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>

#include "game/base/config.h"
#include "game/base/error.h"
#include "game/base/field_writer.h"
#include "game/registry.h"
#include "game/base/yaml_text.h"

namespace tz {

namespace {

NetworkConfig readConfig(const YAML::Node& root, const std::string& file, const std::string& name) {
  ConfigReader r(root, file);
  NetworkConfig c;
  c.name = r.getString("name", name);
  readFields(r, c);
  r.finish();
  return c;
}

}  // namespace

NetworkConfig loadNetworkConfig(const std::string& nameOrPath) {
  namespace fs = std::filesystem;
  const bool isPath = namesFile(nameOrPath);
  const fs::path file = isPath ? fs::path(nameOrPath) : fs::path(configDir()) / "networks" / (nameOrPath + ".yaml");
  if (!isPath && !fs::exists(file)) {
    throw Error("unknown network '" + nameOrPath + "': expected a preset in " + (fs::path(configDir()) / "networks").string() +
                " (small, small-wdl, default, large) or a .yaml file");
  }
  return readConfig(loadYamlFile(file.string()), file.string(), file.stem().string());
}

NetworkConfig networkConfigFromYaml(const std::string& yaml, const std::string& file) {
  return readConfig(parseYamlText(yaml, file + ": network"), file, "network");
}

std::string networkConfigYaml(const NetworkConfig& c) {
  // Emitted, not printed: a name such as "tiny net: v2" or "#x" is quoted and reads back whole.
  YAML::Emitter out;
  out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << c.name;
  writeFields(out, c);
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

void NetworkConfig::check(const std::string& file) const { checkFields(*this, file, ""); }

}  // namespace tz
