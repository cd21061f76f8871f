// The rules-query contracts of DESIGN.md, through the real binary: variants, perft with
// --divide/--json, moves --json, show, and one-line errors with a non-zero exit.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>

#include "tests/cli/cli_runner.h"
#include "tests/support/search_ranges.h"

namespace tz::test {
namespace {

TEST(RulesCli, VariantsListsEveryPresetOnePerLineWithItsDescription) {
  auto r = runCli("variants");
  ASSERT_EQ(r.code, 0) << r.out;
  for (const char* name : {"linnaeus", "brandubh", "ashton", "alea-evangelii", "hnefatafl-13"}) {
    EXPECT_NE(("\n" + r.out).find("\n" + std::string(name) + "  "), std::string::npos) << name;  // at a line's start
  }
  const std::string brandubh = "Brandubh 7x7, weak king off the throne, corner escape, attackers first";
  EXPECT_NE(r.out.find("\nbrandubh  "), std::string::npos);
  EXPECT_NE(r.out.find(brandubh + "\n"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(runCli("variants --json", false).out);
  EXPECT_EQ(j["descriptions"]["brandubh"], brandubh);
  EXPECT_EQ(j["descriptions"].size(), j["variants"].size());
}

TEST(RulesCli, ShowJsonGivesTheRecordSideAndDrawing) {
  const auto r = runCli("show --variant brandubh --json", false);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["record"], "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
  EXPECT_EQ(j["to_move"], "attackers");
  EXPECT_EQ(j["over"], false);
  EXPECT_EQ(j["legal_moves"], 40);  // perft 1
  EXPECT_FALSE(j.contains("result"));
  EXPECT_NE(j["diagram"].get<std::string>().find("t t T K T t t"), std::string::npos);
  const auto over = nlohmann::json::parse(
      runCli("show --variant brandubh --position /K2t3/3t3/3T3/ttT1Ttt/3T3/3t3/3t3/ --to-move attackers --json", false).out);
  EXPECT_EQ(over["over"], true);
  EXPECT_EQ(over["result"]["winner"], "defenders");
}

TEST(RulesCli, PerftJsonHasNodesAndDivideSums) {
  auto r = runCli("perft --variant brandubh --depth 3 --json", false);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["nodes"].get<uint64_t>(), 39512u);
  auto d = runCli("perft --variant brandubh --depth 2 --divide --json", false);
  auto jd = nlohmann::json::parse(d.out);
  uint64_t sum = 0;
  for (auto& [move, count] : jd["divide"].items()) sum += count.get<uint64_t>();
  EXPECT_EQ(sum, 960u);
  EXPECT_EQ(jd["divide"].size(), 40u);
  EXPECT_EQ(jd["nodes"].get<uint64_t>(), 960u);
}

TEST(RulesCli, PerftFromAPositionWithSetOverride) {
  auto r = runCli("perft --variant linnaeus --set first=attackers --depth 1 --json", false);
  ASSERT_EQ(r.code, 0) << r.out;
  // The attackers' first moves from the Tablut start.
  auto a = runCli("perft --variant linnaeus --position /3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ "
                  "--to-move attackers --depth 1 --json",
                  false);
  EXPECT_EQ(nlohmann::json::parse(r.out)["nodes"], nlohmann::json::parse(a.out)["nodes"]);
}

TEST(RulesCli, MovesJsonContract) {
  auto r = runCli("moves --variant linnaeus --moves \"e3-b3\" --json", false);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["to_move"], "attackers");
  EXPECT_EQ(j["status"], "ongoing");
  EXPECT_EQ(j["winner"], "none");
  EXPECT_EQ(j["position"], "/3ttt3/4t4/1T7/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/");
  EXPECT_FALSE(j["legal"].empty());
  // A finished game: the king escapes.
  auto over = runCli("moves --variant linnaeus --position /9/9/2K6/9/9/9/9/9/8t/ --to-move defenders "
                     "--moves c3-c1 --json",
                     false);
  auto jo = nlohmann::json::parse(over.out);
  EXPECT_EQ(jo["status"], "over");
  EXPECT_EQ(jo["winner"], "defenders");
  EXPECT_EQ(jo["reason"], "escape");
  EXPECT_TRUE(jo["legal"].empty());
}

TEST(RulesCli, ShowDrawsTheBoard) {
  auto r = runCli("show --variant brandubh");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("  7  * . . t . . *"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("attackers to move"), std::string::npos);
}

// Bad input: one line on stderr naming the problem, non-zero exit.
TEST(RulesCli, BadInputGetsAOneLineError) {
  expectOneLineError("perft --variant nosuch --depth 1", "unknown variant 'nosuch'");
  expectOneLineError("perft --variant linnaeus --set king.speed=3 --depth 1", "king.speed");
  expectOneLineError("perft --variant linnaeus --position /9/ --depth 1", "malformed position record");
  expectOneLineError("moves --variant linnaeus --moves e5-e1 --json", "illegal move 'e5-e1'");
  expectOneLineError("perft --variant linnaeus --set size=21 --depth 1", "[7, 19]");
  expectOneLineError("moves --variant linnaeus --to-move sideways --position /9/9/9/9/4K4/9/9/9/9/ --json",
                     "unknown side 'sideways'");
}

// Input a command would have ignored, or echoed whole, is an error naming the flag.
TEST(RulesCli, IgnoredOrHugeInputIsRefused) {
  expectOneLineError("moves --variant brandubh --to-move nonsense", "--to-move 'nonsense' needs --position");
  expectOneLineError("moves --variant brandubh --to-move attackers", "needs --position");
  expectOneLineError("perft --variant brandubh --position '' --depth 1", "--position is empty");
  expectOneLineError("moves --variant brandubh --moves d2-a2+++", "claims escape threat '+++' but opens no escape line");
  expectOneLineError("moves --variant brandubh --moves d2-a2+", "claims escape threat '+'");
  const std::string huge = "/" + std::string(100000, 'x') + "/";  // an argument may hold 128 KiB
  const auto r = runCli("perft --variant brandubh --depth 1 --position " + huge);
  EXPECT_EQ(r.code, 2);
  EXPECT_LT(r.out.size(), 400u) << "the error line echoes the whole input";
  EXPECT_NE(r.out.find("(100002 characters)"), std::string::npos) << r.out.substr(0, 400);
}

// A search bounded by --tree-mib stops there and says so.
TEST(RulesCli, SearchStopsAtTheTreeMemoryBudget) {
  auto r = runCli("search --variant hnefatafl-13 --sims 2000000 --tree-mib 4 --evaluator uniform --json", false);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["tree_full"].get<bool>());
  EXPECT_EQ(j["tree_mib"].get<double>(), 4.0);
  EXPECT_LT(j["simulations"].get<int>(), 2000000);
  expectOneLineError("search --variant brandubh --tree-mib -1", "--tree-mib: expected a number in [0, 1e+09], got -1");
}

// A search setting's flag of before (--simulations, --c-puct=X) is read as its flag now
// (--sims, --cpuct=X), with a one-line hint each: the same search as the new spelling gives.
TEST(RulesCli, OldSearchFlagsAreReadAsTheirFlagsNowWithAHint) {
  const auto old = runCli("search --variant brandubh --simulations 30 --c-puct=2 --json");
  ASSERT_EQ(old.code, 0) << old.out;
  EXPECT_EQ(old.out.rfind("taflzero: --simulations is spelled --sims now; read as that\n"
                          "taflzero: --c-puct is spelled --cpuct now; read as that\n",
                          0),
            0u)
      << old.out;
  const auto now = runCli("search --variant brandubh --sims 30 --cpuct=2 --json", false);
  ASSERT_EQ(now.code, 0) << now.out;
  const auto a = nlohmann::json::parse(old.out.substr(old.out.find('{')));
  const auto b = nlohmann::json::parse(now.out);
  EXPECT_EQ(a["simulations"], 30);
  EXPECT_EQ(a["move"], b["move"]);
  EXPECT_EQ(a["top"], b["top"]);
}

// The command line's search settings are its flags generated from the search's field list:
// every numeric setting is a flag (its name with '-' for '_'), and the value just outside its
// range is refused with the words every other front end uses; the on/off settings are flags.
TEST(RulesCli, SearchSettingsAreRefusedJustOutsideTheFieldListsRange) {
  int checked = 0;
  for (const auto& o : valuesJustOutsideSearchRanges()) {
    std::string flag = "--" + o.range.key;
    std::replace(flag.begin(), flag.end(), '_', '-');
    expectOneLineError("search --variant brandubh " + flag + "=" + o.text,
                       flag + ": expected " + o.range.text() + ", got " + o.text);
    ++checked;
  }
  EXPECT_EQ(checked, 2 * int(fieldRanges<SearchOptions>().size()));
  const auto r = runCli("search --variant brandubh --sims 16 --gumbel --gumbel-rescale=false --temperature-plies 2 --json",
                        false);
  EXPECT_EQ(nlohmann::json::parse(r.out)["simulations"], 16);
}

// `search --ms N` searches by the clock, capped by --sims when given, and reports its
// rate and the share of the time it spent (no timing is checked).
TEST(RulesCli, SearchForMilliseconds) {
  auto r = runCli("search --variant brandubh --ms 50 --sims 40 --json", false);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_GE(j["simulations"].get<int>(), 1);
  EXPECT_LE(j["simulations"].get<int>(), 40);
  EXPECT_TRUE(j["time_share"].is_number()) << r.out;
  EXPECT_TRUE(j["simulations_per_second"].is_number()) << r.out;
  expectOneLineError("search --variant brandubh --ms 0", "--ms");
}

// A budget that the expanded root alone fills stopped the search after one simulation, and
// one that rounds to 0 bytes meant no budget at all (issue 38, item 9).
TEST(RulesCli, TreeBudgetsWithinTheRootsBlockAreRefused) {
  expectOneLineError("search --variant brandubh --tree-mib 1", "tree_mib must be 0 (a quarter of the memory) or more than 1 MiB");
  expectOneLineError("search --variant brandubh --tree-mib 1e-7", "got 1e-07");
}

// A tafl position without a king is refused like one with two (issue 38, item 7).
TEST(RulesCli, APositionWithoutAKingIsRefused) {
  expectOneLineError("show --variant brandubh --position /7/7/7/7/7/7/7/", "/7/7/7/7/7/7/7/': no king");
  expectOneLineError("moves --variant brandubh --position /3t3/7/7/3T3/7/7/7/ --json", "no king");
}

// Echoed input is cut after 80 whole UTF-8 characters, with control bytes and bytes of no
// character shown as '?' (issue 38, item 10).
TEST(RulesCli, EchoedInputIsCutOnWholeCharactersAndPrintable) {
  const auto r = runCli("moves --variant brandubh --set " + std::string(100000, 'k') + "=1");
  EXPECT_EQ(r.code, 2);
  EXPECT_LT(r.out.size(), 400u) << "the error line echoes the whole key";
  EXPECT_NE(r.out.find("(100000 characters)"), std::string::npos) << r.out.substr(0, 400);
  expectOneLineError("show --variant brandubh --position '/\xc3\x84K5/7/7/7/7/7/7/'", "unknown piece '\xc3\x84' (expected");
  expectOneLineError("show --variant brandubh --position '/\xc3K5/7/7/7/7/7/7/'", "unknown piece '?' (expected");
  const std::string many = "'/" + std::string(78, 'x') + "\xc3\xa4\xc3\xa4/'";  // 82 characters in 84 bytes
  expectOneLineError("show --variant brandubh --position " + many, "x\xc3\xa4...' (82 characters)");
}

// A seed out of 0..2^64-1, a negative --top, an empty --to-move or --show-rules were taken
// as something else (issue 38, item 11).
TEST(RulesCli, NonsenseNumbersAndEmptyValuesAreRefused) {
  for (const std::string seed : {"-1", "18446744073709551616", "99999999999999999999999", "1.5", "0x10", "''"}) {
    expectOneLineError("search --variant brandubh -n 5 --seed " + seed, "--seed: ");
  }
  expectOneLineError("engine --variant brandubh --seed -1 < /dev/null", "--seed: '-1' is not an integer from 0 to 18446744073709551615");
  EXPECT_EQ(runCli("search --variant brandubh -n 5 --seed 18446744073709551615").code, 0);
  expectOneLineError("search --variant brandubh -n 5 --top -1", "--top: Value -1 not in range 0 to ");
  expectOneLineError("moves --variant brandubh --position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ --to-move ''",
                     "--to-move is empty");
  expectOneLineError("opentafl-engine --show-rules '' < /dev/null", "--show-rules is empty");
  for (const std::string seconds : {"nan", "inf", "-inf", "0", "-1", "1e9", "1x"}) {
    expectOneLineError("bench rules --variant brandubh --seconds " + seconds,
                       "--seconds: expected a finite number in [0.05, 3600], got '" + seconds + "'");
  }
  expectOneLineError("bench rules --variant brandubh --depth -1", "--depth: Value -1 not in range 0 to 12");
}

// CLI11's own messages echo the arguments: shown printable, on one line, cut.
TEST(RulesCli, ParseErrorsShowArgumentsPrintableOnOneLine) {
  expectOneLineError("search \"$(printf -- '--a\\nb')\"", "--a?b");
  expectOneLineError("search \"$(printf -- '--\\377x')\"", "--?x");
  const auto r = runCli("search --" + std::string(100000, 'k'));
  EXPECT_EQ(r.code, 2);
  EXPECT_LT(r.out.size(), 500u) << r.out.substr(0, 600);
  EXPECT_NE(r.out.find(" characters) (see --help)"), std::string::npos) << r.out.substr(0, 600);
}

// An override's bad key or value is the override's error, not the preset file's, and an
// override cannot change the game family (issue 38, item 12).
TEST(RulesCli, OverrideErrorsNameTheOverride) {
  expectOneLineError("moves --variant brandubh --set nosuch=1", "error: --set 'nosuch=1': key 'nosuch': expected no such key");
  expectOneLineError("moves --variant brandubh --set king.capture=x", "error: --set 'king.capture=x': key 'king.capture'");
  expectOneLineError("moves --variant brandubh --set king=3", "error: --set 'king=3': key 'king': expected a map");
  expectOneLineError("moves --variant brandubh --set game=morris", "error: --set 'game=morris': key 'game': expected 'tafl'");
  expectOneLineError("moves --variant morris --set size=9", "error: --set 'size=9': key 'size'");
}

// Every user error is one line naming the file or flag, with exit status 2.
TEST(RulesCli, FilesAndFlagsThatCannotBeUsedAreOneLineErrors) {
  expectOneLineError("perft --variant /tmp --depth 1", "YAML file /tmp is a directory, not a regular file");
  expectOneLineError("perft --variant " + std::string(5000, 'a') + " --depth 1", "(5000 characters): expected one of");
  expectOneLineError("perft --variant " + std::string(5000, 'a') + ".yaml --depth 1", "File name too long");
  expectOneLineError("perft --variant brandubh --depth 99", "--depth: Value 99 not in range 0 to 64");
  expectOneLineError("perft --variant brandubh --depth x", "--depth");
  expectOneLineError("arena --variant brandubh --a random --b random --games 0", "--games");
  expectOneLineError("nosuchcommand", "unknown command 'nosuchcommand'");
}

// The rules commands of docs/COMMANDS.md (variants, perft, moves, show) run as written,
// optional [brackets] left out.
TEST(RulesCli, TheDocumentedRulesCommandsRun) {
  std::ifstream readme(std::string(TAFLZERO_SOURCE_DIR) + "/docs/COMMANDS.md");
  std::string line;
  int commands = 0;
  while (std::getline(readme, line)) {
    if (!std::regex_search(line, std::regex("^taflzero (variants|perft|moves|show)\\b"))) continue;
    line = std::regex_replace(line, std::regex("#.*$"), "");
    line = std::regex_replace(line, std::regex("\\[[^\\]]*\\]"), "");
    const auto r = runCli(line.substr(std::string("taflzero ").size()));
    EXPECT_EQ(r.code, 0) << line << "\n" << r.out;
    ++commands;
  }
  EXPECT_GE(commands, 4);
}

}  // namespace
}  // namespace tz::test
