#include "training/models/model_folder.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "game/base/data_dir.h"
#include "game/base/error.h"
#include "game/base/user_files.h"

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
  f.games = f.dir + "/games";
  f.index = (fs::path(directory) / "README.md").string();
  return f;
}

ModelFolder ModelFolder::find(const std::string& nameOrPath) {
  ModelFolder f;
  if (nameOrPath.find('/') != std::string::npos) {
    const fs::path path = fs::path(nameOrPath).lexically_normal();
    const std::string name = (path.has_filename() ? path : path.parent_path()).filename().string();
    checkModelName(name, "model folder " + quoted(nameOrPath) + ": its name");
    const fs::path parent = (path.has_filename() ? path : path.parent_path()).parent_path();
    f = at(parent.string(), name);
    // A folder outside the models directory (a download) has no index beside it to keep.
    std::error_code ec;
    if (!fs::equivalent(parent.empty() ? fs::path(".") : parent, modelsDirectory(), ec)) f.index.clear();
  } else {
    checkModelName(nameOrPath, "model");
    f = at(modelsDirectory(), nameOrPath);
  }
  std::error_code ec;
  if (fs::exists(f.card, ec) && !fs::is_regular_file(f.card, ec)) {
    throw Error("model " + quoted(nameOrPath) + ": " + f.card + " is not a regular file (a directory, a device or a pipe)");
  }
  if (!fs::is_regular_file(f.card)) {
    std::string known;
    for (const auto& n : shippedModelNames()) known += (known.empty() ? "" : ", ") + n;
    throw Error("no model " + quoted(nameOrPath) + ": " + f.card + " does not exist (shipped models in " +
                modelsDirectory() + ": " + (known.empty() ? "none" : known) + ")");
  }
  return f;
}

void ModelFolder::refuseLinks() const {
  for (const std::string* path : {&card, &readme, &checkpoint, &games}) refuseLink(*path, "model " + quoted(name) + ":");
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
