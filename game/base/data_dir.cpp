#include "game/base/data_dir.h"

#include <cstdlib>
#include <filesystem>

namespace tz {

namespace fs = std::filesystem;

std::string dataDir() {
  if (const char* env = std::getenv("TAFLZERO_HOME")) return env;
  std::error_code ec;
  const fs::path binary = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed = (binary.parent_path() / ".." / "share" / "taflzero").lexically_normal();
    if (fs::is_directory(installed / "configs" / "variants", ec)) return installed.string();
  }
  return TAFLZERO_SOURCE_DIR;
}

}  // namespace tz
