// White and black name the tafl sides wherever a side is read (issue 76): white the
// defenders, black the attackers, as the Tablut Challenge has them; Morris keeps its own
// white and black; any other name is refused naming what is expected.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>

#include "game/base/error.h"
#include "game/registry.h"
#include "tests/cli/cli_runner.h"
#include "tests/support/error_of.h"

namespace tz::test {
namespace {

// Ashton Tablut's start position, as `show` prints its record.
const char* const kAshtonStart = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";

TEST(SidesCli, WhiteIsTheDefendersAndBlackTheAttackersOfEveryTaflVariant) {
  for (const char* variant : {"ashton", "brandubh", "linnaeus", "copenhagen"}) {
    const auto game = loadGame(variant);
    EXPECT_EQ(game->sideName(game->sideFromName("white")), "defenders") << variant;
    EXPECT_EQ(game->sideName(game->sideFromName("black")), "attackers") << variant;
    EXPECT_EQ(game->sideName(game->sideFromName("attackers")), "attackers") << variant;
  }
  const auto morris = loadGame("morris");
  EXPECT_EQ(morris->sideName(morris->sideFromName("white")), "white");
  EXPECT_NE(errorOf([&] { loadGame("ashton")->sideFromName("red"); }).find("black for the attackers, white for the defenders"),
            std::string::npos);
}

TEST(SidesCli, CommandsReadWhiteAndBlackForTafl) {
  const auto moves = runCli(std::string("moves --variant ashton --position ") + kAshtonStart + " --to-move white --json", false);
  ASSERT_EQ(moves.code, 0) << moves.out;
  EXPECT_NE(moves.out.find("\"to_move\":\"defenders\""), std::string::npos) << moves.out;
  const std::string perft = std::string("perft --variant ashton --position ") + kAshtonStart + " --depth 2 --json --to-move ";
  const auto nodes = [&](const std::string& side) {
    const auto r = runCli(perft + side, false);
    EXPECT_EQ(r.code, 0) << r.out;
    return r.code == 0 ? nlohmann::json::parse(r.out)["nodes"].get<int64_t>() : -1;
  };
  EXPECT_EQ(nodes("black"), nodes("attackers"));
  EXPECT_EQ(nodes("white"), nodes("defenders"));
  EXPECT_NE(nodes("white"), nodes("black"));
  const auto search = runCli(std::string("search --variant ashton --position ") + kAshtonStart + " --to-move white --sims 20");
  EXPECT_EQ(search.code, 0) << search.out;
  // play: the person's side by its colour (Ashton's white, the defenders, moves first).
  const auto play = runShell(std::string(std::getenv("TAFLZERO_BIN")) + " play --variant ashton --human white --opponent random < /dev/null");
  EXPECT_EQ(play.code, 0) << play.out;
  EXPECT_NE(play.out.find("You play the defenders"), std::string::npos) << play.out;
  expectOneLineError(std::string("moves --variant ashton --position ") + kAshtonStart + " --to-move red --json",
                     "white for the defenders");
}

}  // namespace
}  // namespace tz::test
