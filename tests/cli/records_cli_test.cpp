// `taflzero records`: an arena's games exported as a games file and re-scored by `records
// check` as the arena scored them, gzip-compressed or not; a file with a result the rules do not give, a tag with no
// games and an existing output are one-line errors with exit status 2.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

std::string tempPath(const std::string& name) {
  const std::string path = ::testing::TempDir() + "/records_cli_" + std::to_string(getpid()) + "_" + name;
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path + suffix).c_str());
  return path;
}

// "games G wins W draws D losses L" of the first "overall" object of a JSON output.
std::string overallTally(const std::string& json) {
  std::smatch object;
  if (!std::regex_search(json, object, std::regex("\"overall\":\\{([^}]*)\\}"))) return "no overall in " + json;
  const std::string inside = object[1];
  std::string out;
  for (const char* key : {"games", "wins", "draws", "losses"}) {
    std::smatch m;
    std::regex_search(inside, m, std::regex(std::string("\"") + key + "\":(\\d+)"));
    out += std::string(out.empty() ? "" : " ") + key + " " + m[1].str();
  }
  return out;
}

TEST(RecordsCli, ExportedArenaGamesRescoreAsTheArenaScoredThem) {
  const std::string db = tempPath("m.db"), file = tempPath("m.jsonl");
  const CliResult arena = runCli("arena --variant brandubh --a greedy --b random --games 6 --db " + db + " --tag t --json", false);
  ASSERT_EQ(arena.code, 0) << arena.out;
  ASSERT_EQ(runCli("records export --db " + db + " --out " + file).code, 0);
  const CliResult check = runCli("records check " + file + " --json", false);
  ASSERT_EQ(check.code, 0) << check.out;
  EXPECT_EQ(overallTally(check.out), overallTally(arena.out));
  EXPECT_EQ(overallTally(check.out).substr(0, 8), "games 6 ");
  EXPECT_NE(check.out.find("\"a\":\"greedy\""), std::string::npos) << check.out;
  // Nothing is overwritten without --force; a tag without games is refused.
  expectOneLineError("records export --db " + db + " --out " + file, "pass --force");
  expectOneLineError("records export --db " + db + " --tag nosuch --out " + tempPath("x.jsonl"), "no game tagged 'nosuch'");
}

TEST(RecordsCli, AResultTheRulesDoNotGiveIsAOneLineError) {
  const std::string db = tempPath("r.db"), file = tempPath("r.jsonl");
  ASSERT_EQ(runCli("arena --variant brandubh --a greedy --b random --games 2 --db " + db + " --tag t").code, 0);
  ASSERT_EQ(runCli("records export --db " + db + " --out " + file).code, 0);
  std::stringstream text;
  text << std::ifstream(file).rdbuf();
  const std::string edited = std::regex_replace(text.str(), std::regex("\"reason\":\"[a-z_]+\""), "\"reason\":\"resigned\"");
  ASSERT_NE(edited, text.str());
  std::ofstream(file) << edited;
  expectOneLineError("records check " + file, "the recorded result is");
  expectOneLineError("records check " + tempPath("missing.jsonl"), "missing.jsonl");
}

TEST(RecordsCli, AGzFileChecksAsThePlainOneAndASideWithoutGamesHasNoScore) {
  const std::string db = tempPath("g.db"), plain = tempPath("g.jsonl"), packed = tempPath("g.jsonl.gz");
  // The same player on both sides (a balance study's baseline): A only ever plays side 0.
  ASSERT_EQ(runCli("arena --variant brandubh --a greedy --b greedy --games 4 --db " + db + " --tag t").code, 0);
  ASSERT_EQ(runCli("records export --db " + db + " --out " + plain).code, 0);
  ASSERT_EQ(runCli("records export --db " + db + " --out " + packed).code, 0);
  const CliResult a = runCli("records check " + plain, false), b = runCli("records check " + packed, false);
  ASSERT_EQ(a.code, 0) << a.out;
  ASSERT_EQ(b.code, 0) << b.out;
  EXPECT_EQ(b.out.substr(b.out.find('\n')), a.out.substr(a.out.find('\n')));  // all but the file name
  EXPECT_TRUE(std::regex_search(a.out, std::regex("as defenders +0 +0 +0 +0 +no games"))) << a.out;
  const CliResult json = runCli("records check " + packed + " --json", false);
  const auto sides = nlohmann::json::parse(json.out)["files"][0]["pairings"][0]["sides"];
  EXPECT_EQ(sides["defenders"], nlohmann::json::parse(R"({"games":0,"wins":0,"draws":0,"losses":0})")) << json.out;
  EXPECT_EQ(sides["attackers"]["games"], 4) << json.out;
}

}  // namespace
}  // namespace tz::test
