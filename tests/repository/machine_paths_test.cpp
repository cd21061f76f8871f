// No committed file names a folder of the machine it was made on (issue 76): a user's clone
// has no /work/runs or /home/someone, so such a path in a doc, a card or a games file is
// one nobody else can follow. Every tracked text file is searched for the absolute paths
// below; the few places where one belongs are allowed, each with its reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

// The starts of the paths of one machine: home and work folders, mounts, temporary folders,
// a local install (scripts/setup.sh installs into ~/.local, not /usr/local).
const std::vector<std::string> kMachinePaths = {"/home/", "/root/", "/work/", "/Users/", "/mnt/",
                                                 "/scratch/", "/tmp/", "/usr/local/"};

// Where a path of kMachinePaths belongs: files under `under` may name `path` ("": any), for `why`.
struct Allowed {
  std::string under, path, why;
};
const std::vector<Allowed> kAllowed = {
    {"tests/", "/tmp/", "tests make their temporary files there (mkdtemp) and check paths there are refused"},
    {"tests/repository/machine_paths_test.cpp", "", "this test: the list it searches for and the checks of its search"},
};

// The files git tracks in the source tree, relative to it.
std::vector<std::string> trackedFiles() {
  const CliResult r = runShell("git -C " + std::string(TAFLZERO_SOURCE_DIR) + " ls-files -z", false);
  std::vector<std::string> files;
  if (r.code != 0) return files;
  std::istringstream in(r.out);
  for (std::string file; std::getline(in, file, '\0');) files.push_back(file);
  return files;
}

bool allowed(const std::string& file, const std::string& path) {
  for (const Allowed& a : kAllowed) {
    if (file.rfind(a.under, 0) == 0 && (a.path.empty() || path == a.path)) return true;
  }
  return false;
}

// Each "FILE:LINE: PATH..." of `text` (the file `file`) where a machine's path starts: a
// kMachinePaths entry not inside a longer relative path ("runs/work/" is fine).
std::vector<std::string> machinePathsIn(const std::string& file, const std::string& text) {
  std::vector<std::string> found;
  for (const std::string& path : kMachinePaths) {
    if (allowed(file, path)) continue;
    for (size_t at = text.find(path); at != std::string::npos; at = text.find(path, at + 1)) {
      const char before = at == 0 ? ' ' : text[at - 1];
      if (std::isalnum(static_cast<unsigned char>(before)) || std::string("_.~$-/").find(before) != std::string::npos) continue;
      const size_t line = 1 + std::count(text.begin(), text.begin() + at, '\n');
      found.push_back(file + ":" + std::to_string(line) + ": " + text.substr(at, 60));
    }
  }
  return found;
}

TEST(MachinePaths, NoTrackedFileNamesAFolderOfTheMachineItWasMadeOn) {
  const std::vector<std::string> files = trackedFiles();
  if (files.empty()) GTEST_SKIP() << "the sources are not a git checkout: no list of tracked files";
  int searched = 0;
  std::vector<std::string> found;
  for (const std::string& file : files) {
    if (file.size() > 3 && file.compare(file.size() - 3, 3, ".gz") == 0) continue;  // compressed games
    std::stringstream s;
    s << std::ifstream(std::string(TAFLZERO_SOURCE_DIR) + "/" + file, std::ios::binary).rdbuf();
    const std::string text = s.str();
    if (text.find('\0') != std::string::npos) continue;  // binary: checkpoints, fuzz corpus frames
    ++searched;
    for (const std::string& f : machinePathsIn(file, text)) found.push_back(f);
  }
  EXPECT_GT(searched, 100);
  for (const std::string& f : found) ADD_FAILURE() << "a path of the machine it was made on: " << f;
}

// The search finds what it is for, and passes what it is not for.
TEST(MachinePaths, TheSearchFindsAbsolutePathsOnly) {
  EXPECT_EQ(machinePathsIn("docs/X.md", "--run /work/runs/a\nok").size(), 1u);
  EXPECT_EQ(machinePathsIn("docs/X.md", "a\n`/home/me/x`").at(0), "docs/X.md:2: /home/me/x`");
  EXPECT_TRUE(machinePathsIn("docs/X.md", "runs/work/a ~/tmp/x $HOME/.local /usr/bin/env").empty());
  EXPECT_TRUE(machinePathsIn("tests/x_test.cpp", "\"/tmp/taflzero-XXXXXX\"").empty());
  EXPECT_EQ(machinePathsIn("docs/X.md", "\"/tmp/taflzero-XXXXXX\"").size(), 1u);
}

}  // namespace
}  // namespace tz::test
