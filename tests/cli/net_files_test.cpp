// Files named to the network commands that are not what they should be: devices and pipes
// read as checkpoints, checkpoints and export folders that would be replaced, and
// checkpoints whose metadata passes the checksum but not its own checks. Each is one line
// and exit status 2, and what stood at the path is left as it was.
#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "nets/checkpoint.h"
#include "nets/temp_dir.h"
#include "tests/cli/cli_runner.h"
#include "tests/nets/net_test_helpers.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

std::string bytesOf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A pipe at `path`, for a file that must be refused without being opened for writing or read.
std::string makeFifo(const std::string& path) {
  EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0) << std::strerror(errno);
  return path;
}

TEST(NetFiles, CheckpointsThatAreNotRegularFilesAreRefusedAtOnce) {
  TempDir dir("tz-netfiles-");
  const std::string fifo = makeFifo(dir.file("fifo.ckpt"));
  // Each would read without end (a device) or wait forever (a pipe) if it were opened as a file.
  expectOneLineError("net info /dev/zero", "checkpoint /dev/zero is a device, not a regular file");
  expectOneLineError("net info " + fifo, "checkpoint " + fifo + " is a pipe, not a regular file");
  expectOneLineError("export /dev/zero --out " + dir.file("x"), "checkpoint /dev/zero is a device");
  expectOneLineError("arena --variant brandubh --a net:/dev/zero --b random --games 2 --db " + dir.file("a.db"),
                     "checkpoint /dev/zero is a device");
}

TEST(NetFiles, RunStudyAndReportPathsMustBeFoldersAndFiles) {
  TempDir dir("tz-netfiles-");
  const std::string file = dir.file("file"), fifo = makeFifo(dir.file("fifo"));
  std::ofstream(file) << "not a folder";
  const std::string configs = std::string(TAFLZERO_SOURCE_DIR) + "/configs/";
  expectOneLineError("train " + configs + "experiments/brandubh-quick.yaml --run " + file,
                     "run folder " + file + " is a file, not a folder");
  expectOneLineError("balance " + configs + "balance/brandubh-quick.yaml --out " + fifo,
                     "study folder " + fifo + " is a pipe, not a folder");
  expectOneLineError("report " + dir.path().string() + " --out " + fifo, "report " + fifo + " is a pipe");
  expectOneLineError("report " + dir.path().string() + " --out " + file, "report " + file + " already exists; pass --force");
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_EQ(bytesOf(file), "not a folder");
}

TEST(NetFiles, NetInitAndExportReplaceNothingWithoutForce) {
  TempDir dir("tz-netfiles-");
  const std::string ckpt = dir.file("b.ckpt"), fifo = makeFifo(dir.file("fifo"));
  const std::string init = "net init --variant brandubh --network small --out ";
  ASSERT_EQ(runCli(init + ckpt).code, 0);
  const std::string trained = bytesOf(ckpt);
  expectOneLineError(init + ckpt + " --seed 2", "checkpoint " + ckpt + " already exists; pass --force to replace it");
  EXPECT_EQ(bytesOf(ckpt), trained);
  expectOneLineError(init + fifo, "checkpoint " + fifo + " is a pipe; name a file to write");
  expectOneLineError(init + "/dev/full", "checkpoint /dev/full is a device");
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_TRUE(fs::is_character_file("/dev/full"));
  ASSERT_EQ(runCli(init + ckpt + " --seed 2 --force").code, 0);
  EXPECT_NE(bytesOf(ckpt), trained);

  const std::string out = dir.file("ts"), exportCmd = "export " + ckpt + " --samples 2 --out ";
  ASSERT_EQ(runCli(exportCmd + out).code, 0);
  const std::string model = bytesOf(out + "/model.pt");
  expectOneLineError(exportCmd + out, "export folder " + out + " already exists and is not empty; pass --force");
  expectOneLineError(exportCmd + fifo, "export folder " + fifo + " is a pipe, not a folder");
  expectOneLineError(exportCmd + ckpt, "export folder " + ckpt + " is a file, not a folder");
  EXPECT_EQ(bytesOf(out + "/model.pt"), model);
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_EQ(runCli(exportCmd + out + " --force").code, 0);
}

// A copy of checkpoint `from` at `to` whose metadata JSON (its "model" part, or with `whole`
// all of it) is edited by `edit`, with a valid checksum.
template <class Edit>
void writeEdited(const std::string& from, const std::string& to, Edit edit, bool whole = false) {
  const test::CheckpointParts parts = test::checkpointParts(bytesOf(from));
  nlohmann::json meta = nlohmann::json::parse(parts.meta);
  edit(whole ? meta : meta["model"]);
  std::ofstream(to, std::ios::binary) << packCheckpoint(meta.dump(), parts.weights);
}

TEST(NetFiles, DamagedMetadataIsOneLineNamingTheFileAndTheKey) {
  TempDir dir("tz-netfiles-");
  const std::string ckpt = dir.file("b.ckpt"), shape = dir.file("shape.ckpt"), rules = dir.file("rules.ckpt");
  ASSERT_EQ(runCli("net init --variant brandubh --network small --out " + ckpt).code, 0);
  writeEdited(ckpt, shape, [](nlohmann::json& m) { m["input_shape"] = {-10, 7, 7}; });
  writeEdited(ckpt, rules, [](nlohmann::json& m) { m["rules_yaml"] = "garbage: ["; });
  for (const std::string& command : std::vector<std::string>{"net info ", "export --samples 2 --out " + dir.file("x") + " "}) {
    expectOneLineError(command + shape, "checkpoint " + shape + ": key 'input_shape': expected three sizes in [1, 4096]");
    expectOneLineError(command + rules, "checkpoint " + rules + ": key 'rules_yaml': malformed YAML");
  }
  expectOneLineError("arena --variant brandubh --a net:" + shape + " --b random --games 2 --db " + dir.file("a.db"),
                     "key 'input_shape'");
}

TEST(NetFiles, AStepOrOptimizerOutOfRangeIsRefusedNamingTheFile) {
  TempDir dir("tz-netfiles-");
  const std::string ckpt = dir.file("b.ckpt"), step = dir.file("step.ckpt"), rate = dir.file("rate.ckpt");
  ASSERT_EQ(runCli("net init --variant brandubh --network small --out " + ckpt).code, 0);
  writeEdited(ckpt, step, [](nlohmann::json& m) { m["step"] = -5; }, true);
  writeEdited(ckpt, rate, [](nlohmann::json& m) {
    m["optimizer"] = {{"kind", "sgd"}, {"learning_rate", 1e9}, {"momentum", 0.9}, {"weight_decay", 1e-4}};
  }, true);
  expectOneLineError("net info " + step, "checkpoint " + step + ": step -5 is negative");
  expectOneLineError("net info " + rate, "checkpoint " + rate +
                                             ": optimizer: key 'learning_rate': expected a number in [1e-07, 10], got 1e+09");
}

TEST(NetFiles, CheckpointsAreWrittenReadableByAllAsEveryOtherOutput) {
  TempDir dir("tz-netfiles-");
  const std::string ckpt = dir.file("b.ckpt");
  ASSERT_EQ(runCli("net init --variant brandubh --network small --out " + ckpt).code, 0);
  struct stat st {};
  ASSERT_EQ(::stat(ckpt.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
  expectOneLineError("net init --variant brandubh --network small --out ''", "checkpoint: the path is empty");
}

// A checkpoint's variant name never becomes part of a path: a checkpoint naming its variant
// like files elsewhere (absolute, and up from the export folder) exports, or is refused,
// without a file appearing outside the export folder.
TEST(NetFiles, AVariantNamedLikeAPathWritesNothingOutsideTheExportFolder) {
  TempDir dir("tz-netfiles-");
  const std::string ckpt = dir.file("b.ckpt");
  ASSERT_EQ(runCli("net init --variant brandubh --network small --out " + ckpt).code, 0);
  for (const std::string& name : {dir.file("victim"), std::string("../victim")}) {
    const std::string named = dir.file("named.ckpt"), out = dir.file("out");
    writeEdited(ckpt, named, [&](nlohmann::json& m) { m["variant"] = name; });
    runCli("export " + named + " --samples 2 --out " + out + " --force", false);
    EXPECT_FALSE(fs::exists(dir.file("victim.yaml"))) << name;
    EXPECT_FALSE(fs::exists(dir.file("victim"))) << name;
    for (const auto& entry : fs::directory_iterator(dir.path())) {
      const std::string file = entry.path().filename().string();
      EXPECT_TRUE(file == "b.ckpt" || file == "named.ckpt" || file == "out") << name << " left " << file;
    }
  }
}

// An export that fails leaves nothing half made: the folder it made is removed.
TEST(NetFiles, AFailedExportLeavesNothingBehind) {
  TempDir dir("tz-netfiles-");
  const std::string ckpt = dir.file("b.ckpt"), out = dir.file("ts");
  ASSERT_EQ(runCli("net init --variant brandubh --network small --out " + ckpt).code, 0);
  const CliResult r = runShell("TAFLZERO_PYTHON=/bin/false " + std::string(std::getenv("TAFLZERO_BIN")) + " export " +
                               ckpt + " --samples 2 --out " + out);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("export to torchscript failed: /bin/false exited with status 1"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(out)) << "the export folder it made is left behind";
}

TEST(NetFiles, AHeaderAskingForMoreWeightsThanItsPayloadHoldsIsRefusedBeforeBuilding) {
  TempDir dir("tz-netfiles-");
  const std::string ckpt = dir.file("b.ckpt"), big = dir.file("big.ckpt");
  ASSERT_EQ(runCli("net init --variant brandubh --network small --out " + ckpt).code, 0);
  writeEdited(ckpt, big, [](nlohmann::json& m) {
    m["network_yaml"] = "name: big\nblocks: 64\nchannels: 1024\npolicy_channels: 16\nvalue_channels: 2\n"
                        "value_hidden: 64\nvalue_head: scalar\n";
  });
  const std::string refusal = "checkpoint " + big + ": its network (64 blocks of 1024 channels) has";
  expectOneLineError("export --samples 2 --out " + dir.file("x") + " " + big, refusal);
  expectOneLineError("arena --variant brandubh --a net:" + big + " --b random --games 2 --db " + dir.file("a.db"), refusal);
}

TEST(NetFiles, ANetworkNamedAwkwardlyMakesACheckpointThatReadsBack) {
  TempDir dir("tz-netfiles-");
  const std::string network = dir.file("tiny net: v2 #x.yaml"), ckpt = dir.file("b.ckpt");
  std::ofstream(network) << "blocks: 1\nchannels: 8\npolicy_channels: 4\nvalue_channels: 2\nvalue_hidden: 8\n";
  ASSERT_EQ(runCli("net init --variant brandubh --network '" + network + "' --out " + ckpt).code, 0);
  const CliResult info = runCli("net info " + ckpt);
  EXPECT_EQ(info.code, 0) << info.out;
  EXPECT_NE(info.out.find("tiny net: v2 #x"), std::string::npos) << info.out;
}

}  // namespace
}  // namespace tz::test
