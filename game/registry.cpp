#include "game/registry.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "game/base/config.h"
#include "game/base/data_dir.h"
#include "game/base/error.h"
#include "game/game_family.h"
#include "game/base/yaml_text.h"

namespace tz {

namespace fs = std::filesystem;

namespace {

// The game family that the variant map `root` names ("" when it names none).
std::string familyOf(const YAML::Node& root) {
  return root["game"] && root["game"].IsScalar() ? root["game"].as<std::string>() : "";
}

// The variant `name` built by the family that the map `root` (read from `file`) names.
std::unique_ptr<Game> gameFromYaml(const YAML::Node& root, const std::string& file, const std::string& name) {
  if (!root.IsMap()) throw ConfigError(file, "(top level)", "a map of rule keys");
  const std::string family = familyOf(root);
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
  return dataDir() + "/configs";
}

std::vector<std::string> configNames(const std::string& folder) {
  std::vector<std::string> names;
  const fs::path dir = fs::path(configDir()) / folder;
  if (!fs::is_directory(dir)) throw Error(folder + " directory " + dir.string() + " not found (set TAFLZERO_CONFIGS)");
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".yaml") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string configFile(const std::string& nameOrPath, const std::string& folder, const std::string& what) {
  std::error_code ec;
  if (namesFile(nameOrPath)) {
    // Where it exists, is absolute or cannot be looked up (its reader then says why), as given.
    if (fs::exists(nameOrPath, ec) || ec || fs::path(nameOrPath).is_absolute()) return nameOrPath;
    const fs::path shared = fs::path(dataDir()) / nameOrPath;
    if (fs::exists(shared, ec)) return shared.string();
    throw Error(what + " file " + quoted(nameOrPath) + " not found: looked in the working folder (" +
                fs::current_path(ec).string() + ") and in " + dataDir());
  }
  const fs::path file = fs::path(configDir()) / folder / (nameOrPath + ".yaml");
  if (fs::exists(file, ec)) return file.string();
  std::string known;
  for (const auto& n : configNames(folder)) known += (known.empty() ? "" : ", ") + n;
  throw Error("unknown " + what + " " + quoted(nameOrPath) + ": expected one of " + known + " or a .yaml file");
}

std::vector<std::string> presetNames() { return configNames("variants"); }

std::string presetDescription(const std::string& name) {
  const YAML::Node root = loadYamlFile(configFile(name, "variants", "variant"));
  return root.IsMap() && root["description"] && root["description"].IsScalar() ? root["description"].as<std::string>() : "";
}

std::unique_ptr<Game> loadGame(const std::string& nameOrPath, const std::vector<std::string>& overrides) {
  const fs::path file = configFile(nameOrPath, "variants", "variant");
  const std::string name = fs::path(nameOrPath).stem().string();
  YAML::Node root = loadYamlFile(file.string());
  if (!root.IsMap()) throw ConfigError(file.string(), "(top level)", "a map of rule keys");  // before overriding
  const std::string family = familyOf(root);
  applyOverrides(root, overrides);
  try {
    if (!family.empty() && familyOf(root) != family) {
      throw ConfigError(file.string(), "game", quoted(family) + " as in " + file.string() + " (another game is another --variant)");
    }
    return gameFromYaml(root, file.string(), name);
  } catch (const ConfigError& e) {  // a bad value that an override gave is the override's error
    const std::string* culprit = overrideOf(overrides, e.key());
    if (!culprit) throw;
    throw ConfigError(overrideName(*culprit), e.key(), e.expected());
  }
}

std::unique_ptr<Game> gameFromYamlText(const std::string& yaml, const std::string& name, const std::string& what) {
  return gameFromYaml(parseRulesText(yaml, what), what, name);
}

}  // namespace tz
