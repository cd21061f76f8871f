#include "training/report/balance_beside.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>

#include "game/base/error.h"
#include "training/balance/balance_run.h"
#include "training/report/balance_html.h"

namespace tz {

namespace {

// A score interval's standard error (its half-width over 1.96).
double standardError(const Estimate& e) { return (e.high - e.low) / (2 * 1.959964); }

std::string verdictOf(const BalanceResults& r, const CellResult& c) {
  return c.stats.games ? verdictName(c.balance.verdict, r.sideNames[0], r.sideNames[1]) : "no games";
}

nlohmann::json sideJson(const BalanceResults& r, const CellResult& c) {
  const Estimate& s = c.balance.score;
  return {{"games", c.stats.games}, {"score", s.value}, {"low", s.low}, {"high", s.high}, {"verdict", verdictOf(r, c)}};
}

std::string scoreText(const Estimate& e) { return fixed(e.value) + " [" + fixed(e.low) + ", " + fixed(e.high) + "]"; }

}  // namespace

BalanceResults studyResultsIn(const std::string& dir) {
  const StudyPaths paths = StudyPaths::of(dir);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(paths.records, ec)) {
    throw Error(dir + " holds no balance study (no " + paths.records + ")");
  }
  const RecordStore store(paths.records);
  const auto meta = store.meta(kStudyMetaKey);
  if (!meta) throw Error(paths.records + " holds no balance study");
  return balanceResults(studyFromJson(nlohmann::json::parse(*meta)), store);
}

std::vector<BesideCell> besideCells(const BalanceResults& ours, const BalanceResults& theirs) {
  std::vector<BesideCell> out;
  for (const CellResult& c : ours.cells) {
    BesideCell b;
    b.variant = ours.study.variants[size_t(c.variant)].id;
    b.strength = ours.study.strengths[size_t(c.strength)].name;
    b.ours = &c;
    for (const CellResult& t : theirs.cells) {
      if (theirs.study.variants[size_t(t.variant)].id == b.variant && theirs.study.strengths[size_t(t.strength)].name == b.strength) {
        b.theirs = &t;
      }
    }
    if (!b.theirs || !c.stats.games || !b.theirs->stats.games) continue;
    const Estimate& a = c.balance.score;
    const Estimate& t = b.theirs->balance.score;
    const double d = a.value - t.value, se = std::hypot(standardError(a), standardError(t));
    b.difference = {d, d - 1.959964 * se, d + 1.959964 * se};
    b.sameVerdict = c.balance.verdict == b.theirs->balance.verdict;
    out.push_back(b);
  }
  return out;
}

nlohmann::json besideJson(const BalanceResults& ours, const BalanceResults& theirs, const std::string& theirDir) {
  nlohmann::json cells = nlohmann::json::array();
  for (const BesideCell& b : besideCells(ours, theirs)) {
    cells.push_back({{"variant", b.variant}, {"strength", b.strength}, {"ours", sideJson(ours, *b.ours)},
                     {"theirs", sideJson(theirs, *b.theirs)},
                     {"difference", {{"value", b.difference.value}, {"low", b.difference.low}, {"high", b.difference.high}}},
                     {"same_verdict", b.sameVerdict}});
  }
  return {{"beside", theirDir}, {"mode", modeName(theirs.study.mode)}, {"cells", cells}};
}

void besideSection(HtmlPage& page, const BalanceResults& ours, const BalanceResults& theirs, const std::string& theirDir) {
  const std::string us = modeName(ours.study.mode), them = modeName(theirs.study.mode);
  page.section("Beside another study");
  page.paragraph("The cells this study (agents: mode <b>" + escapeHtml(us) + "</b>) shares with <code>" +
                 escapeHtml(theirDir) + "</code> (mode <b>" + escapeHtml(them) + "</b>), matched by variant id and "
                 "strength name: each study's " + escapeHtml(ours.sideNames[0]) + " score (draws as half) with its 95% "
                 "interval and verdict, and the difference of the scores (ours minus theirs, 95% normal interval).");
  std::vector<std::vector<std::string>> rows;
  for (const BesideCell& b : besideCells(ours, theirs)) {
    rows.push_back({escapeHtml(b.variant), escapeHtml(b.strength),
                    scoreText(b.ours->balance.score) + " n=" + std::to_string(b.ours->stats.games),
                    "<b>" + escapeHtml(verdictOf(ours, *b.ours)) + "</b>",
                    scoreText(b.theirs->balance.score) + " n=" + std::to_string(b.theirs->stats.games),
                    "<b>" + escapeHtml(verdictOf(theirs, *b.theirs)) + "</b>", scoreText(b.difference),
                    b.sameVerdict ? "yes" : "no"});
  }
  if (rows.empty()) return page.paragraph("The two studies share no cell with games.");
  page.table({"variant", "strength", us + " score", us + " verdict", them + " score", them + " verdict",
              "difference", "same verdict"},
             rows, "beside");
}

}  // namespace tz
