// The studies whose games are committed resume from them under the current code: each games
// file imported into a fresh folder, the same `balance` command finds every cell played (no
// settings digest refused, nothing left to play) and rates the strengths as docs/BALANCE.md
// section 0 quotes them. A change to what a cell's settings hold breaks this test, not a
// later sitting.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

// Imports `games` into a fresh study folder and runs `balance` on `study` there (the ladder and
// the agents study were designed before the plan: neither can call a cell balanced, and they
// are played so).
CliResult resumeFromGames(const std::string& name, const std::string& games, const std::string& study) {
  const std::string source = TAFLZERO_SOURCE_DIR, dir = ::testing::TempDir() + name + std::to_string(getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  const CliResult imported = runCli("records import --db " + dir + "/records.sqlite " + source + "/" + games);
  EXPECT_EQ(imported.code, 0) << imported.out;
  const CliResult r = runCli("balance " + source + "/" + study + " --out " + dir + " --accept-unreachable");
  fs::remove_all(dir);
  return r;
}

TEST(CommittedStudies, TheLinnaeusLadderResumesFromItsGames) {
  const CliResult r = resumeFromGames("ladder", "models/linnaeus/ladder/games.jsonl", "configs/balance/linnaeus-ladder.yaml");
  ASSERT_EQ(r.code, 0) << r.out.substr(0, 600);
  EXPECT_NE(r.out.find("sitting1 0 +- 0, sitting2 239 +- 96, sitting3-half 573 +- 119, sitting3 701 +- 126, sitting4 972 +- 143"),
            std::string::npos)
      << r.out;
}

TEST(CommittedStudies, TheLinnaeusAgentsStudyResumesFromItsGames) {
  const CliResult r = resumeFromGames("agents", "docs/studies/linnaeus-agents/games.jsonl.gz", "configs/balance/linnaeus-agents.yaml");
  ASSERT_EQ(r.code, 0) << r.out.substr(0, 600);
  EXPECT_NE(r.out.find("sims100 0 +- 0, sims200 163 +- 65, sims400 429 +- 79, sims800 646 +- 93"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("defenders+weak+rep-loses @ sims800: 400 games, attackers score 0.421 [0.374, 0.470]"), std::string::npos);
}

// The study planned to reach both verdicts: each cell stopped where docs/BALANCE.md section 0
// says, the preset on its verdict at 700 games, the other at its 1,200 games undecided.
TEST(CommittedStudies, TheLinnaeusCandidatesStudyStoppedWhereItsGamesSay) {
  const CliResult r = resumeFromGames("candidates", "docs/studies/linnaeus-candidates/games.jsonl.gz",
                                      "configs/balance/linnaeus-candidates.yaml");
  ASSERT_EQ(r.code, 0) << r.out.substr(0, 600);
  EXPECT_NE(r.out.find("preset @ sims800: 700 games, attackers score 0.386 [0.350, 0.422] (half-width 0.036), "
                       "defenders favoured: stopped (verdict)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("attackers-first-rep-draws @ sims800: 1200 games, attackers score 0.549 [0.524, 0.573] "
                       "(half-width 0.024), undecided: stopped (max_games)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("0.386 [0.350, 0.422]   0.393"), std::string::npos) << r.out;  // stopping-adjusted
}

}  // namespace
}  // namespace tz::test
