// Morris records, notation, errors for bad input, and the variant files' keys.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "game/base/error.h"
#include "tests/game/morris/morris_helpers.h"

namespace tz::test {
namespace {

// The message of the Error that `f` throws (fails when it throws none).
template <class E, class F>
std::string errorOf(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  ADD_FAILURE() << "no error thrown";
  return "";
}

TEST(MorrisNotation, RecordsRoundTrip) {
  auto game = morrisGame();
  const std::string records[] = {
      "........................ white 9 9 0",
      morrisRecord("a1 a4", "g1 g4", "white 7 7 4"),
      morrisRecord("a1 a4 a7", "g1 g4", "white 6 7 4 remove"),
      morrisRecord("a1 a7 b4 d2 f4", "g1 g4 d6 e5 c5", "black 0 0 31"),
  };
  for (const auto& r : records) EXPECT_EQ(game->fromRecord(r, "")->record(), r);
  // The side may also be given separately, but must agree with the record.
  EXPECT_EQ(game->fromRecord(records[1], "white")->toMove(), 0);
  EXPECT_NE(errorOf<Error>([&] { game->fromRecord(records[1], "black"); }).find("contradicts"), std::string::npos);
}

TEST(MorrisNotation, BadRecordsAreErrors) {
  auto game = morrisGame();
  const std::pair<std::string, std::string> bad[] = {
      {"", "expected"},
      {"........................ white 9 9", "expected"},
      {"....................... white 9 9 0", "has 23 points"},
      {"X....................... white 9 9 0", "point a1 is 'X'"},
      {"........................ red 9 9 0", "side to move 'red'"},
      {"........................ white 10 9 0", "white in hand '10'"},
      {"........................ white 9 9 -1", "plies '-1'"},
      {"........................ white 8 9 1", "as many pieces in hand as black"},
      {"........................ black 9 9 0", "one piece fewer"},
      {"........................ white 8 8 3", "not 3"},
      {"WWWWWWWWWW.............. black 0 0 40", "more than 9"},
      {"WWWWWWWW................ white 0 0 10", "placed in only 10 plies"},
      {"........................ white 8 9 0 remove", "'remove' needs a mill"},
      {"........................ white 9 9 0 later", "unexpected 'later'"},
  };
  for (const auto& [record, why] : bad) {
    const std::string msg = errorOf<Error>([&] { game->fromRecord(record, ""); });
    EXPECT_NE(msg.find("bad morris position record '" + record + "'"), std::string::npos) << msg;
    EXPECT_NE(msg.find(why), std::string::npos) << msg;
  }
}

TEST(MorrisNotation, IllegalMovesNameTheMoveAndPosition) {
  auto game = morrisGame();
  auto placing = morrisState(*game, "a1 a4", "g1 g4", "white 7 7 4");
  const std::string where = "in position " + placing->record() + " (white to move)";
  const std::pair<std::string, std::string> bad[] = {
      {"a7", "a7 forms a mill: name the removal too"},
      {"a7xa1", "a1 holds no opponent piece"},
      {"b2xg1", "b2 forms no mill"},
      {"g1", ""},
      {"a1-b2", "still has pieces in hand"},
      {"xg1", "no removal is pending"},
  };
  for (const auto& [move, why] : bad) {
    const std::string msg = errorOf<RuleError>([&] { placing->playTurn(move); });
    EXPECT_NE(msg.find("illegal move '" + move + "'"), std::string::npos) << msg;
    EXPECT_NE(msg.find(why), std::string::npos) << msg;
    EXPECT_NE(msg.find(where), std::string::npos) << msg;
  }
  auto protectedMill = morrisState(*game, "a1 a4", "g1 g4 g7 d6", "white 5 5 8");
  EXPECT_NE(errorOf<RuleError>([&] { protectedMill->playTurn("a7xg1"); }).find("g1 is in a mill"), std::string::npos);
  auto moving = morrisState(*game, "a1 a7 b4 d2", "g1 g4 d6 c3", "white 0 0 40");
  EXPECT_NE(errorOf<RuleError>([&] { moving->playTurn("c5"); }).find("no pieces in hand"), std::string::npos);
  EXPECT_NE(errorOf<RuleError>([&] { moving->playTurn("b4-c3"); }).find("illegal move 'b4-c3' in position"),
            std::string::npos);
  for (const std::string malformed : {"zz", "d2-", "d2-d3x", "h1", "d4", "d2xd3xd5"}) {
    EXPECT_NE(errorOf<RuleError>([&] { moving->playTurn(malformed); }).find("malformed move '" + malformed + "'"),
              std::string::npos);
  }
  // Nothing was played by the failed attempts.
  EXPECT_EQ(moving->record(), morrisRecord("a1 a7 b4 d2", "g1 g4 d6 c3", "white 0 0 40"));
}

TEST(MorrisNotation, GameOverIsAnError) {
  auto game = morrisGame();
  auto over = game->fromRecord(morrisRecord("a1 a4", "d1 b4 d7 g1", "white 0 0 40"), "");
  EXPECT_TRUE(over->outcome().over);
  EXPECT_NE(errorOf<RuleError>([&] { over->playTurn("a1-d1"); }).find("the game is over"), std::string::npos);
}

TEST(MorrisNotation, ActionNames) {
  auto game = morrisGame();
  auto state = game->newGame();
  EXPECT_EQ(state->actionName(morris::kPlaceBase + morris::parsePoint("d2")), "d2");
  EXPECT_EQ(state->actionName(morris::kMoveBase + morris::parsePoint("d2") * 24 + morris::parsePoint("d3")), "d2-d3");
  EXPECT_EQ(state->actionName(morris::kRemoveBase + morris::parsePoint("a1")), "xa1");
}

TEST(MorrisConfig, KeysAreParsedAndChecked) {
  auto noFlying = morrisGame({}, "morris-noflying");
  const auto& rules = static_cast<const morris::MorrisGame&>(*noFlying).rules();
  EXPECT_FALSE(rules.flying);
  EXPECT_EQ(rules.repetitionCount, 3);
  EXPECT_EQ(rules.noRemovalPlies, 100);
  EXPECT_EQ(rules.plyLimit, 1000);
  EXPECT_TRUE(static_cast<const morris::MorrisGame&>(*morrisGame()).rules().flying);
  auto custom = morrisGame({"flying=false", "repetition_count=4", "no_removal_plies=0", "ply_limit=50"});
  EXPECT_EQ(custom->rulesYaml(),
            "game: morris\nflying: false\nrepetition_count: 4\nno_removal_plies: 0\nply_limit: 50\n");
  // The resolved YAML reads back to the same rules.
  const auto back = morris::rulesFromYaml(YAML::Load(custom->rulesYaml()), "resolved", "custom");
  EXPECT_EQ(morris::rulesToYaml(back), custom->rulesYaml());

  const std::pair<std::string, std::string> bad[] = {
      {"flyng=true", "key 'flyng': expected no such key"},
      {"flying=sometimes", "key 'flying': expected true or false"},
      {"repetition_count=1", "key 'repetition_count'"},
      {"no_removal_plies=-1", "key 'no_removal_plies'"},
      {"ply_limit=0", "key 'ply_limit'"},
      {"game=chess", "key 'game'"},
  };
  for (const auto& [set, why] : bad) {
    const std::string msg = errorOf<ConfigError>([&] { morrisGame({set}); });
    EXPECT_EQ(msg.rfind("--set '" + set + "': ", 0), 0u) << msg;  // the override, not the preset's file
    EXPECT_NE(msg.find(why), std::string::npos) << msg;
  }
}

}  // namespace
}  // namespace tz::test
