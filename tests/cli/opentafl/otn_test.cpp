// OpenTafl Notation (docs/OPENTAFL.md 3 and 4): the built-in rules strings of OpenTafl
// mapped onto our rule model (Brandub agreeing with our brandubh in perft, Fetlar and
// Copenhagen our presets but for named keys), refusals that
// name the key and value, OTN moves and move lists, and the clock's move budget.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "cli/opentafl/otep_clock.h"
#include "cli/opentafl/otn_moves.h"
#include "cli/opentafl/otn_rules.h"
#include "cli/opentafl/otn_variant.h"
#include "game/base/yaml_difference.h"
#include "game/registry.h"
#include "tests/support/error_of.h"

namespace tz::test {
namespace {

using namespace cli::opentafl;

const std::string kBrandub = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
const std::string kTablut =
    "dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y "
    "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
const std::string kFoteviken =
    "dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, "
    "cenp:tcnkTCNK aforp:tcnkTCNK cens: cenh: cenhe:K aforh:K cenre: aforre: "
    "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
const std::string kFetlar =
    "dim:11 name:Fetlar atkf:y nj:n cj:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
const std::string kCopenhagen =
    "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

// The value of `key.sub` in the variant of `rules`, as text.
std::string valueOf(const std::string& rules, const std::string& key, const std::string& sub = "") {
  const YAML::Node v = variantOfOtn(parseOtnRules(rules));
  return (sub.empty() ? v[key] : v[key][sub]).as<std::string>();
}

TEST(OpenTaflRules, SplitsEntriesWithDefaults) {
  const OtnRules r = parseOtnRules(kBrandub);
  EXPECT_EQ(r.dim, 7);
  EXPECT_EQ(r.start, "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
  EXPECT_EQ(r["cenh"], "");
  EXPECT_EQ(r["esc"], "c");      // the default
  EXPECT_EQ(r["cors"], "K");     // the default
  EXPECT_TRUE(r.given.at("ks"));
  EXPECT_EQ(parseOtnRules("dim:7 starti:/1/2/3/").start, "/3/2/1/");
}

TEST(OpenTaflRules, BrandubAgreesWithOurBrandubhInPerft) {
  auto otn = gameOfOtn(kBrandub);
  auto ours = loadGame("brandubh");
  EXPECT_EQ(otn->name(), "brandub");
  for (int depth = 1; depth <= 4; ++depth) {
    EXPECT_EQ(otn->newGame()->perft(depth), ours->newGame()->perft(depth)) << "depth " << depth;
  }
  EXPECT_EQ(valueOf(kBrandub, "first"), "attackers");
  EXPECT_EQ(valueOf(kBrandub, "king", "capture"), "weak");  // ks:w, where our preset is weak_off_throne
  EXPECT_EQ(valueOf(kBrandub, "escape"), "corners");
  EXPECT_EQ(valueOf(kBrandub, "encirclement"), "false");
}

TEST(OpenTaflRules, FotevikenMapsKeyByKey) {
  auto game = gameOfOtn(kFoteviken);
  EXPECT_EQ(game->name(), "foteviken-tablut");
  auto ours = loadGame("foteviken", {"first=attackers"});  // the same moves, with attackers first
  for (int depth = 1; depth <= 3; ++depth) EXPECT_EQ(game->newGame()->perft(depth), ours->newGame()->perft(depth));
  EXPECT_EQ(valueOf(kFoteviken, "first"), "attackers");  // atkf:y, unlike our foteviken preset
  EXPECT_EQ(valueOf(kFoteviken, "escape"), "edge");
  EXPECT_EQ(valueOf(kFoteviken, "king", "capture"), "strong");
  EXPECT_EQ(valueOf(kFoteviken, "encirclement"), "true");  // surf's default
  EXPECT_EQ(valueOf(kFoteviken, "throne", "stop"), "nobody");
  EXPECT_EQ(valueOf(kFoteviken, "throne", "pass"), "nobody");  // cenre: empty, so nobody crosses
  const YAML::Node v = variantOfOtn(parseOtnRules(kFoteviken));
  EXPECT_EQ(v["camps"].size(), 1u);  // OpenTafl's fortresses are one kind of square: one camp
  EXPECT_EQ(v["camps"][0].size(), 16u);
  EXPECT_EQ(v["hostile"]["camps"]["king"].as<std::string>(), "always");
  EXPECT_EQ(v["hostile"]["camps"]["defenders"].as<std::string>(), "never");
  EXPECT_EQ(v["hostile"]["throne"]["king"].as<std::string>(), "empty");
  EXPECT_EQ(v["hostile"]["throne"]["attackers"].as<std::string>(), "never");
}

// The keys whose values differ between the resolved rules of `otn` (an OpenTafl string) and
// of our preset `preset`, each as "key: OURS -> OPENTAFL'S".
std::vector<std::string> differencesFromPreset(const std::string& otn, const std::string& preset) {
  const auto ours = flattenYaml(YAML::Load(loadGame(preset)->rulesYaml()));
  const auto theirs = flattenYaml(YAML::Load(gameOfOtn(otn)->rulesYaml()));
  std::vector<std::string> out;
  for (const auto& [key, value] : ours) {
    const auto other = theirs.find(key);
    if (other == theirs.end()) out.push_back(key + ": " + value + " -> (absent)");
    else if (other->second != value) out.push_back(key + ": " + value + " -> " + other->second);
  }
  for (const auto& [key, value] : theirs) {
    if (!ours.count(key)) out.push_back(key + ": (absent) -> " + value);
  }
  return out;
}

// OpenTafl's Fetlar is our fetlar but for the ply limit (OpenTafl has none); its corners'
// hostility to a king taken on four sides and never on the edge, which cannot act, is
// written as our preset writes it.
TEST(OpenTaflRules, FetlarIsOurFetlarPreset) {
  auto game = gameOfOtn(kFetlar);
  EXPECT_EQ(game->name(), "fetlar");
  EXPECT_EQ(differencesFromPreset(kFetlar, "fetlar"), (std::vector<std::string>{"ply_limit: 500 -> 100000"}));
  auto ours = loadGame("fetlar");
  for (int depth = 1; depth <= 2; ++depth) EXPECT_EQ(game->newGame()->perft(depth), ours->newGame()->perft(depth));
}

// OpenTafl's Copenhagen (sw:s efe:y tfr:w) is our copenhagen but for the ply limit and the
// repetition rule: the side that repeats a position a third time loses, not the defenders.
TEST(OpenTaflRules, CopenhagenIsOurCopenhagenPresetButForRepetition) {
  auto game = gameOfOtn(kCopenhagen);
  EXPECT_EQ(game->name(), "copenhagen");
  EXPECT_EQ(differencesFromPreset(kCopenhagen, "copenhagen"),
            (std::vector<std::string>{"ply_limit: 500 -> 100000", "repetition.rule: loss_defenders -> loss_mover"}));
  auto ours = loadGame("copenhagen");
  for (int depth = 1; depth <= 2; ++depth) EXPECT_EQ(game->newGame()->perft(depth), ours->newGame()->perft(depth));
}

// Corners hostile to the king stay so wherever the king can feel them: a weak king (taken
// against a corner by one attacker), a strong king on a hostile edge, corners off the board's.
TEST(OpenTaflRules, CornersKeepTheirHostilityToAKingThatCanFeelIt) {
  const std::string start = " start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
  const auto cornersToKing = [](const std::string& rules) {
    return variantOfOtn(parseOtnRules(rules))["hostile"]["corners"]["king"].as<std::string>();
  };
  EXPECT_EQ(cornersToKing("dim:11" + start), "never");  // strong, edge not hostile, the board's corners
  EXPECT_EQ(cornersToKing("dim:11 ks:w" + start), "always");
  EXPECT_EQ(cornersToKing("dim:11 ks:m" + start), "always");
  EXPECT_EQ(cornersToKing("dim:11 cor:b2,j2,b10,j10 corp:tTK" + start), "always");
  EXPECT_EQ(cornersToKing(kBrandub), "always");
  EXPECT_EQ(cornersToKing("dim:11 corh:tT" + start), "never");  // not hostile to him in the first place
}

TEST(OpenTaflRules, ShieldwallEdgeFortAndRepetitionKeys) {
  const std::string start = " start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
  EXPECT_EQ(valueOf("dim:11 sw:w" + start, "shieldwall", "enabled"), "true");
  EXPECT_EQ(valueOf("dim:11 sw:w" + start, "shieldwall", "corner_bracket"), "false");
  EXPECT_EQ(valueOf("dim:11 sw:s" + start, "shieldwall", "corner_bracket"), "true");
  EXPECT_EQ(valueOf("dim:11" + start, "shieldwall", "enabled"), "false");
  EXPECT_EQ(valueOf("dim:11 swf:n" + start, "shieldwall", "enabled"), "false");  // no effect without walls
  EXPECT_EQ(valueOf("dim:11 efe:y" + start, "edge_fort"), "true");
  EXPECT_EQ(valueOf("dim:11" + start, "edge_fort"), "false");
  EXPECT_EQ(valueOf("dim:11 tfr:w" + start, "repetition", "rule"), "loss_mover");
  EXPECT_EQ(valueOf("dim:11 tfr:d" + start, "repetition", "rule"), "draw");
  EXPECT_EQ(valueOf("dim:11 tfr:i" + start, "repetition", "rule"), "draw");
}

TEST(OpenTaflRules, RefusesWhatOurModelCannotExpressNamingKeyAndValue) {
  EXPECT_NE(errorOf([&] { gameOfOtn(kTablut); }).find("linc:y cannot be played"), std::string::npos);
  const std::string brandubStart = " start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
  const std::pair<std::string, std::string> refused[] = {
      {"dim:7 tfr:l", "tfr:l cannot be played"},
      {"dim:7 sw:s swf:n", "swf:n cannot be played"},
      {"dim:7 ber:c", "ber:c cannot be played"},
      {"dim:7 ka:a", "ka:a cannot be played"},
      {"dim:7 kj:r", "kj:r cannot be played"},
      {"dim:7 spd:3", "spd:3 cannot be played"},
      {"dim:7 dfor:a2,", "dfor:a2, cannot be played"},
      {"dim:7 cen:c3,", "cen:c3, cannot be played"},
      {"dim:7 cens:T", "cens:T cannot be played"},
      {"dim:7 cenh:T cenhe:", "cenh:T cannot be played"},
      {"dim:7 ks:c cenhe:", "ks:c cannot be played"},
      {"dim:7 afor:a3,", "aforre:tcnkmTCNKM cannot be played"},
      {"dim:8", "dim:8 cannot be played"},
  };
  for (const auto& [rules, fragment] : refused) {
    const std::string error = errorOf([&] { gameOfOtn(rules + brandubStart); });
    EXPECT_NE(error.find(fragment), std::string::npos) << rules << ": " << error;
  }
  EXPECT_NE(errorOf([&] { gameOfOtn("dim:11 start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/"); })
                .find("start position holds 'c'"),
            std::string::npos);
}

TEST(OpenTaflRules, RefusesMalformedStrings) {
  EXPECT_NE(errorOf([] { parseOtnRules("start:/7/"); }).find("no board size"), std::string::npos);
  EXPECT_NE(errorOf([] { parseOtnRules("dim:7"); }).find("no start position"), std::string::npos);
  EXPECT_NE(errorOf([] { parseOtnRules("dim:7 zz:y start:/7/"); }).find("unknown key 'zz'"), std::string::npos);
  EXPECT_NE(errorOf([] { parseOtnRules("dim:7 esc:c esc:e start:/7/"); }).find("given twice"), std::string::npos);
  EXPECT_NE(errorOf([] { parseOtnRules("dim:7 esc start:/7/"); }).find("has no ':'"), std::string::npos);
  EXPECT_NE(errorOf([] { parseOtnRules("dim:x7 start:/7/"); }).find("not a board size"), std::string::npos);
  EXPECT_NE(errorOf([] { gameOfOtn("dim:7 esc:q start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"); }).find("esc:q is not one of ce"),
            std::string::npos);
  EXPECT_NE(errorOf([] { gameOfOtn("dim:7 corh:tz start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"); }).find("no piece type"),
            std::string::npos);
  EXPECT_FALSE(errorOf([] { gameOfOtn("dim:7 start:/3t3/3t3/"); }).empty());  // too few rows
}

// A start position without a king was accepted (issue 38, item 7).
TEST(OpenTaflRules, RefusesAStartWithoutAKing) {
  const std::string error = errorOf([] { gameOfOtn("dim:7 start:/3t3/3t3/3T3/ttT1Ttt/3T3/3t3/3t3/"); });
  EXPECT_NE(error.find("/3t3/3t3/3T3/ttT1Ttt/3T3/3t3/3t3/': no king"), std::string::npos) << error;
}

// `start:` and `starti:` together were reported as "key 'starti' given twice" (issue 38, item 12).
TEST(OpenTaflRules, StartAndStartiTogetherAreNamedBoth) {
  for (const std::string rules : {"dim:7 start:/7/7/7/3K3/7/7/7/ starti:/7/7/7/3K3/7/7/7/",
                                  "dim:7 starti:/7/7/7/3K3/7/7/7/ start:/7/7/7/3K3/7/7/7/"}) {
    const std::string error = errorOf([&] { parseOtnRules(rules); });
    EXPECT_NE(error.find("both give the start position (give one of them)"), std::string::npos) << error;
    EXPECT_EQ(error.find("given twice"), std::string::npos) << error;
  }
  EXPECT_NE(errorOf([] { parseOtnRules("dim:7 start:/7/ start:/7/"); }).find("key 'start' given twice"), std::string::npos);
}

TEST(OpenTaflMoves, ReadsOtnMoveRecords) {
  EXPECT_EQ(moveOfOtn("e4-e7"), "e4-e7");
  EXPECT_EQ(moveOfOtn("e4-e7xf7"), "e4-e7");  // captures are left to the position record
  EXPECT_EQ(moveOfOtn("e5-e8xe9/f8+"), "e5-e8");
  EXPECT_EQ(moveOfOtn("Ke5-e1-"), "e5-e1");
  EXPECT_EQ(moveOfOtn("Ke1-a1--"), "e1-a1");
  EXPECT_EQ(moveOfOtn("k5-k11"), "k5-k11");  // a file k, not a piece symbol
  EXPECT_EQ(moveOfOtn("a3-e3++"), "a3-e3");
  const std::vector<std::string> list{"d1-d2", "d2-b2"};
  EXPECT_EQ(movesOfOtnList("d1-d2|d2-b2xb3"), list);
  EXPECT_TRUE(movesOfOtnList("").empty());
  for (const char* bad : {"ce6^e8", "Ne8=e4xe3", "---", "e4", "e4e7", "e0-e7", "x4-e7", "e4-e7?", "-"}) {
    EXPECT_FALSE(errorOf([&] { moveOfOtn(bad); }).empty()) << bad;
  }
}

TEST(OpenTaflMoves, RoundTripsThroughOurNotation) {
  auto game = gameOfOtn(kBrandub);
  auto state = game->newGame();
  for (int ply = 0; ply < 60 && !state->outcome().over; ++ply) {
    std::vector<Action> legal;
    state->legalActions(legal);
    const Action action = legal[(ply * 7) % legal.size()];
    const std::string otn = otnOfMove(state->actionName(action));
    EXPECT_EQ(otn.find_first_of("x+"), std::string::npos) << otn;
    EXPECT_EQ(moveOfOtn(otn), otn);
    auto replayed = state->clone();
    replayed->playTurn(moveOfOtn(state->actionName(action)));  // our full notation read as OTN
    state->apply(action);
    EXPECT_EQ(replayed->record(), state->record());
    EXPECT_EQ(game->fromRecord(state->record(), game->sideName(state->toMove()))->record(), state->record());
  }
}

TEST(OtepClock, BudgetsAShareOfTheTimeLeft) {
  const OtepClock clock = parseClock({"59592", "60000", "2", "3", "3"});
  EXPECT_EQ(clock.ms[0], 59592);
  EXPECT_EQ(clock.overtimeMs, 2000);
  EXPECT_EQ(moveBudgetMs(clock, 0), 59592 / 25 - 50);
  const OtepClock overtime = parseClock({"1500*", "60000", "2", "1", "3"});
  EXPECT_TRUE(overtime.inOvertime[0]);
  EXPECT_EQ(moveBudgetMs(overtime, 0), 750 - 50);
  const OtepClock low = parseClock({"100", "60000", "0", "0", "0"});
  EXPECT_GE(moveBudgetMs(low, 0), 1);
  EXPECT_LE(moveBudgetMs(low, 0), 50);  // never more than half of what is left
  EXPECT_LE(moveBudgetMs(parseClock({"999999999999", "0", "0", "0", "0"}), 0), 3600 * 1000);
  // An unsure search may run on to three times the plan in main time, never in overtime.
  EXPECT_EQ(moveTime(clock, 0).plannedMs, double(59592 / 25 - 50));
  EXPECT_EQ(moveTime(clock, 0).limitMs, double(3 * (59592 / 25 - 50)));
  EXPECT_EQ(moveTime(overtime, 0).limitMs, moveTime(overtime, 0).plannedMs);
  EXPECT_TRUE(moveTime(clock, 0).banked) << "what a move leaves stays on the clock: a decided search stops early";
  EXPECT_LE(moveTime(low, 0).limitMs, 50);
  for (const auto& bad : std::vector<std::vector<std::string>>{{"1", "2"}, {"x", "1", "2", "3", "4"}, {"1", "2", "-3", "0", "0"}}) {
    EXPECT_FALSE(errorOf([&] { parseClock(bad); }).empty());
  }
}

}  // namespace
}  // namespace tz::test
