// The rules-query contracts of DESIGN.md for Nine Men's Morris through the real binary:
// variants, perft (whole turns) with --divide/--json, moves --json, show, bench rules,
// and one-line errors naming the move and the position.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

TEST(MorrisCli, VariantsListBothPresets) {
  auto r = runCli("variants");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("\nmorris  "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nmorris-noflying  "), std::string::npos) << r.out;
}

TEST(MorrisCli, PerftCountsWholeTurns) {
  auto r = runCli("perft --variant morris --depth 3 --json", false);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out)["nodes"].get<uint64_t>(), 12144u);
  // White's mill-forming move splits into one turn per removal.
  auto d = runCli("perft --variant morris --position \"W....B....WB........WW.B white 0 0 30\" --depth 1 --divide --json",
                  false);
  ASSERT_EQ(d.code, 0) << d.out;
  auto jd = nlohmann::json::parse(d.out);
  for (const char* turn : {"d2-d1xb6", "d2-d1xd3", "d2-d1xg7"}) EXPECT_EQ(jd["divide"][turn], 1u) << turn;
  EXPECT_FALSE(jd["divide"].contains("d2-d1"));
  EXPECT_EQ(jd["nodes"].get<uint64_t>(), jd["divide"].size());
}

TEST(MorrisCli, MovesJsonContract) {
  auto r = runCli("moves --variant morris --moves \"d2 a1 d3 a4\" --json", false);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["position"], "BB........WW............ white 7 7 4");
  EXPECT_EQ(j["to_move"], "white");
  EXPECT_EQ(j["status"], "ongoing");
  EXPECT_EQ(j["winner"], "none");
  const auto legal = j["legal"].get<std::vector<std::string>>();
  EXPECT_NE(std::find(legal.begin(), legal.end(), "d1xa1"), legal.end());
  EXPECT_NE(std::find(legal.begin(), legal.end(), "d1xa4"), legal.end());
  EXPECT_EQ(std::find(legal.begin(), legal.end(), "d1"), legal.end());
  // The record carries the side to move; --to-move may repeat it.
  auto over = runCli("moves --variant morris --position \"WW........B.B.WB........ white 0 0 40\" --to-move white "
                     "--moves d7-a7xd2 --json",
                     false);
  ASSERT_EQ(over.code, 0) << over.out;
  auto jo = nlohmann::json::parse(over.out);
  EXPECT_EQ(jo["status"], "over");
  EXPECT_EQ(jo["winner"], "white");
  EXPECT_EQ(jo["reason"], "too_few_pieces");
  EXPECT_TRUE(jo["legal"].empty());
}

TEST(MorrisCli, ShowDrawsTheBoard) {
  auto r = runCli("show --variant morris --moves \"d2 a1\"");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("1  B-----------.-----------."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("position B.........W............. white 8 8 2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("white to move"), std::string::npos) << r.out;
}

TEST(MorrisCli, ErrorsNameTheMoveAndPosition) {
  auto r = runCli("moves --variant morris --moves \"d2 a1 d3 a4 d1\" --json");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.out.find("illegal move 'd1': d1 forms a mill"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("BB........WW............ white 7 7 4"), std::string::npos) << r.out;
  auto bad = runCli("perft --variant morris --position \"........................ white 9 9\" --depth 1");
  EXPECT_NE(bad.code, 0);
  EXPECT_NE(bad.out.find("bad morris position record"), std::string::npos) << bad.out;
  auto side = runCli("perft --variant morris --position \"........................ white 9 9 0\" --to-move black -d 1");
  EXPECT_NE(side.code, 0);
  EXPECT_NE(side.out.find("contradicts"), std::string::npos) << side.out;
  auto key = runCli("perft --variant morris --set flying=often --depth 1");
  EXPECT_NE(key.code, 0);
  EXPECT_NE(key.out.find("key 'flying'"), std::string::npos) << key.out;
}

TEST(MorrisCli, BenchRulesRuns) {
  auto r = runCli("bench rules --variant morris-noflying --depth 3 --seconds 0.05 --json", false);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["perft_nodes"].get<uint64_t>(), 12144u);
  EXPECT_GT(j["playout_plies"].get<uint64_t>(), 0u);
}

}  // namespace
}  // namespace tz::test
