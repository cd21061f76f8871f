// Files the user names (game/base/user_files.h): only regular files are read, never past their
// size or a bound; only a regular file (or a folder, for an output folder) is replaced, and
// only when the caller allows it.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "game/base/user_files.h"
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
  EXPECT_TRUE(fs::is_fifo(fifo));
}

}  // namespace
}  // namespace tz::test
