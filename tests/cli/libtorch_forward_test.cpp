// taflzero without LibTorch (cli/libtorch_forward.h): it links no LibTorch library, names
// the LibTorch build when taflzero-net is not next to it, and its engine refuses a net
// player asked for after start-up. Handing commands to taflzero-net: tests/cli/net_cli_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "nets/temp_dir.h"
#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

// The path of the taflzero binary under test.
std::string taflzeroPath() {
  const char* bin = std::getenv("TAFLZERO_BIN");
  EXPECT_NE(bin, nullptr) << "TAFLZERO_BIN is not set (run through ctest)";
  return bin ? bin : "taflzero";
}

TEST(LibTorchForward, TaflzeroLinksNoLibTorch) {
  const CliResult r = runShell("ldd " + taflzeroPath());
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("libc.so"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("libtorch"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("libc10"), std::string::npos) << r.out;
}

TEST(LibTorchForward, AloneItNamesTheLibTorchBuild) {
  TempDir dir("tz-forward-");
  const std::string alone = dir.file("taflzero");
  std::filesystem::copy_file(taflzeroPath(), alone);
  for (const std::string args : {"train configs/experiments/x.yaml", "bench selfplay --games 1",
                                 "arena --variant brandubh --a greedy '--b=egtb:d|net:x.ckpt' -n 1"}) {
    const CliResult r = runShell(alone + " " + args);
    SCOPED_TRACE(args);
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_EQ(r.out.rfind("taflzero: error: ", 0), 0u) << r.out;
    EXPECT_NE(r.out.find("needs the LibTorch build"), std::string::npos) << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  }
  const CliResult help = runShell(alone + " --help");
  EXPECT_EQ(help.code, 0) << help.out;
  EXPECT_NE(help.out.find("variants"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("Only in the LibTorch build"), std::string::npos) << help.out;
  EXPECT_EQ(runShell(alone + " perft --variant brandubh --depth 1").out, "nodes 40\n");
}

TEST(LibTorchForward, TheEngineRefusesANetPlayerAfterStartUp) {
  TempDir dir("tz-forward-");
  std::ofstream(dir.file("in.txt")) << "player net:x.ckpt\nplayer\nquit\n";
  const CliResult r = runCli("engine --variant brandubh --player greedy < " + dir.file("in.txt"), false);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("? player 'net:x.ckpt': net players need the LibTorch build", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("\n= greedy\n\n= \n\n"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace tz::test
