// A tiny study end to end (baseline, trained and rule-conditioned agents) and its HTML report: the table,
// the plots, the tests and replayable sample games are in the page, nothing is loaded from
// outside, and the page renders in a real browser (headless chromium, when installed).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "game/base/error.h"
#include "nets/checkpoint.h"
#include "tests/training/balance/balance_test_helpers.h"
#include "tests/cli/cli_runner.h"
#include "tests/support/error_of.h"
#include "training/report/balance_beside.h"
#include "training/report/balance_report.h"
#include "training/balance/balance_run.h"
#include "training/run/training_run.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The sample games embedded in a report.
nlohmann::json embeddedGames(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"tz-games\">";
  const size_t from = html.find(open);
  if (from == std::string::npos) return nlohmann::json();
  const size_t start = from + open.size();
  return nlohmann::json::parse(html.substr(start, html.find("</script>", start) - start));
}

// The tiny baseline study played into a fresh folder (one per test: CTest runs them at once).
std::string tinyStudy(const std::string& name) {
  const std::string dir = freshDir(name);
  runBalance(studyConfig("tiny.yaml"), dir, false);
  return dir;
}

TEST(BalanceReport, TinyStudyStopsEveryCellAndReportsIt) {
  const std::string dir = tinyStudy("balance_tiny");
  const BalanceResults r = runBalance(studyConfig("tiny.yaml"), dir, false);  // resumed: nothing to play
  ASSERT_EQ(r.cells.size(), 4u);
  for (const CellResult& c : r.cells) {
    EXPECT_NE(c.progress.stop, StopReason::kContinue) << c.tag;
    EXPECT_GE(c.stats.games, 6) << c.tag;
    EXPECT_LE(c.stats.games, 12) << c.tag;
    EXPECT_EQ(c.stats.games, c.progress.target) << c.tag;
    EXPECT_EQ(c.stats.games % 3, 0) << c.tag << ": looks every 3 games";
  }
  EXPECT_EQ(r.comparisons.size(), 4u);  // variants at 2 strengths, strengths of 2 variants

  const std::string html = readFile(writeReport(dir, ""));
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  // The balance table with its intervals, one row per variant and strength.
  EXPECT_NE(html.find("<table class=\"balance\">"), std::string::npos);
  EXPECT_NE(html.find("attackers win [95% CI]"), std::string::npos);
  EXPECT_NE(html.find("A-first @ greedy"), std::string::npos);
  EXPECT_NE(html.find("D-first @ ab1"), std::string::npos);
  // Plots: results per strength (2), balance against strength, lengths (2), end reasons (2).
  EXPECT_GE(count(html, "<svg xmlns"), 7u);
  EXPECT_NE(html.find("against agent strength"), std::string::npos);
  // Tests with adjusted p-values, and the stopping rule explained.
  EXPECT_NE(html.find("<table class=\"omnibus\">"), std::string::npos);
  EXPECT_EQ(count(html, "<table class=\"pairwise\">"), 4u);
  EXPECT_NE(html.find("p (Holm)"), std::string::npos);
  EXPECT_NE(html.find("<b>Stopping rule.</b>"), std::string::npos);
  // The page opens with the answer in words: the verdicts with the strongest agent, what
  // each rule does (or why the pooled model could not say), whether stronger players could
  // change it; then the answer at the top of the ladder (two strengths: convergence not measured).
  EXPECT_EQ(html.find("<h2 id=\"s0\">Answer</h2>"), html.find("<h2"));
  EXPECT_NE(html.find("With the strongest agent (" + r.study.strengths[size_t(r.topStrength())].name), std::string::npos);
  EXPECT_NE(html.find("Rule by rule"), std::string::npos);
  EXPECT_NE(html.find("Whether stronger players would change this"), std::string::npos);
  EXPECT_LT(html.find("<h2 id=\"s0\">Answer</h2>"), html.find("At the top of the ladder</h2>"));
  EXPECT_LT(html.find("At the top of the ladder"), html.find("<table class=\"verdicts\">"));
  EXPECT_NE(html.find("not measured (needs three rated strengths)"), std::string::npos);
  // The pooled model: fitted over the tiny study's cells, or saying why not.
  EXPECT_NE(html.find("Pooled model"), std::string::npos);
  EXPECT_TRUE(r.pooled.fitted ? html.find("<table class=\"pooled\">") != std::string::npos
                              : html.find("Not fitted: " + r.pooled.reason) != std::string::npos);
  EXPECT_NE(html.find("such a cell plays on"), std::string::npos);
  EXPECT_NE(html.find("spends the error of each kind of verdict"), std::string::npos);
  // Self-contained: no scripts, styles or images from elsewhere.
  EXPECT_EQ(html.find(" src="), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("href=\"http"), std::string::npos);
  // Sample games: a position before the first and after every move.
  const nlohmann::json games = embeddedGames(html);
  ASSERT_TRUE(games.is_array());
  ASSERT_GE(games.size(), 4u);
  for (const auto& g : games) {
    EXPECT_EQ(g["records"].size(), g["moves"].size() + 1);
    EXPECT_EQ(g["drawing"]["points"].size(), 49u);  // brandubh: 7 x 7 squares
    EXPECT_EQ(g["positions"].size(), g["records"].size());
    EXPECT_EQ(g["positions"][0]["pieces"].size(), 13u);  // 8 attackers, 4 defenders, the king
    EXPECT_EQ(g["records"][0], "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
  }
}

TEST(BalanceReport, VerdictsAndTheEloAxis) {
  const std::string dir = tinyStudy("balance_verdicts");
  const BalanceResults r = runBalance(studyConfig("tiny.yaml"), dir, false);
  // Every cell's verdict comes from its own counts, draws as half a point, and the study
  // verdict is the cell's where Holm keeps it.
  for (const CellResult& c : r.cells) {
    const BalanceTest expected = cellBalance(c.stats.counts(), c.stats.repeated, r.study.stopping);
    EXPECT_EQ(c.balance.verdict, expected.verdict) << c.tag;
    EXPECT_TRUE(c.study.verdict == c.balance.verdict || c.study.verdict == Verdict::kUndecided) << c.tag;
    EXPECT_DOUBLE_EQ(c.balance.score.value, (c.stats.wins[0] + 0.5 * c.stats.draws) / c.stats.games) << c.tag;
  }
  // The Elo games: greedy against ab1 on the first variant, 6 games, colours alternating.
  ASSERT_EQ(r.elo.ratings.size(), 2u);
  ASSERT_EQ(r.elo.pairs.size(), 1u);
  EXPECT_EQ(r.elo.pairs[0].wins + r.elo.pairs[0].draws + r.elo.pairs[0].losses, 6);
  EXPECT_DOUBLE_EQ(r.elo.ratings[0].elo, 0.0);
  EXPECT_TRUE(r.elo.rated());
  EXPECT_EQ(r.trends.size(), 2u);
  const nlohmann::json j = resultsToJson(r);
  EXPECT_EQ(j["elo"]["ratings"].size(), 2u);
  EXPECT_TRUE(j["cells"][0]["balance"].contains("verdict"));
  EXPECT_TRUE(j["cells"][0]["balance"].contains("study_verdict"));
  EXPECT_TRUE(j["cells"][0].contains("repeated_games"));

  const std::string html = readFile(writeReport(dir, ""));
  EXPECT_NE(html.find("<table class=\"verdicts\">"), std::string::npos);
  EXPECT_NE(html.find("<table class=\"verdict-tests\">"), std::string::npos);
  EXPECT_NE(html.find("minimum-effect p"), std::string::npos);
  EXPECT_NE(html.find("study verdict"), std::string::npos);
  EXPECT_NE(html.find("Strength in Elo"), std::string::npos);
  EXPECT_NE(html.find("<table class=\"elo\">"), std::string::npos);
  EXPECT_NE(html.find("score against agent Elo"), std::string::npos);

  // Ratings by colour: the Elo games split by who played side 0 (read from the stored rows'
  // players), then each strength against itself on the reference variant.
  ASSERT_EQ(r.elo.byColour.size(), 4u);
  int greedyFirst = 0, greedyFirstWins = 0;
  for (const GameRecord& g : RecordStore(StudyPaths::of(dir).records).gamesByTag("elo|A-first|greedy|ab1")) {
    if (g.players[0].find("greedy") == std::string::npos) continue;
    ++greedyFirst;
    greedyFirstWins += g.winner == 0;
  }
  EXPECT_EQ(greedyFirst, 3);
  const ColourResult& first = r.elo.byColour[0];
  EXPECT_EQ(first.side0, 0);
  EXPECT_EQ(first.side1, 1);
  EXPECT_EQ(first.wins + first.draws + first.losses, greedyFirst);
  EXPECT_EQ(first.wins, greedyFirstWins);
  EXPECT_EQ(r.elo.byColour[1].side0, 1);
  EXPECT_EQ(r.elo.byColour[1].wins + r.elo.byColour[1].draws + r.elo.byColour[1].losses, 6 - greedyFirst);
  EXPECT_EQ(r.elo.byColour[2].side0, 0);
  EXPECT_EQ(r.elo.byColour[2].side1, 0);
  EXPECT_DOUBLE_EQ(r.elo.byColour[2].wins, r.cell(0, 0).stats.effective().wins);
  ASSERT_EQ(r.elo.colours.players.size(), 2u);
  EXPECT_DOUBLE_EQ(r.elo.colours.players[0].side[0].elo, 0.0);
  EXPECT_TRUE(r.elo.colours.players[1].rated());
  EXPECT_TRUE(std::isfinite(r.elo.colours.anchorScore.value));
  const nlohmann::json colours = j["elo"]["colour_ratings"];
  EXPECT_EQ(colours["anchor"], "greedy");
  ASSERT_EQ(colours["strengths"].size(), 2u);
  EXPECT_EQ(colours["strengths"][1]["strength"], "ab1");
  EXPECT_TRUE(colours["strengths"][1]["attackers"]["elo"].is_number());
  EXPECT_TRUE(colours["strengths"][1]["defenders"]["stderr"].is_number());
  EXPECT_TRUE(colours["anchor_attackers_score"]["low"].is_number());
  EXPECT_NE(html.find("Ratings by colour"), std::string::npos);
  EXPECT_NE(html.find("<table class=\"colours\">"), std::string::npos);
  EXPECT_NE(html.find("Measured on variant <code>A-first</code> only"), std::string::npos);
}

TEST(BalanceReport, ASeparatedStudyIsFittedWithFirthsPenaltyAndBoundedExactly) {
  // The tiny study without Elo games, its games then all made side-0 wins: without a penalty
  // the pooled model of the strongest agent's two cells ran off to infinity and was not
  // fitted. With Firth's it is, and each cell, with no defenders' non-loss, reports its exact
  // bound. The study still finishes.
  std::string text = readFile(studyConfig("tiny.yaml"));
  text.erase(text.find("elo: {games: 6}"), 15);
  const std::string study = writeFile(freshDir("balance_separated_file") + "/study.yaml", text);
  const std::string dir = freshDir("balance_separated");
  runBalance(study, dir, false);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir + "/records.sqlite").c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "UPDATE games SET winner = 0", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  const BalanceResults r = runBalance(study, dir, false);
  for (const CellResult& c : r.cells) {
    EXPECT_DOUBLE_EQ(c.balance.score.value, 1.0) << c.tag;
    EXPECT_TRUE(c.exact.applies) << c.tag;
    EXPECT_EQ(c.exact.side, 1) << c.tag;
    EXPECT_EQ(c.exact.nonLosses, 0) << c.tag;
  }
  ASSERT_TRUE(r.pooled.fitted) << r.pooled.reason;
  for (const Estimate& e : r.pooled.topScores) EXPECT_GT(e.value, 0.8);
  const nlohmann::json j = resultsToJson(r);
  EXPECT_EQ(j["pooled"]["fitted"], true);
  EXPECT_EQ(j["cells"][0]["exact_bound"]["side"], "defenders");
  EXPECT_FALSE(j.contains("elo"));
  const std::string html = readFile(writeReport(dir, ""));
  EXPECT_NE(html.find("<table class=\"pooled\">"), std::string::npos);
  EXPECT_NE(html.find("Not rated: this study has no Elo games"), std::string::npos);
  const CliResult out = runCli("balance " + study + " --out " + dir + " --quiet --accept-unreachable", false);
  EXPECT_EQ(out.code, 0) << out.out;
  EXPECT_NE(out.out.find("near-separated: A-first @ greedy: 0 defenders non-losses"), std::string::npos) << out.out;
  EXPECT_NE(out.out.find("ratings by colour: not rated"), std::string::npos) << out.out;
}

TEST(BalanceReport, RepeatedGamesAreCountedAndWarnedAbout) {
  const std::string dir = tinyStudy("balance_repeats");
  // Make every game of one cell the same game, as players without diversity would play.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir + "/records.sqlite").c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db,
                         "UPDATE games SET moves = 'd1-d2', start_position = 'same' WHERE tag = 'balance|A-first|greedy'",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  const BalanceResults r = runBalance(studyConfig("tiny.yaml"), dir, false);
  const CellResult& c = r.cell(0, 0);
  ASSERT_EQ(c.tag, "balance|A-first|greedy");
  EXPECT_EQ(c.stats.repeated, c.stats.games - 1);
  EXPECT_EQ(r.cell(1, 0).stats.repeated, 0);
  // The command names the cell and how to widen the diversity.
  const CliResult out = runCli("balance " + studyConfig("tiny.yaml") + " --out " + dir + " --quiet --accept-unreachable", false);
  EXPECT_EQ(out.code, 0) << out.out;
  EXPECT_NE(out.out.find("warning: " + std::to_string(c.stats.repeated) + " of the " + std::to_string(c.stats.games) +
                         " games of balance|A-first|greedy repeat an earlier game"),
            std::string::npos)
      << out.out;
  EXPECT_EQ(out.out.find("games of balance|D-first|greedy repeat"), std::string::npos) << out.out;
}

TEST(BalanceReport, RendersInAHeadlessBrowser) {
  if (std::system("command -v chromium > /dev/null 2>&1") != 0) {
    std::printf("chromium is not installed (apt-get install -y chromium): the browser check is skipped\n");
    GTEST_SKIP() << "chromium not installed";
  }
  const std::string dir = tinyStudy("balance_browser");
  const std::string report = writeReport(dir, "");
  const std::string png = dir + "/report.png", dom = dir + "/report.dom.html";
  const std::string script = std::string(TAFLZERO_SOURCE_DIR) + "/scripts/screenshot_report.sh";
  ASSERT_EQ(std::system((script + " " + report + " " + png + " " + dom + " > /dev/null 2>&1").c_str()), 0);
  // A 1200 x 2000 PNG with real content (a blank page compresses to a few kilobytes).
  const std::string bytes = readFile(png);
  ASSERT_GT(bytes.size(), 30000u);
  EXPECT_EQ(bytes.substr(1, 3), "PNG");
  auto be32 = [&](size_t at) {
    return (uint32_t(uint8_t(bytes[at])) << 24) | (uint32_t(uint8_t(bytes[at + 1])) << 16) |
           (uint32_t(uint8_t(bytes[at + 2])) << 8) | uint32_t(uint8_t(bytes[at + 3]));
  };
  EXPECT_EQ(be32(16), 1200u);
  EXPECT_EQ(be32(20), 2000u);
  // The inline script ran: the board is drawn and the game chooser filled.
  const std::string after = readFile(dom);
  const size_t board = after.find("id=\"tz-board\"><svg");
  EXPECT_NE(board, std::string::npos) << "the viewer drew no board";
  EXPECT_GE(count(after, "<option value="), 4u);
  EXPECT_NE(after.find("ply 0 / "), std::string::npos);
}

TEST(BalanceReport, TrainedAgentsPerVariantAndTheRunReport) {
  const std::string dir = freshDir("balance_trained");
  const BalanceResults r = runBalance(studyConfig("trained.yaml"), dir, false);
  ASSERT_EQ(r.cells.size(), 4u);
  for (const CellResult& c : r.cells) EXPECT_EQ(c.stats.games, 4) << c.tag;
  for (const char* variant : {"attackers", "defenders"}) {
    const std::string run = dir + "/train/" + variant;
    EXPECT_TRUE(fs::exists(run + "/trained")) << run;
    EXPECT_EQ(readCheckpointInfo(run + "/checkpoints/step-00000010.ckpt").step, 10);
    // The variant's rule override reached the training run.
    EXPECT_NE(readFile(dir + "/train/" + variant + ".yaml").find(std::string("first=") + variant), std::string::npos);
  }
  // The two strengths used different checkpoints (step 0 and the latest).
  RecordStore store(StudyPaths::of(dir).records);
  const auto early = store.meta("balance_settings|balance|attackers|step0");
  const auto late = store.meta("balance_settings|balance|attackers|latest");
  ASSERT_TRUE(early && late);
  EXPECT_NE(early->find("step-00000000.ckpt"), std::string::npos);
  EXPECT_NE(late->find("step-00000010.ckpt"), std::string::npos);
  EXPECT_NE(late->find("\"mix\":0.5"), std::string::npos) << *late;
  // The mixed strength's searches mixed playouts into the network's values; the other did not.
  const std::string mixed = "+rollouts(mix 0.5)";
  EXPECT_NE(store.gamesByTag("balance|attackers|latest").at(0).players[0].find(mixed), std::string::npos);
  EXPECT_EQ(store.gamesByTag("balance|attackers|step0").at(0).players[0].find(mixed), std::string::npos);

  const std::string html = readFile(writeReport(dir, dir + "/study.html"));
  EXPECT_NE(html.find("Training of attackers"), std::string::npos);
  EXPECT_NE(html.find("network MCTS, 4 simulations"), std::string::npos);
  EXPECT_NE(html.find("4 simulations a move, leaf values 0.5 network and 0.5 playout"), std::string::npos);
  // A training run folder gets its own report: results by side, curves, sample games.
  const std::string runHtml = readFile(writeReport(dir + "/train/defenders", ""));
  EXPECT_NE(runHtml.find("Training run: defenders"), std::string::npos);
  EXPECT_NE(runHtml.find("<table class=\"balance\">"), std::string::npos);
  EXPECT_NE(runHtml.find(">selfplay<"), std::string::npos);
  EXPECT_NE(runHtml.find("Training loss"), std::string::npos);
  EXPECT_FALSE(embeddedGames(runHtml).empty());
  // Neither a study nor a run: a one-line error.
  EXPECT_THROW(writeReport(freshDir("balance_nothing"), ""), Error);
}

// A folder that holds no study is refused as one, and nothing is made in it (`balance --beside`
// reads it before playing a game).
TEST(BalanceReport, AFolderWithoutAStudyIsRefusedBesideAndLeftUntouched) {
  const std::string dir = freshDir("balance_beside_empty");
  EXPECT_NE(errorOf([&] { studyResultsIn(dir); }).find(dir + " holds no balance study"), std::string::npos);
  EXPECT_TRUE(fs::is_empty(dir));
  EXPECT_NE(errorOf([&] { studyResultsIn(dir + "/nowhere"); }).find("holds no balance study"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir + "/nowhere"));
}

TEST(BalanceReport, OneRuleConditionedAgentPlaysEveryVariantBesideTrainedOnes) {
  const std::string dir = freshDir("balance_conditioned");
  const BalanceResults r = runBalance(studyConfig("conditioned.yaml"), dir, false);
  ASSERT_EQ(r.cells.size(), 4u);
  for (const CellResult& c : r.cells) EXPECT_EQ(c.stats.games, 4) << c.tag;
  // One agent trained on both variants, under their ids; no agent per variant.
  EXPECT_TRUE(fs::exists(dir + "/train/conditioned/trained"));
  EXPECT_FALSE(fs::exists(dir + "/train/attackers"));
  const std::string config = readFile(dir + "/train/conditioned.yaml");
  EXPECT_NE(config.find("first=defenders"), std::string::npos) << config;
  EXPECT_EQ(config.find("variant: brandubh\nset"), std::string::npos) << config;
  // Both variants' cells play the same checkpoint, whose network is conditioned on both.
  RecordStore store(StudyPaths::of(dir).records);
  const auto attackers = store.meta("balance_settings|balance|attackers|latest");
  const auto defenders = store.meta("balance_settings|balance|defenders|latest");
  ASSERT_TRUE(attackers && defenders);
  const std::string checkpoint = dir + "/train/conditioned/checkpoints/step-00000010.ckpt";
  EXPECT_NE(attackers->find(checkpoint), std::string::npos) << *attackers;
  EXPECT_NE(defenders->find(checkpoint), std::string::npos) << *defenders;
  EXPECT_NE(readCheckpointInfo(checkpoint).model.encodingJson.find("rule_conditioning"), std::string::npos);
  // Beside the same study with an agent per variant: every cell, its two verdicts and their difference.
  const std::string trainedDir = freshDir("balance_conditioned_trained");
  const BalanceResults trained = runBalance(studyConfig("trained.yaml"), trainedDir, false);
  const auto cells = besideCells(r, trained);
  ASSERT_EQ(cells.size(), 4u);
  for (const BesideCell& b : cells) {
    EXPECT_EQ(r.study.variants[size_t(b.ours->variant)].id, b.variant);
    EXPECT_EQ(trained.study.variants[size_t(b.theirs->variant)].id, b.variant);
    EXPECT_EQ(trained.study.strengths[size_t(b.theirs->strength)].name, b.strength);
    EXPECT_DOUBLE_EQ(b.difference.value, b.ours->balance.score.value - b.theirs->balance.score.value);
    EXPECT_LT(b.difference.low, b.difference.value);
    EXPECT_EQ(b.sameVerdict, b.ours->balance.verdict == b.theirs->balance.verdict);
  }
  EXPECT_EQ(besideJson(r, trained, trainedDir)["cells"].size(), 4u);
  const std::string html = readFile(writeReport(dir, dir + "/study.html", trainedDir));
  EXPECT_NE(html.find("Training of the rule-conditioned agent"), std::string::npos);
  EXPECT_NE(html.find("Beside another study"), std::string::npos);
  EXPECT_NE(html.find("trained verdict"), std::string::npos);
  EXPECT_THROW(writeReport(dir + "/train/conditioned", "", trainedDir), Error);  // a run folder has nothing to put beside
}

}  // namespace
}  // namespace tz::test
