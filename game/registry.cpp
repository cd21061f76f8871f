#include "game/registry.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "game/config.h"
#include "game/error.h"
#include "game/game_family.h"

namespace tz {

namespace fs = std::filesystem;

namespace {

// The variant `name` built by the family that the map `root` (read from `file`) names.
std::unique_ptr<Game> gameFromYaml(const YAML::Node& root, const std::string& file, const std::string& name) {
  if (!root.IsMap()) throw ConfigError(file, "(top level)", "a map of rule keys");
  const std::string family = root["game"] && root["game"].IsScalar() ? root["game"].as<std::string>() : "";
  const GameFamily* maker = findGameFamily(family);
  if (!maker) {
    std::string known;
    for (const GameFamily& f : gameFamilies()) known += (known.empty() ? "" : ", ") + f.name;
    throw ConfigError(file, "game", "a known game family (" + known + "), got " + quoted(family));
  }
  try {
    return maker->make(root, file, name);
  } catch (const YAML::Exception& e) {  // a value of a shape no reader expected
    throw Error(file + ": " + e.what());
  }
}

}  // namespace

std::string configDir() {
  if (const char* env = std::getenv("TAFLZERO_CONFIGS")) return env;
  return std::string(TAFLZERO_SOURCE_DIR) + "/configs";
}

std::vector<std::string> presetNames() {
  std::vector<std::string> names;
  const fs::path dir = fs::path(configDir()) / "variants";
  if (!fs::is_directory(dir)) throw Error("variant directory " + dir.string() + " not found (set TAFLZERO_CONFIGS)");
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".yaml") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::unique_ptr<Game> loadGame(const std::string& nameOrPath, const std::vector<std::string>& overrides) {
  fs::path file = nameOrPath;
  std::string name = fs::path(nameOrPath).stem().string();
  if (!namesFile(nameOrPath)) {
    file = fs::path(configDir()) / "variants" / (nameOrPath + ".yaml");
    if (!fs::exists(file)) {
      std::string known;
      for (const auto& p : presetNames()) known += (known.empty() ? "" : ", ") + p;
      throw Error("unknown variant '" + nameOrPath + "': expected one of " + known + " or a .yaml file");
    }
  }
  YAML::Node root = loadYamlFile(file.string());
  if (!root.IsMap()) throw ConfigError(file.string(), "(top level)", "a map of rule keys");  // before overriding
  applyOverrides(root, overrides);
  return gameFromYaml(root, file.string(), name);
}

std::unique_ptr<Game> gameFromYamlText(const std::string& yaml, const std::string& name, const std::string& what) {
  YAML::Node root;
  try {
    root = YAML::Load(yaml);
  } catch (const YAML::Exception& e) {
    throw Error(what + ": malformed YAML: " + e.what());
  }
  return gameFromYaml(root, what, name);
}

}  // namespace tz
