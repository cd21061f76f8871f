// A study's families: the cells whose verdicts are read together. `study` (the default) makes
// every cell one family, `strength` one per strength, and a list names its cells; each cell's
// stopping rule spends its error over its family's cells, the plan takes them, the stored
// description keeps them, and a list that misses or repeats a cell is one clear error.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "game/base/error.h"
#include "tests/training/balance/balance_test_helpers.h"
#include "training/balance/balance_study.h"
#include "training/balance/study_plan.h"

namespace tz::test {
namespace {

// A two-variant, two-strength brandubh study with `families` (a YAML line, or none).
std::string studyWith(const std::string& families) {
  const std::string path = ::testing::TempDir() + "/families_" +
                           ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".yaml";
  return writeFile(path, "base: brandubh\n"
                         "factors:\n  - {key: first, values: [attackers, defenders]}\n"
                         "agent:\n  mode: baseline\n  strengths: [{name: g1, player: greedy}, {name: g2, player: random}]\n"
                         "games: {min_games: 4, max_games: 8, batch: 2, precision: 0.1}\n" +
                             families);
}

// The message loadStudy throws for a study with `families`; empty when it loads.
std::string familiesError(const std::string& families) {
  try {
    loadStudy(studyWith(families));
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(StudyFamilies, TheDefaultIsOneFamilyOfEveryCell) {
  const StudyConfig s = loadStudy(studyWith(""));
  ASSERT_EQ(familiesOf(s).size(), 1u);
  EXPECT_EQ(familiesOf(s).front().name, "study");
  EXPECT_EQ(cellRule(s, 1, 1).family, 4);
  const std::vector<PlanFamily> plan = planFamilies(s);
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan.front().cells, (std::vector<std::string>{"attackers@g1", "attackers@g2", "defenders@g1", "defenders@g2"}));
}

TEST(StudyFamilies, StrengthMakesAFamilyOfEachStrengthsCells) {
  const StudyConfig s = loadStudy(studyWith("families: strength\n"));
  ASSERT_EQ(s.families.size(), 2u);
  EXPECT_EQ(s.families[1].name, "g2");
  EXPECT_EQ(s.families[1].cells, (std::vector<int>{1, 3}));
  EXPECT_EQ(familyOf(s, 1, 1).name, "g2");
  EXPECT_EQ(cellRule(s, 0, 0).family, 2);
  // The stored description keeps them.
  const StudyConfig back = studyFromJson(studyToJson(s));
  ASSERT_EQ(back.families.size(), 2u);
  EXPECT_EQ(back.families[0].cells, (std::vector<int>{0, 2}));
}

TEST(StudyFamilies, AListNamesItsCells) {
  const StudyConfig s = loadStudy(studyWith("families:\n  - {name: strong, strengths: [g1]}\n"
                                            "  - {name: weak, variants: [attackers, defenders], strengths: [g2]}\n"));
  ASSERT_EQ(s.families.size(), 2u);
  EXPECT_EQ(s.families[0].cells, (std::vector<int>{0, 2}));
  EXPECT_EQ(familyOf(s, 0, 1).name, "weak");
}

TEST(StudyFamilies, AListMissingOrRepeatingACellIsOneClearError) {
  EXPECT_NE(familiesError("families: cells\n").find("key 'families'"), std::string::npos);
  EXPECT_NE(familiesError("families:\n  - {name: a, strengths: [g1]}\n").find("(attackers @ g2 is in none)"),
            std::string::npos);
  EXPECT_NE(familiesError("families:\n  - {name: a}\n  - {name: b, variants: [defenders]}\n")
                .find("(defenders @ g1 is in 'a' and 'b')"),
            std::string::npos);
  EXPECT_NE(familiesError("families:\n  - {name: a, variants: [sideways]}\n").find("key 'families[0].variants'"),
            std::string::npos);
  EXPECT_NE(familiesError("families:\n  - {variants: [attackers]}\n").find("key 'families[0].name'"), std::string::npos);
  EXPECT_NE(familiesError("families:\n  - {name: a, strenghts: [g1]}\n").find("families[0].strenghts"),
            std::string::npos);
}

}  // namespace
}  // namespace tz::test
