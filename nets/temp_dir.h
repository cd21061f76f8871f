#pragma once
// A private temporary directory removed with everything in it when it goes out of scope.
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

#include "game/base/error.h"

namespace tz {

/// A fresh directory `parent/prefixXXXXXX`, deleted recursively by the destructor.
class TempDir {
 public:
  /// Creates the directory under `parent` (the system temp directory when empty); throws Error on failure.
  explicit TempDir(const std::string& prefix, std::filesystem::path parent = {}) {
    if (parent.empty()) parent = std::filesystem::temp_directory_path();
    std::string pattern = (parent / (prefix + "XXXXXX")).string();
    if (!::mkdtemp(pattern.data())) throw Error("cannot create a temporary directory in " + parent.string());
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  /// The directory.
  const std::filesystem::path& path() const { return path_; }
  /// A path inside the directory.
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace tz
