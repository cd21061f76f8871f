// Files the user names (game/base/user_files.h): only regular files are read, never past their
// size or a bound; only a regular file (or a folder, for an output folder) is replaced, and
// only when the caller allows it.
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "game/base/config.h"
#include "game/base/json_text.h"
#include "game/base/user_files.h"
#include "game/base/yaml_text.h"
#include "tests/support/error_of.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

// A fresh folder under the test's temporary directory.
fs::path freshFolder(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(UserFiles, OnlyRegularFilesAreReadAndNeverPastTheirSize) {
  const fs::path dir = freshFolder("tz-user-files-read");
  const std::string file = (dir / "f").string(), fifo = (dir / "p").string();
  std::ofstream(file) << "0123456789";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const RegularFile f(file, "the file");
  EXPECT_EQ(f.size(), 10u);
  EXPECT_EQ(f.read(2, 3), "234");
  EXPECT_NE(errorOf([&] { f.read(8, 3); }).find("the file is truncated (10 bytes, needed 8 + 3)"), std::string::npos);
  EXPECT_EQ(readRegularFile(file, "f", 10), "0123456789");
  EXPECT_NE(errorOf([&] { readRegularFile(file, "f", 9); }).find("f is too large (10 bytes, at most 9)"),
            std::string::npos);
  // Opening a pipe returns at once (it would block a plain open), a device is never read.
  EXPECT_EQ(errorOf([&] { RegularFile(fifo, "the pipe"); }), "the pipe is a pipe, not a regular file");
  EXPECT_EQ(errorOf([] { RegularFile("/dev/zero", "zero"); }), "zero is a device, not a regular file");
  EXPECT_EQ(errorOf([&] { RegularFile(dir.string(), "dir"); }), "dir is a directory, not a regular file");
  EXPECT_NE(errorOf([&] { RegularFile((dir / "none").string(), "none"); }).find("cannot open none: No such file"),
            std::string::npos);
}

TEST(UserFiles, OutputsReplaceOnlyWhatTheyMay) {
  const fs::path dir = freshFolder("tz-user-files-write");
  const std::string file = (dir / "f").string(), fifo = (dir / "p").string(), sub = (dir / "sub").string();
  std::ofstream(file) << "kept";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_NO_THROW(checkOutputFile((dir / "new").string(), "out", false));
  EXPECT_NO_THROW(checkOutputFile(file, "out", true));
  EXPECT_EQ(errorOf([&] { checkOutputFile(file, "out", false); }), "out " + file + " already exists; pass --force to replace it");
  EXPECT_EQ(errorOf([&] { checkOutputFile(fifo, "out", true); }), "out " + fifo + " is a pipe; name a file to write");
  EXPECT_EQ(errorOf([] { checkOutputFile("/dev/null", "out", true); }), "out /dev/null is a device; name a file to write");
  EXPECT_EQ(errorOf([&] { checkOutputFile(dir.string(), "out", true); }),
            "out " + dir.string() + " is a directory; name a file to write");
  fs::create_directories(sub);
  EXPECT_NO_THROW(checkOutputFolder(sub, "folder", false));  // empty
  std::ofstream(sub + "/x") << "x";
  EXPECT_NO_THROW(checkOutputFolder(sub, "folder", true));
  EXPECT_EQ(errorOf([&] { checkOutputFolder(sub, "folder", false); }),
            "folder " + sub + " already exists and is not empty; pass --force to replace what it holds");
  EXPECT_EQ(errorOf([&] { checkOutputFolder(file, "folder", true); }), "folder " + file + " is a file, not a folder");
  EXPECT_EQ(errorOf([&] { checkOutputFolder(fifo, "folder", true); }), "folder " + fifo + " is a pipe, not a folder");
  // A model folder takes no run, study or export, even with --force.
  std::ofstream(sub + "/card.yaml") << "name: x\n";
  EXPECT_EQ(errorOf([&] { checkOutputFolder(sub, "run folder", true); }),
            "run folder " + sub + " is a model folder (it holds card.yaml); name a folder of its own");
  EXPECT_TRUE(fs::is_fifo(fifo));
}

// The names of the entries of `dir`, sorted.
std::vector<std::string> entries(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(UserFiles, AnAtomicWriteNeverFollowsAPlantedLink) {
  const fs::path dir = freshFolder("tz-user-files-links"), outside = freshFolder("tz-user-files-victim");
  const std::string victim = (outside / "victim").string(), out = (dir / "out").string();
  std::ofstream(victim) << "kept";
  // The temporary names the old writers used, each a link to the victim.
  fs::create_symlink(victim, out + ".tmp");
  fs::create_symlink(victim, dir / ".out.tmp.XXXXXX");
  writeFileAtomically(out, "written", "out");
  copyFileAtomically(out, "out", (dir / "copy").string(), "copy");
  std::stringstream kept, written;
  kept << std::ifstream(victim).rdbuf();
  written << std::ifstream(dir / "copy").rdbuf();
  EXPECT_EQ(kept.str(), "kept");
  EXPECT_EQ(written.str(), "written");
  EXPECT_EQ(entries(dir), (std::vector<std::string>{".out.tmp.XXXXXX", "copy", "out", "out.tmp"}));  // no temporary left
  // A link where a program rewrites a folder's file is refused; a pipe is never copied.
  expectError([&] { refuseLink(out + ".tmp", "model 'm':"); }, "model 'm': " + out + ".tmp is a symbolic link");
  EXPECT_NO_THROW(refuseLink(out, "model 'm':"));
  const std::string fifo = (dir / "p").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expectError([&] { copyFileAtomically(fifo, "the pipe", (dir / "c2").string(), "copy"); }, "the pipe is a pipe");
  EXPECT_FALSE(fs::exists(dir / "c2"));
}

TEST(UserFiles, AYamlFilePastItsBoundIsRefusedUnread) {
  const fs::path dir = freshFolder("tz-user-files-yaml");
  const std::string big = (dir / "big.yaml").string();
  std::ofstream(big) << "list: [" << std::string(kMaxYamlFileBytes, '0') << "]\n";
  expectError([&] { loadYamlFile(big); }, "YAML file " + big + " is too large");
  const std::string fifo = (dir / "p.yaml").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expectError([&] { loadYamlFile(fifo); }, "YAML file " + fifo + " is a pipe, not a regular file");
}

TEST(UserFiles, JsonTooDeepOrWithARepeatedKeyIsRefusedWhileParsing) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  expectError([&] { parseJsonText(deep, "deep"); }, "deep: JSON nested deeper than 32 levels");
  expectError([&] { parseJsonText("{\"a\":{\"b\":1,\"b\":2}}", "twice"); }, "twice: JSON key 'b' given twice in one object");
  expectError([&] { parseJsonText("{\"a\":", "cut"); }, "cut: not JSON");
  EXPECT_NO_THROW(parseJsonText("{\"a\":[{\"b\":1},{\"b\":2}],\"c\":{\"b\":3}}", "fine"));
  EXPECT_NO_THROW(parseJsonText(std::string(32, '[') + std::string(32, ']'), "fine"));
}

}  // namespace
}  // namespace tz::test
