#pragma once
// Shared helpers of the balance tests: test study files, fresh folders, small text files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace tz::test {

/// A study file of tests/training/balance/configs/.
inline std::string studyConfig(const std::string& name) {
  return std::string(TAFLZERO_SOURCE_DIR) + "/tests/training/balance/configs/" + name;
}

/// An empty folder under the test temp dir (removed first if it exists).
inline std::string freshDir(const std::string& name) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

/// Writes `text` to `path` and returns the path.
inline std::string writeFile(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
  return path;
}

/// The whole text of a file.
inline std::string readFile(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace tz::test
