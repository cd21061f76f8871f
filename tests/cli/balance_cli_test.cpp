// `taflzero balance --variant V --vary KEY=A,B --player SPEC` (the README's command): a one-factor study without a
// file runs, keeps its study file in its folder, resumes with the same command, and bad
// options are one-line errors that name the options and make no folder.
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

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
  const std::string command = "balance --variant brandubh --vary first=attackers,defenders --player alphabeta:depth=2 --games 6 "
                              "--quiet --json --out " + out;
  const CliResult first = runCli(command, false);
  ASSERT_EQ(first.code, 0) << first.out;
  EXPECT_EQ(cellGames(first.out), (std::map<std::string, int>{{"attackers", 6}, {"defenders", 6}}));
  // The folder keeps the study the options stand for: the report and a study-file run use it.
  // As a study file, its 6 games a cell can never call a cell balanced: played only when asked.
  const CliResult refused = runCli("balance " + out + "/study.yaml --quiet --json --out " + out);
  EXPECT_EQ(refused.code, 2) << refused.out;
  EXPECT_NE(refused.out.find("no cell can be called balanced"), std::string::npos) << refused.out;
  const CliResult again = runCli("balance " + out + "/study.yaml --quiet --json --accept-unreachable --out " + out, false);
  ASSERT_EQ(again.code, 0) << again.out;
  EXPECT_EQ(cellGames(again.out), cellGames(first.out));  // nothing played twice
  // More games asked for: the same command goes on from the stored ones.
  const CliResult more = runCli("balance --variant brandubh --vary first=attackers,defenders --player alphabeta:depth=2 --games 6 "
                                "--quiet --json --out " + out, false);
  ASSERT_EQ(more.code, 0) << more.out;
  EXPECT_EQ(cellGames(more.out), cellGames(first.out));
}

TEST(BalanceCli, BadVaryOptionsAreOneLineErrorsThatMakeNoFolder) {
  TempDir dir("tz-balance-vary-bad-");
  const std::string out = " --out " + dir.file("none");
  expectOneLineError("balance" + out, "give a study file, or --variant V --vary KEY=VALUE,VALUE --player SPEC");
  expectOneLineError("balance --vary first=attackers --player greedy" + out, "give the base variant with --variant");
  expectOneLineError("balance --variant brandubh --vary first=attackers" + out, "--player SPEC");
  expectOneLineError("balance --variant brandubh --vary first --player greedy" + out, "--vary: expected KEY=VALUE,VALUE");
  expectOneLineError("balance --variant brandubh --vary first=attackers,,defenders --player greedy" + out, "an empty value");
  expectOneLineError("balance configs/balance/brandubh-quick.yaml --vary first=attackers --player greedy" + out, "not both");
  // A value the rules refuse: named with the options, not a file the user never wrote.
  const CliResult r = runCli("balance --variant brandubh --vary first=attackers,sideways --player greedy" + out);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("balance --vary: variant 'sideways'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("expected one of attackers | defenders, got 'sideways'"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("taflzero-quick-study"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir.file("none")));
}

TEST(BalanceCli, APlanSaysWhatAStudyCanFindBeforeItIsPlayed) {
  // The Linnaeus study as designed: at most 400 games a cell can never call one balanced.
  const std::string configs = std::string(TAFLZERO_SOURCE_DIR) + "/configs/balance/";
  const CliResult plan = runCli("balance " + configs + "linnaeus-agents.yaml --plan");
  ASSERT_EQ(plan.code, 0) << plan.out;
  EXPECT_NE(plan.out.find("family sims800 (8 cells"), std::string::npos) << plan.out;
  EXPECT_NE(plan.out.find("balanced (true score 0.500): power 0.00 at max_games 400; needs max_games"), std::string::npos)
      << plan.out;
  EXPECT_NE(plan.out.find("this study can never find a rule set fair"), std::string::npos) << plan.out;
  // The candidates study was planned to reach both verdicts.
  const CliResult candidates = runCli("balance " + configs + "linnaeus-candidates.yaml --plan --json", false);
  ASSERT_EQ(candidates.code, 0) << candidates.out;
  const nlohmann::json j = nlohmann::json::parse(candidates.out);
  EXPECT_EQ(j["summary"], "this study can find a rule set fair and a side favoured");
  EXPECT_EQ(j["families"][0]["balanced"]["reachable"], true);
  EXPECT_LE(j["families"][0]["balanced"]["games_needed"].get<int>(), 1200);
}

TEST(BalanceCli, ImpossiblePlansAndUnreachableStudiesAreOneLineErrorsThatChangeNothing) {
  TempDir dir("tz-balance-plan-");
  const std::string out = dir.file("study");
  fs::create_directories(out);
  std::ofstream(out + "/keep.txt") << "mine";
  const std::string configs = std::string(TAFLZERO_SOURCE_DIR) + "/configs/balance/";
  const std::string study = "balance " + configs + "linnaeus-candidates.yaml --out " + out;
  expectOneLineError(study + " --plan --power 1.2", "plan: power 1.2 is outside [0.5, 0.99]");
  expectOneLineError(study + " --plan --draws 0.95", "plan: draw rate 0.95 is outside [0, 0.9]");
  const std::string wide = dir.file("wide.yaml");
  std::ofstream(wide) << "base: brandubh\nfactors:\n  - {key: first, values: [attackers, defenders]}\n"
                         "agent: {mode: baseline, strengths: [{name: g, player: greedy}]}\nbalance_margin: 0.3\n";
  expectOneLineError("balance " + wide + " --plan --out " + out, "plan: balance margin 0.3 is outside [0.001, 0.2]");
  // A study that can never call a cell balanced is played only when asked.
  expectOneLineError("balance " + configs + "linnaeus-agents.yaml --out " + out,
                     "no cell can be called balanced with 80% power at a true score of 0.5");
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(out)) left.push_back(entry.path().filename().string());
  EXPECT_EQ(left, std::vector<std::string>{"keep.txt"});
  EXPECT_FALSE(fs::exists(dir.file("none")));
  expectOneLineError("balance " + configs + "linnaeus-agents.yaml --plan --draws 0.9 --out " + dir.file("none"),
                     "leaves no room for the favoured score");
  EXPECT_FALSE(fs::exists(dir.file("none")));
}

}  // namespace
}  // namespace tz::test
