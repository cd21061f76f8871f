#include "training/models/model_folder.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "game/base/data_dir.h"
#include "game/base/error.h"

namespace tz {

namespace fs = std::filesystem;

std::string modelsDirectory() {
  if (const char* env = std::getenv("TAFLZERO_MODELS")) return env;
  return dataDir() + "/models";
}

void checkModelName(const std::string& name, const std::string& what) {
  const auto allowed = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'; };
  const bool ok = !name.empty() && name.size() <= 40 && name[0] != '-' && name[0] != '_' &&
                  std::all_of(name.begin(), name.end(), allowed);
  if (!ok) throw Error(what + " " + quoted(name) + " is no model name: 1 to 40 of a-z, 0-9, '-' and '_', starting with a letter or digit");
}

ModelFolder ModelFolder::at(const std::string& directory, const std::string& name) {
  ModelFolder f;
  f.name = name;
  f.dir = (fs::path(directory) / name).string();
  f.checkpoint = f.dir + "/model.ckpt";
  f.card = f.dir + "/card.yaml";
  f.readme = f.dir + "/README.md";
  return f;
}

ModelFolder ModelFolder::find(const std::string& nameOrPath) {
  ModelFolder f;
  if (nameOrPath.find('/') != std::string::npos) {
    const fs::path path = fs::path(nameOrPath).lexically_normal();
    const std::string name = (path.has_filename() ? path : path.parent_path()).filename().string();
    checkModelName(name, "model folder " + quoted(nameOrPath) + ": its name");
    f = at((path.has_filename() ? path : path.parent_path()).parent_path().string(), name);
  } else {
    checkModelName(nameOrPath, "model");
    f = at(modelsDirectory(), nameOrPath);
  }
  if (!fs::is_regular_file(f.card)) {
    std::string known;
    for (const auto& n : shippedModelNames()) known += (known.empty() ? "" : ", ") + n;
    throw Error("no model " + quoted(nameOrPath) + ": " + f.card + " does not exist (shipped models in " +
                modelsDirectory() + ": " + (known.empty() ? "none" : known) + ")");
  }
  return f;
}

ModelFolder ModelFolder::named(const std::string& name) {
  checkModelName(name, "model");
  return find(name);
}

std::vector<std::string> shippedModelNames() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(modelsDirectory(), ec)) {
    if (entry.is_directory() && fs::is_regular_file(entry.path() / "card.yaml")) names.push_back(entry.path().filename());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace tz
