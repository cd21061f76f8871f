#include "training/run/run_directory.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "game/config.h"

namespace tz {

namespace fs = std::filesystem;

RunPaths RunPaths::of(const std::string& dir) {
  RunPaths p;
  p.dir = dir;
  p.config = (fs::path(dir) / "config.yaml").string();
  p.records = (fs::path(dir) / "records.sqlite").string();
  p.checkpoints = (fs::path(dir) / "checkpoints").string();
  p.metrics = (fs::path(dir) / "metrics.jsonl").string();
  p.log = (fs::path(dir) / "train.log").string();
  return p;
}

std::string checkpointId(int64_t step) { return "step-" + std::to_string(step); }

std::string checkpointPath(const RunPaths& paths, int64_t step) {
  char name[64];
  std::snprintf(name, sizeof(name), "step-%08lld.ckpt", static_cast<long long>(step));
  return (fs::path(paths.checkpoints) / name).string();
}

std::vector<CheckpointFile> listCheckpoints(const RunPaths& paths) {
  std::vector<CheckpointFile> out;
  if (!fs::is_directory(paths.checkpoints)) return out;
  for (const auto& e : fs::directory_iterator(paths.checkpoints)) {
    const std::string name = e.path().filename().string();
    long long step = 0;
    if (e.path().extension() == ".ckpt" && std::sscanf(name.c_str(), "step-%lld.ckpt", &step) == 1) {
      out.push_back({step, e.path().string()});
    }
  }
  std::sort(out.begin(), out.end(), [](const CheckpointFile& a, const CheckpointFile& b) { return a.step < b.step; });
  return out;
}

void createRunDirectory(const std::string& configPath, const RunPaths& paths) {
  fs::create_directories(paths.checkpoints);
  YAML::Node node = loadYamlFile(configPath);
  for (const char* key : {"variant", "network"}) {
    if (!node[key]) continue;
    const std::string value = node[key].as<std::string>();
    if (value.find('/') != std::string::npos || fs::path(value).extension() == ".yaml") {
      node[key] = fs::absolute(fs::path(configPath).parent_path() / value).lexically_normal().string();
    }
  }
  const std::string tmp = paths.config + ".tmp";
  std::ofstream(tmp) << "# " << configPath << " as started\n" << YAML::Dump(node) << "\n";
  fs::rename(tmp, paths.config);
}

}  // namespace tz
