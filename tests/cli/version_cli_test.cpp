// What a user takes away (issue 76): `taflzero --version` prints the version that CHANGELOG.md
// and CITATION.cff give, the commit it was built from and its LibTorch; sources outside a git
// checkout build with the commit unknown; LICENSE is the Apache License 2.0.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

std::string sourceText(const std::string& path) {
  std::stringstream s;
  s << std::ifstream(std::string(TAFLZERO_SOURCE_DIR) + "/" + path).rdbuf();
  return s.str();
}

// The first match of `pattern`'s group 1 in `text`, or "".
std::string firstMatch(const std::string& text, const std::string& pattern) {
  std::smatch m;
  return std::regex_search(text, m, std::regex(pattern)) ? m[1].str() : "";
}

TEST(VersionCli, PrintsTheChangelogsVersionTheCommitAndTheLibTorch) {
  const std::string version = firstMatch(sourceText("CHANGELOG.md"), "\n## ([0-9]+\\.[0-9]+\\.[0-9]+)");
  ASSERT_FALSE(version.empty());
  EXPECT_EQ(firstMatch(sourceText("CITATION.cff"), "\nversion: ([^\n]+)"), version);
  const CliResult r = runCli("--version");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(std::regex_match(r.out, std::regex("taflzero " + std::regex_replace(version, std::regex("\\."), "\\.") +
                                                 "\ncommit ([0-9a-f]{7}( with local changes)?|unknown \\(not built from a git checkout\\))"
                                                 "\n(LibTorch [0-9.]+(, CPU only| with CUDA)|built without LibTorch \\(no network commands\\))\n")))
      << r.out;
}

TEST(VersionCli, SourcesOutsideAGitCheckoutHaveAnUnknownCommit) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("version_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "sources");
  const std::string out = (dir / "build_commit.cpp").string();
  const CliResult r = runShell("cmake -DSOURCE_DIR=" + (dir / "sources").string() + " -DOUT=" + out + " -P " +
                               std::string(TAFLZERO_SOURCE_DIR) + "/cmake/build_commit.cmake");
  ASSERT_EQ(r.code, 0) << r.out;
  std::stringstream text;
  text << std::ifstream(out).rdbuf();
  EXPECT_NE(text.str().find("return \"unknown (not built from a git checkout)\";"), std::string::npos) << text.str();
  fs::remove_all(dir);
}

TEST(VersionCli, TheLicenceIsApache2AndNamesItsScope) {
  const std::string licence = sourceText("LICENSE");
  EXPECT_NE(licence.find("Apache License\n                           Version 2.0, January 2004"), std::string::npos);
  EXPECT_NE(licence.find("END OF TERMS AND CONDITIONS"), std::string::npos);
  EXPECT_NE(sourceText("NOTICE").find("models/"), std::string::npos);
  EXPECT_EQ(firstMatch(sourceText("CITATION.cff"), "\nlicense: ([^\n]+)"), "Apache-2.0");
}

}  // namespace
}  // namespace tz::test
