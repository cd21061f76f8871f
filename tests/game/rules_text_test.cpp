// The rules text of every variant, written and read from one fields list per family
// (tafl::Rules::fields, morris::Rules::fields): every preset written, read back and written
// again gives the same text, every key a preset file gives is written, and the text itself
// stays as it is (it feeds the rules hash of every stored game and the cell digest of every
// study, so a writer that changed it would orphan them).
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <string>

#include "game/base/config.h"
#include "game/base/yaml_difference.h"
#include "game/registry.h"

namespace tz {
namespace {

// The keys a rules text gives, its description left out (it is not a rule).
std::map<std::string, std::string> ruleKeys(const YAML::Node& rules) {
  std::map<std::string, std::string> keys = flattenYaml(rules);
  keys.erase("description");
  return keys;
}

TEST(RulesText, EveryPresetWritesWhatItReadsBackTheSame) {
  for (const std::string& name : presetNames()) {
    const auto game = loadGame(name);
    const std::string text = game->rulesYaml();
    const auto again = gameFromYamlText(text, name, "the written rules of " + name);
    EXPECT_EQ(again->rulesYaml(), text) << name;
    // Every key of the preset file is written (a rule read without a writer fails here),
    // with the value it was read as (squares and lists compare as text).
    const auto written = flattenYaml(YAML::Load(text));
    for (const auto& [key, value] : ruleKeys(loadYamlFile(configDir() + "/variants/" + name + ".yaml"))) {
      if (key.rfind("corners.squares", 0) == 0 && value == "default") continue;  // written as the squares it stands for
      ASSERT_TRUE(written.count(key)) << name << ": " << key << " is read but not written";
    }
  }
}

TEST(RulesText, EveryRuleAwayFromItsDefaultRoundTrips) {
  const std::string text =
      "game: tafl\nsize: 11\nsetup: /3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/\n"
      "first: attackers\nking: {armed: false, capture: weak, edge_hostile: true}\nescape: [a1, k11, f1]\n"
      "throne: {stop: nobody, pass: king, king_reenter: false}\ncorners: {squares: [a1, k1], stop: king}\n"
      "camps: [[d1, e1], [a4]]\nhostile:\n"
      "  throne: {attackers: always, defenders: {when: empty, squares: [f6]}, king: empty}\n"
      "  corners: {attackers: empty, defenders: always, king: never}\n"
      "  camps: {attackers: never, defenders: always, king: {when: always, squares: [a4]}}\n"
      "attackers_return_to_edge: false\nencirclement: true\nshieldwall: {enabled: true, corner_bracket: false}\n"
      "edge_fort: true\nrepetition: {rule: loss_mover, count: 4, count_start: false}\nply_limit: 777\n";
  EXPECT_EQ(gameFromYamlText(text, "every-rule", "test rules")->rulesYaml(), text);
  const std::string morris = "game: morris\nflying: false\nrepetition_count: 0\nno_removal_plies: 50\nply_limit: 300\n";
  EXPECT_EQ(gameFromYamlText(morris, "morris-custom", "test rules")->rulesYaml(), morris);
}

TEST(RulesText, TheTextOfAPresetStaysAsStoredGamesHashedIt) {
  EXPECT_EQ(loadGame("brandubh")->rulesYaml(),
            "game: tafl\nsize: 7\nsetup: /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\nfirst: attackers\n"
            "king: {armed: true, capture: weak_off_throne, edge_hostile: false}\nescape: corners\n"
            "throne: {stop: king, pass: all, king_reenter: true}\ncorners: {squares: [a1, g1, a7, g7], stop: king}\n"
            "camps: []\nhostile:\n  throne: {attackers: empty, defenders: empty, king: empty}\n"
            "  corners: {attackers: empty, defenders: empty, king: empty}\n"
            "  camps: {attackers: never, defenders: never, king: never}\nattackers_return_to_edge: true\n"
            "encirclement: false\nrepetition: {rule: draw, count: 3, count_start: true}\nply_limit: 200\n");
  EXPECT_EQ(loadGame("morris")->rulesYaml(),
            "game: morris\nflying: true\nrepetition_count: 3\nno_removal_plies: 100\nply_limit: 1000\n");
}

}  // namespace
}  // namespace tz
