// Variant loading: presets, files, --set overrides, and the errors bad configs get (file,
// key and expected value in the message).
#include <filesystem>
#include <fstream>

#include "game/base/config.h"
#include "game/base/yaml_text.h"
#include "tests/game/tafl/tafl_helpers.h"
#include "tests/support/error_of.h"

namespace tz::test {
namespace {

TEST(Config, EveryPresetLoadsAndItsResolvedRulesReload) {
  const auto names = presetNames();
  for (const char* expected : {"linnaeus", "tablut-reconstructed", "foteviken", "ashton", "hnefatafl-9",
                               "hnefatafl-11", "hnefatafl-13", "alea-evangelii", "brandubh", "copenhagen", "fetlar"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
  }
  for (const auto& name : names) {
    auto g = variant(name);
    if (g->family() != "tafl") continue;
    // The resolved YAML is a complete variant file: loading it gives the same rules.
    const auto path = std::filesystem::temp_directory_path() / ("tz_" + name + ".yaml");
    std::ofstream(path) << g->rulesYaml();
    auto again = loadGame(path.string());
    EXPECT_EQ(again->rulesYaml(), g->rulesYaml()) << name;
    EXPECT_EQ(again->newGame()->perft(2), g->newGame()->perft(2)) << name;
    std::filesystem::remove(path);
  }
}

// What the browser page's rules module does (web/rules/): a variant rebuilt from its resolved
// rules as text, for every family, is the same game.
TEST(Config, EveryPresetRebuildsFromItsResolvedRulesText) {
  for (const auto& name : presetNames()) {
    auto g = loadGame(name, name == "brandubh" ? std::vector<std::string>{"king.capture=weak"} : std::vector<std::string>{});
    auto again = gameFromYamlText(g->rulesYaml(), g->name(), "the rules of " + name);
    EXPECT_EQ(again->name(), g->name());
    EXPECT_EQ(again->family(), g->family());
    EXPECT_EQ(again->rulesYaml(), g->rulesYaml()) << name;
    EXPECT_EQ(again->encodingJson(), g->encodingJson()) << name;
    EXPECT_EQ(again->newGame()->perft(2), g->newGame()->perft(2)) << name;
  }
  expectError([] { gameFromYamlText("game: [", "x", "the rules of x"); }, "the rules of x: malformed YAML");
  expectError([] { gameFromYamlText("game: chess", "x", "the rules of x"); }, "a known game family");
}

TEST(Config, OverridesChangeOneRule) {
  auto g = variant("linnaeus", {"king.capture=strong", "first=attackers"});
  EXPECT_NE(g->rulesYaml().find("capture: strong"), std::string::npos);
  EXPECT_EQ(g->newGame()->toMove(), tafl::kAttackers);
  EXPECT_NE(g->rulesYaml().find("escape: edge"), std::string::npos);  // the rest unchanged
}

TEST(Config, UnknownVariantNamesTheChoices) {
  const std::string msg = errorOf([] { variant("tablut-x"); });
  EXPECT_NE(msg.find("unknown variant 'tablut-x'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("linnaeus"), std::string::npos) << msg;
}

TEST(Config, BadValuesNameFileKeyAndExpectation) {
  std::string msg = errorOf([] { variant("linnaeus", {"king.capture=sometimes"}); });
  EXPECT_EQ(msg.rfind("--set 'king.capture=sometimes': ", 0), 0u) << msg;  // the override, not the file
  EXPECT_NE(msg.find("king.capture"), std::string::npos) << msg;
  EXPECT_NE(msg.find("strong | weak | weak_off_throne"), std::string::npos) << msg;
  msg = errorOf([] { variant("linnaeus", {"kingg.armed=true"}); });
  EXPECT_NE(msg.find("kingg"), std::string::npos) << msg;
  EXPECT_NE(msg.find("unknown"), std::string::npos) << msg;
  msg = errorOf([] { variant("linnaeus", {"size=23"}); });
  EXPECT_NE(msg.find("'size'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("[7, 19]"), std::string::npos) << msg;
  msg = errorOf([] { variant("linnaeus", {"camps=[[z9]]"}); });
  EXPECT_NE(msg.find("camps"), std::string::npos) << msg;
  msg = errorOf([] { variant("linnaeus", {"setup=/9/"}); });
  EXPECT_NE(msg.find("setup"), std::string::npos) << msg;
  msg = errorOf([] { variant("linnaeus", {"hostile.throne.king=sometimes"}); });
  EXPECT_NE(msg.find("hostile.throne.king"), std::string::npos) << msg;
  msg = errorOf([] { variant("linnaeus", {"repetition.count=1"}); });
  EXPECT_NE(msg.find("repetition.count"), std::string::npos) << msg;
  msg = errorOf([] { variant("linnaeus", {"nonsense"}); });
  EXPECT_NE(msg.find("key=value"), std::string::npos) << msg;
}

TEST(Config, MissingOrMalformedFiles) {
  EXPECT_NE(errorOf([] { loadGame("/nonexistent/v.yaml"); }).find("cannot open"), std::string::npos);
  const auto path = std::filesystem::temp_directory_path() / "tz_bad.yaml";
  std::ofstream(path) << "game: tafl\nsize: [9\n";
  EXPECT_NE(errorOf([&] { loadGame(path.string()); }).find("malformed YAML"), std::string::npos);
  std::ofstream(path) << "game: chess\n";
  EXPECT_NE(errorOf([&] { loadGame(path.string()); }).find("'game'"), std::string::npos);
  // Found by the fuzz test: a list where a key belongs once escaped as a yaml-cpp exception.
  std::ofstream(path) << "game: tafl\nsize: 9\nsetup: /3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/\n"
                         "hostile: {camps: {attackers: {when: always, squares: [a4], [f9, e8]}}}\n";
  const std::string keyAsList = errorOf([&] { loadGame(path.string()); });
  EXPECT_NE(keyAsList.find("tz_bad.yaml: key 'hostile.camps.attackers.(a key)'"), std::string::npos) << keyAsList;
  std::ofstream(path) << "game: [tafl]\n";
  EXPECT_NE(errorOf([&] { loadGame(path.string()); }).find("'game'"), std::string::npos);
  std::filesystem::remove(path);
  EXPECT_NE(errorOf([] { loadGame(std::filesystem::temp_directory_path().string() + "/"); }).find("directory"),
            std::string::npos);
  EXPECT_NE(errorOf([] { loadGame("/dev/zero"); }).find("not a regular file"), std::string::npos);
}

TEST(Config, RepeatedKeysAreRefusedWithBothLines) {
  // yaml-cpp keeps both and reads the first: the second would be ignored silently.
  const auto path = std::filesystem::temp_directory_path() / "tz_twice.yaml";
  {
    std::ifstream preset(std::string(TAFLZERO_SOURCE_DIR) + "/configs/variants/brandubh.yaml");
    std::ofstream copy(path);
    copy << preset.rdbuf() << "first: defenders\n";
  }
  const std::string top = errorOf([&] { loadGame(path.string()); });
  EXPECT_NE(top.find("tz_twice.yaml: key 'first' given twice (lines 6 and 20)"), std::string::npos) << top;
  std::ofstream(path) << "game: tafl\nsize: 7\nking: {armed: true, armed: false}\n";
  const std::string nested = errorOf([&] { loadGame(path.string()); });
  EXPECT_NE(nested.find("key 'armed' given twice (lines 3 and 3)"), std::string::npos) << nested;
  std::filesystem::remove(path);
  const std::string text = errorOf([] { gameFromYamlText("game: tafl\ngame: morris\n", "x", "the rules of x"); });
  EXPECT_NE(text.find("the rules of x: key 'game' given twice (lines 1 and 2)"), std::string::npos) << text;
}

TEST(Config, RepeatedKeysInsideASetValueAreRefused) {
  const std::string error = errorOf([] { loadGame("brandubh", {"king={armed: true, armed: false}"}); });
  EXPECT_NE(error.find("--set 'king={armed: true, armed: false}': value: key 'armed' given twice"), std::string::npos)
      << error;
}

// Twelve levels of nested aliases stand for 10^12 nodes in 1.4 KB: every reader would walk
// them for hours. Aliases are refused where they are met, in files, stored rules and --set.
std::string aliasBomb() {
  std::string text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int level = 1; level <= 12; ++level) {
    const std::string prev = "*a" + std::to_string(level - 1);
    text += "a" + std::to_string(level) + ": &a" + std::to_string(level) + " [" + prev;
    for (int i = 1; i < 10; ++i) text += ", " + prev;
    text += "]\n";
  }
  return text;
}

TEST(Config, YamlAliasesAreRefusedWithTheirLine) {
  const auto path = std::filesystem::temp_directory_path() / "tz_alias.yaml";
  std::ofstream(path) << "game: tafl\n" << aliasBomb();
  const std::string file = errorOf([&] { loadGame(path.string()); });
  EXPECT_NE(file.find("tz_alias.yaml: line 3: YAML aliases (*name) are not accepted"), std::string::npos) << file;
  std::filesystem::remove(path);
  const std::string text = errorOf([] { gameFromYamlText(aliasBomb(), "x", "the rules of x"); });
  EXPECT_NE(text.find("the rules of x: line 2: YAML aliases"), std::string::npos) << text;
  const std::string set = errorOf([] { loadGame("brandubh", {"king=&k {armed: true, capture: *k}"}); });
  EXPECT_NE(set.find("value: line 1: YAML aliases"), std::string::npos) << set;
  // An anchor alone names nothing twice and is read as before.
  EXPECT_NO_THROW(parseYamlText("a: &x 1\nb: 2\n", "anchors"));
}

// yaml-cpp reads a ',' opening the text as empty documents without end, all at line 1: the
// reader stops at the second one instead of looping for ever (found by the variant fuzzer).
TEST(Config, AStrayCommaOpeningTheTextIsMalformedYamlNotAnEndlessLoop) {
  for (const std::string text : {",a: b\n", ",# a comment\ngame: tafl\n", ","}) {
    const std::string error = errorOf([&] { parseYamlText(text, "the rules of x"); });
    EXPECT_EQ(error, "the rules of x: malformed YAML: line 1, column 1: the YAML reader cannot get past it") << text;
  }
  // Documents one after another are read as before (the first one is the text's content).
  EXPECT_EQ(parseYamlText("a: 1\n---\nb: 2\n", "two documents")["a"].as<int>(), 1);
}

TEST(Config, PresetNamesStayFileReferencesResolveFromTheConfigsFolder) {
  EXPECT_FALSE(namesFile("linnaeus"));
  EXPECT_TRUE(namesFile("my-rules.yaml"));
  EXPECT_TRUE(namesFile("rules/linnaeus"));
  EXPECT_EQ(resolveFile("brandubh", "/configs/experiments/x.yaml"), "brandubh");
  EXPECT_EQ(resolveFile("../variants/mine.yaml", "/configs/experiments/x.yaml"), "/configs/variants/mine.yaml");
  EXPECT_EQ(resolveFile("/abs/mine.yaml", "/configs/experiments/x.yaml"), "/abs/mine.yaml");
}

// A settings struct listing its fields once, as the options structs do.
struct Sizes {
  int blocks = 4;
  double rate = 0.5;
  std::string kind = "a";
  template <class Self, class V>
  static void fields(Self& s, V& v) {
    v.number("blocks", s.blocks, 1, 8);
    v.number("rate", s.rate, 0, 1);
    v.choice("kind", s.kind, {"a", "b"});
  }
};

TEST(Config, FieldCheckerNamesFileKeyRangeAndValue) {
  Sizes ok;
  EXPECT_NO_THROW(checkFields(ok, "f.yaml", "net."));
  Sizes bad = ok;
  bad.blocks = 9;
  EXPECT_EQ(errorOf([&] { checkFields(bad, "f.yaml", "net."); }),
            "f.yaml: key 'net.blocks': expected an integer in [1, 8], got 9");
  bad = ok;
  bad.rate = 1.5;
  EXPECT_EQ(errorOf([&] { checkFields(bad, "f.yaml", ""); }), "f.yaml: key 'rate': expected a number in [0, 1], got 1.5");
  bad = ok;
  bad.kind = "c";
  EXPECT_EQ(errorOf([&] { checkFields(bad, "f.yaml", ""); }), "f.yaml: key 'kind': expected one of a | b, got 'c'");
  // The reader takes the same list: the current values are the defaults.
  ConfigReader reader(YAML::Load("{blocks: 6}"), "f.yaml");
  Sizes read;
  readFields(reader, read);
  reader.finish();
  EXPECT_EQ(read.blocks, 6);
  EXPECT_EQ(read.rate, 0.5);
  ConfigReader wrong(YAML::Load("{blocks: 9}"), "f.yaml", "net.");
  EXPECT_EQ(errorOf([&] { readFields(wrong, read); }), "f.yaml: key 'net.blocks': expected an integer in [1, 8], got 9");
}

}  // namespace
}  // namespace tz::test
