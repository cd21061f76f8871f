// egtb build, probe and score through the binary (docs/EGTB.md): a 3v3 build shared by
// the tests of one process, --json and text answers, one-line errors, and the egtb player
// behind the engine protocol.
#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

class EgtbCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char name[] = "/tmp/taflzero-egtb-cli-XXXXXX";
    dir_ = mkdtemp(name);
    built_ = runCli("egtb build --variant morris --classes 3v3 --out " + dir_ + " --json", false);
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

  // `egtb probe` of a record on the shared database, with more arguments.
  static CliResult probe(const std::string& record, const std::string& more = "--json") {
    return runCli("egtb probe --db " + dir_ + " --position '" + record + "' " + more, false);
  }

  static std::string dir_;
  static CliResult built_;
};

std::string EgtbCli::dir_;
CliResult EgtbCli::built_;

TEST_F(EgtbCli, BuildsAndProbes) {
  ASSERT_EQ(built_.code, 0) << built_.out;
  const auto b = nlohmann::json::parse(built_.out);
  ASSERT_EQ(b["classes"].size(), 1u);
  const auto& c = b["classes"][0];
  EXPECT_EQ(c["class"], "3v3");
  EXPECT_EQ(c["positions"].get<uint64_t>(), 2691920u);
  EXPECT_EQ(c["wins"].get<uint64_t>() + c["losses"].get<uint64_t>() + c["draws"].get<uint64_t>(), 2691920u);
  EXPECT_TRUE(b["flying"].get<bool>());
  EXPECT_TRUE(std::filesystem::exists(dir_ + "/3v3.egtb"));

  // White flies g7 to a7, closes a1-a4-a7 and takes any of Black's three pieces.
  const auto r = probe("WW.B......B.......B....W white 0 0 40");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["result"], "win");
  EXPECT_EQ(j["distance"], 1);
  EXPECT_EQ(j["best"], nlohmann::json::parse(R"(["g7-a7xb2", "g7-a7xd2", "g7-a7xf2"])"));

  // The issue's example: Black, to move, wins; a draw has no distance.
  const auto black = nlohmann::json::parse(probe("WWW.......B...BB........ black 0 0 40").out);
  EXPECT_EQ(black["result"], "win");
  EXPECT_EQ(black["distance"].get<int>() % 2, 1);
  EXPECT_FALSE(black["best"].empty());
  const auto text = probe("WW.B......B.......B....W white 0 0 40", "");
  EXPECT_EQ(text.out, "white to move (class 3v3): win in 1 ply\nbest: g7-a7xb2 g7-a7xd2 g7-a7xf2\n");
}

// Defined before BadInputIsAOneLineError, which damages the shared table at its end.
TEST_F(EgtbCli, ScoresAgentsByClass) {
  ASSERT_EQ(built_.code, 0) << built_.out;
  const std::string args = "egtb score --db " + dir_ + " --positions 100 --seed 3 --json --player ";
  const auto best = runCli(args + "'egtb:" + dir_ + "'", false);
  ASSERT_EQ(best.code, 0) << best.out;
  const auto j = nlohmann::json::parse(best.out);
  EXPECT_EQ(j["positions"], 100);
  ASSERT_EQ(j["classes"].size(), 1u);
  const auto& c = j["classes"][0];
  EXPECT_EQ(c["class"], "3v3");
  EXPECT_EQ(c["wins"].get<int>() + c["draws"].get<int>() + c["losses"].get<int>(), 100);
  EXPECT_EQ(c["kept"], 1.0);
  EXPECT_EQ(c["wins_kept"], 1.0);
  EXPECT_EQ(c["win_plies_lost"], 0.0);
  EXPECT_TRUE(c["value_head_accuracy"].is_null());
  const auto random = nlohmann::json::parse(runCli(args + "random", false).out)["classes"][0];
  EXPECT_EQ(random["wins"], c["wins"]);
  EXPECT_LT(random["wins_kept"].get<double>(), 1.0);
  // The option's old name is read as --player, with a one-line hint.
  const auto renamed = runCli("egtb score --db " + dir_ + " --positions 100 --seed 3 --json --agent random");
  ASSERT_EQ(renamed.code, 0) << renamed.out;
  EXPECT_EQ(renamed.out.rfind("taflzero: --agent is spelled --player now; read as that\n", 0), 0u) << renamed.out;
  EXPECT_EQ(nlohmann::json::parse(renamed.out.substr(renamed.out.find('{')))["classes"][0], random);
  const auto text = runCli("egtb score --db " + dir_ + " --positions 10 --player random", false);
  EXPECT_EQ(text.code, 0);
  EXPECT_NE(text.out.find("\n3v3 "), std::string::npos) << text.out;
  const std::string db = " --db " + dir_;
  expectOneLineError("egtb score" + db + " --player random --positions 0", "positions = 0");
  expectOneLineError("egtb score" + db + " --player random --classes 4v4", "cannot score class 4v4");
  expectOneLineError("egtb score" + db + " --player random --classes 3x3", "bad piece class '3x3'");
  expectOneLineError("egtb score --db " + dir_ + "/nowhere --player random", "is not a folder");
  expectOneLineError("egtb score" + db + " --player nobody", "unknown player 'nobody'");
}

TEST_F(EgtbCli, BadInputIsAOneLineError) {
  ASSERT_EQ(built_.code, 0) << built_.out;
  const std::string db = " --db " + dir_;
  const std::string record = " --position 'WW.B......B.......B....W white 0 0 40'";
  expectOneLineError("egtb probe" + db + " --position 'WW.W white 0 0 40'", "bad morris position record");
  expectOneLineError("egtb probe" + db + " --position 'WW.B......B.......B....W white 6 6 6'", "both hands empty");
  expectOneLineError("egtb probe" + db + " --position 'WW.B......B.......BB...W white 0 0 40'",
                     "no table for class 3v4");
  expectOneLineError("egtb probe --variant morris-noflying" + db + record, "was built with flying on");
  expectOneLineError("egtb probe --variant brandubh" + db + record, "is not a morris variant");
  expectOneLineError("egtb probe --db " + dir_ + "/nowhere" + record, "is not a folder");
  expectOneLineError("egtb build --classes 3x3 --out " + dir_, "bad piece class '3x3'");
  expectOneLineError("egtb build --variant morris-noflying --classes 3v3 --out " + dir_, "other flying rule");
  // A flipped byte in the payload.
  const std::string path = dir_ + "/3v3.egtb";
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(5000);
  const char byte = char(f.get() ^ 0x01);
  f.seekp(5000);
  f.put(byte);
  f.close();
  expectOneLineError("egtb probe" + db + record, "is damaged: its checksum does not match");
  // The shared table made whole again for the tests after this one in the same process.
  f.open(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(5000);
  f.put(char(byte ^ 0x01));
}

TEST_F(EgtbCli, TablesAndFoldersThatAreNotFilesAreRefused) {
  // A pipe where a table should be: refused at once, never waited on.
  char name[] = "/tmp/taflzero-egtb-fifo-XXXXXX";
  const std::string db = mkdtemp(name);
  ASSERT_EQ(::mkfifo((db + "/3v3.egtb").c_str(), 0600), 0);
  expectOneLineError("egtb probe --db " + db + " --position 'WW.B......B.......B....W white 0 0 40'",
                     "endgame table " + db + "/3v3.egtb is a pipe, not a regular file");
  const std::string file = db + "/file";
  std::ofstream(file) << "x";
  expectOneLineError("egtb build --classes 3v3 --out " + file, "database folder " + file + " is a file, not a folder");
  std::filesystem::remove_all(db);
}

TEST_F(EgtbCli, EgtbPlayerPlaysFromTheTables) {
  ASSERT_EQ(built_.code, 0) << built_.out;
  const std::string input = ::testing::TempDir() + "/egtb_engine.txt";
  std::ofstream(input) << "position WW.B......B.......B....W white 0 0 40\ngenmove\nresult\n";
  const auto r = runCli("engine --variant morris --player 'egtb:" + dir_ + "|random' < " + input, false);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("= g7-a7x"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("= white too_few_pieces"), std::string::npos) << r.out;
  // From the start position the fallback plays.
  std::ofstream(input) << "genmove\n";
  EXPECT_EQ(runCli("engine --variant morris --player 'egtb:" + dir_ + "|greedy' < " + input, false).code, 0);
  expectOneLineError("engine --variant brandubh --player 'egtb:" + dir_ + "' < /dev/null", "has no endgame tables");
  expectOneLineError("engine --variant morris-noflying --player 'egtb:" + dir_ + "' < /dev/null",
                     "was built with flying on");
  expectOneLineError("engine --variant morris --player 'egtb:" + dir_ + "|nobody' < /dev/null",
                     "unknown player 'nobody'");
}

}  // namespace
}  // namespace tz::test
