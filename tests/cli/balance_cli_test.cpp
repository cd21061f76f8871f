// `taflzero balance --variant V --vary KEY=A,B --agent SPEC` (the README's command): a one-factor study without a
// file runs, keeps its study file in its folder, resumes with the same command, and bad
// options are one-line errors that name the options and make no folder.
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <string>

#include "nets/temp_dir.h"
#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

// Each cell's games in a balance --json result, by variant id.
std::map<std::string, int> cellGames(const std::string& json) {
  std::map<std::string, int> games;
  const nlohmann::json result = nlohmann::json::parse(json);
  for (const auto& cell : result["cells"]) games[cell["variant"]] = cell["games"];
  return games;
}

TEST(BalanceCli, OneRuleVariedWithoutAStudyFileRunsAndResumes) {
  TempDir dir("tz-balance-vary-");
  const std::string out = dir.file("study");
  const std::string command = "balance --variant brandubh --vary first=attackers,defenders --agent alphabeta:depth=2 --games 6 "
                              "--quiet --json --out " + out;
  const CliResult first = runCli(command, false);
  ASSERT_EQ(first.code, 0) << first.out;
  EXPECT_EQ(cellGames(first.out), (std::map<std::string, int>{{"attackers", 6}, {"defenders", 6}}));
  // The folder keeps the study the options stand for: the report and a study-file run use it.
  const CliResult again = runCli("balance " + out + "/study.yaml --quiet --json --out " + out, false);
  ASSERT_EQ(again.code, 0) << again.out;
  EXPECT_EQ(cellGames(again.out), cellGames(first.out));  // nothing played twice
  // More games asked for: the same command goes on from the stored ones.
  const CliResult more = runCli("balance --variant brandubh --vary first=attackers,defenders --agent alphabeta:depth=2 --games 6 "
                                "--quiet --json --out " + out, false);
  ASSERT_EQ(more.code, 0) << more.out;
  EXPECT_EQ(cellGames(more.out), cellGames(first.out));
}

TEST(BalanceCli, BadVaryOptionsAreOneLineErrorsThatMakeNoFolder) {
  TempDir dir("tz-balance-vary-bad-");
  const std::string out = " --out " + dir.file("none");
  expectOneLineError("balance" + out, "give a study file, or --variant V --vary KEY=VALUE,VALUE --agent SPEC");
  expectOneLineError("balance --vary first=attackers --agent greedy" + out, "give the base variant with --variant");
  expectOneLineError("balance --variant brandubh --vary first=attackers" + out, "--agent SPEC");
  expectOneLineError("balance --variant brandubh --vary first --agent greedy" + out, "--vary: expected KEY=VALUE,VALUE");
  expectOneLineError("balance --variant brandubh --vary first=attackers,,defenders --agent greedy" + out, "an empty value");
  expectOneLineError("balance configs/balance/brandubh-quick.yaml --vary first=attackers --agent greedy" + out, "not both");
  // A value the rules refuse: named with the options, not a file the user never wrote.
  const CliResult r = runCli("balance --variant brandubh --vary first=attackers,sideways --agent greedy" + out);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("balance --vary: variant 'sideways'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("expected one of attackers | defenders, got 'sideways'"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("taflzero-quick-study"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir.file("none")));
}

}  // namespace
}  // namespace tz::test
