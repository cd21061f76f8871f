#include "training/report/balance_report.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "game/base/error.h"
#include "game/registry.h"
#include "game/base/user_files.h"
#include "training/balance/balance_agents.h"
#include "training/balance/balance_run.h"
#include "training/report/balance_answer.h"
#include "training/report/balance_beside.h"
#include "training/report/balance_colours.h"
#include "training/report/balance_plan.h"
#include "training/report/balance_sections.h"
#include "training/report/balance_verdicts.h"
#include "training/report/balance_viewer.h"
#include "training/run/training_run.h"

namespace tz {

namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxSampleGames = 36;

// The variants' cells at one strength as chart/table groups.
StatsGroups variantsAt(const BalanceResults& r, int strength) {
  StatsGroups g;
  for (size_t v = 0; v < r.study.variants.size(); ++v) {
    g.labels.push_back(r.study.variants[v].id);
    g.stats.push_back(&r.cell(int(v), strength).stats);
  }
  return g;
}

// Every cell, labelled "variant @ strength".
StatsGroups allCells(const BalanceResults& r) {
  StatsGroups g;
  for (const CellResult& c : r.cells) {
    g.labels.push_back(r.study.variants[size_t(c.variant)].id + " @ " + r.study.strengths[size_t(c.strength)].name);
    g.stats.push_back(&c.stats);
  }
  return g;
}

std::string agentText(const StudyConfig& s, const StudyStrength& st) {
  if (s.mode == AgentMode::kBaseline) return "<code>" + escapeHtml(st.agent.text()) + "</code> on both sides";
  char mix[64] = "";
  if (st.agent.net.mix > 0) {
    std::snprintf(mix, sizeof(mix), ", leaf values %g network and %g playout", 1 - st.agent.net.mix, st.agent.net.mix);
  }
  std::string others;
  for (const auto& [name, value] : st.agent.options()) {
    if (name != "sims" && name != "mix") others += (others.empty() ? "" : ",") + name + "=" + value;
  }
  if (!others.empty()) others = ", <code>" + escapeHtml(others) + "</code>";
  const std::string checkpoint = st.fraction > 0 ? "at " + fixed(100 * st.fraction, 0) + "% of the latest step"
                                 : st.checkpoint < 0 ? std::string("latest")
                                                     : "of step " + std::to_string(st.checkpoint);
  return "network MCTS, " + std::to_string(st.agent.search.simulations) + " simulations a move" + mix + others +
         ", checkpoint " + checkpoint;
}

void studySection(HtmlPage& page, const BalanceResults& r) {
  const StudyConfig& s = r.study;
  page.section("Study");
  if (!s.description.empty()) page.paragraph(escapeHtml(s.description));
  std::string factors;
  for (const auto& name : s.factors) factors += (factors.empty() ? "" : " &times; ") + escapeHtml(name);
  const std::string base = s.base.empty() ? "Rule sets from presets" : "Base variant <code>" + escapeHtml(s.base) + "</code>";
  page.paragraph(base + "; " + std::to_string(s.variants.size()) +
                 " variants (factors " + factors + ", crossed). Agents: mode <b>" + modeName(s.mode) +
                 "</b>, the same agent playing both sides.");
  std::vector<std::vector<std::string>> rows;
  for (const auto& v : s.variants) {
    std::string levels, sets;
    for (const auto& l : v.levels) levels += (levels.empty() ? "" : ", ") + l;
    for (const auto& x : v.sets) sets += (sets.empty() ? "" : " ") + ("<code>" + escapeHtml(x) + "</code>");
    rows.push_back({escapeHtml(v.id), "<code>" + escapeHtml(v.base) + "</code>", escapeHtml(levels), sets});
  }
  page.table({"variant", "preset", "levels", "rule overrides"}, rows, "variants");
  rows.clear();
  for (const auto& st : s.strengths) rows.push_back({escapeHtml(st.name), agentText(s, st)});
  page.table({"strength", "agent"}, rows, "strengths");

  std::string diversity = "Each game's players are seeded from (seed " + std::to_string(s.diversity.seed) +
                          ", round): the same study replays the same games. ";
  if (s.diversity.randomPlies > 0) {
    diversity += "The first " + std::to_string(s.diversity.randomPlies) +
                 " plies of every game are uniformly random legal moves drawn from the game's seed. ";
  }
  if (s.mode == AgentMode::kBaseline) {
    diversity += "Baseline players use their seed as well (alpha-beta shuffles equally scored root moves; MCTS draws its rollouts).";
  } else if (s.diversity.temperaturePlies > 0) {
    diversity += "For the first " + std::to_string(s.diversity.temperaturePlies) +
                 " plies the network agents choose moves with probability proportional to visits^(1/" +
                 fixed(s.diversity.temperature, 2) + "); later moves take the most visited.";
  } else {
    diversity += "The network agents take the most visited move (no temperature).";
  }
  page.paragraph("<b>Source of diversity.</b> " + escapeHtml(diversity));
  page.paragraph("<b>Stopping rule.</b> Each variant at each strength plays at least " +
                 std::to_string(s.stopping.minGames) + " games, then looks every " + std::to_string(s.stopping.batch) +
                 " games, up to " + std::to_string(s.stopping.maxGames) + ". It stops once the 95% interval of the " +
                 escapeHtml(r.sideNames[0]) + " score (draws as half) has a half-width of at most " +
                 fixed(s.stopping.precision) + ", unless its verdict is still undecided but would be reached by " +
                 std::to_string(s.stopping.maxGames) + " games if the score stayed where it is: such a cell plays on." +
                 (s.stopping.onVerdict ? " It also stops at the first look where its verdict is settled." : "") +
                 " Every look reads its tests at a boundary that spends the error of each kind of verdict (" +
                 fixed(kVerdictAlpha, 2) + ") over the looks, so none of these stops inflates it; a cell stopped on "
                 "its verdict overstates its distance from 0.5 a little, as any early stop on a test does.");
}

void balanceSection(HtmlPage& page, const BalanceResults& r) {
  page.section("Balance");
  std::vector<std::vector<std::string>> extra;
  for (const CellResult& c : r.cells) {
    const std::string status = c.progress.stop == StopReason::kContinue
                                   ? "in progress (next look at " + std::to_string(c.progress.target) + ")"
                               : c.progress.stop == StopReason::kPrecision ? "stopped: precision reached"
                               : c.progress.stop == StopReason::kVerdict   ? "stopped: verdict settled"
                                                                           : "stopped: max games";
    extra.push_back({c.stats.games ? fixed(scoreHalfWidth(c.stats.counts(), c.stats.repeated)) : "-", status,
                     fixed(quantile(c.stats.plies, 0.5), 0)});
  }
  resultsTable(page, allCells(r), r.sideNames, {"score half-width", "status", "median plies"}, extra);
  std::vector<std::pair<std::string, std::string>> figures;
  for (size_t k = 0; k < r.study.strengths.size(); ++k) {
    const std::string& name = r.study.strengths[k].name;
    figures.emplace_back(resultChart("Results at strength " + name, variantsAt(r, int(k)), r.sideNames),
                         "Share of games won by each side and drawn, per variant, agent strength " + name +
                             "; bars end at the estimate, whiskers span the 95% Wilson interval.");
  }
  if (r.study.strengths.size() >= 2) {
    figures.emplace_back(strengthChart(r), "Balance as a function of agent strength: the " + r.sideNames[0] +
                                               " win rate of each variant at each strength.");
  }
  page.figures(figures);
}

void testsSection(HtmlPage& page, const BalanceResults& r) {
  page.section("Statistical tests");
  if (r.comparisons.empty()) {
    page.paragraph("One variant at one strength: nothing to compare.");
    return;
  }
  page.paragraph("Omnibus: Pearson's chi-squared test of independence on groups &times; {" + escapeHtml(r.sideNames[0]) +
                 " win, " + escapeHtml(r.sideNames[1]) +
                 " win, draw} (empty columns dropped); p-values Holm-adjusted over every omnibus test below. "
                 "Pairwise: the two-sided linear-by-linear test (scores 0, 1/2, 1) of equal " +
                 escapeHtml(r.sideNames[0]) + " scores in two groups; p-values Holm-adjusted over the pairs of that "
                 "comparison. Both count a repeated game once (effective games). "
                 "Highlighted rows: adjusted p &lt; 0.05.");
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> marks;
  for (const Comparison& c : r.comparisons) {
    rows.push_back({escapeHtml(c.title), fixed(c.test.chi.statistic, 2), std::to_string(c.test.chi.dof),
                    pValueText(c.test.chi.p), pValueText(c.chiAdjusted)});
    marks.push_back(c.chiAdjusted < 0.05 ? "sig" : "");
  }
  page.table({"comparison", "chi-squared", "dof", "p", "p (Holm)"}, rows, "omnibus", marks);
  for (const Comparison& c : r.comparisons) {
    page.subsection("Pairwise: " + c.title);
    auto score = [&](int group) {
      const Trinomial& g = c.groups[size_t(group)];
      return g.games() > 0 ? fixed((g.wins + 0.5 * g.draws) / g.games()) + " (" + fixed(g.games(), 0) + ")"
                           : std::string("-");
    };
    std::vector<std::vector<std::string>> pairs;
    marks.clear();
    for (const PairTest& t : c.test.pairs) {
      pairs.push_back({escapeHtml(c.labels[size_t(t.a)]), escapeHtml(c.labels[size_t(t.b)]), score(t.a), score(t.b),
                       pValueText(t.p), pValueText(t.adjusted)});
      marks.push_back(t.adjusted < 0.05 ? "sig" : "");
    }
    page.table({"a", "b", r.sideNames[0] + " score a (games)", r.sideNames[0] + " score b (games)", "p", "p (Holm)"}, pairs,
               "pairwise", marks);
  }
}

void lengthsAndReasons(HtmlPage& page, const BalanceResults& r) {
  page.section("Game lengths");
  lengthsTable(page, allCells(r));
  std::vector<std::pair<std::string, std::string>> figures;
  for (size_t k = 0; k < r.study.strengths.size(); ++k) {
    const std::string& name = r.study.strengths[k].name;
    figures.emplace_back(lengthChart("Game lengths at strength " + name, variantsAt(r, int(k))),
                         "Distribution of game lengths per variant, strength " + name + ".");
  }
  page.figures(figures);
  page.section("End reasons");
  reasonsTable(page, allCells(r));
  figures.clear();
  for (size_t k = 0; k < r.study.strengths.size(); ++k) {
    const std::string& name = r.study.strengths[k].name;
    figures.emplace_back(reasonChart("How games ended at strength " + name, variantsAt(r, int(k))),
                         "Share of games per end reason, per variant, strength " + name + ".");
  }
  page.figures(figures);
}

// The first game of each result in every cell, replayed for the viewer.
std::vector<nlohmann::json> studySamples(const BalanceResults& r, const RecordStore& store) {
  std::vector<nlohmann::json> out;
  for (size_t v = 0; v < r.study.variants.size(); ++v) {
    const auto game = loadGame(r.study.variants[v].base, r.study.variants[v].sets);
    for (size_t k = 0; k < r.study.strengths.size(); ++k) {
      const CellResult& c = r.cell(int(v), int(k));
      bool shown[3] = {false, false, false};
      for (const GameRecord& g : store.gamesByTag(c.tag)) {
        bool& seen = shown[g.winner < 0 ? 2 : g.winner];
        if (seen || out.size() >= kMaxSampleGames) continue;
        seen = true;
        const std::string title = r.study.variants[v].id + " @ " + r.study.strengths[k].name + ", round " +
                                  std::to_string(g.round);
        if (auto j = viewerGame(*game, g, title)) out.push_back(std::move(*j));
      }
    }
  }
  return out;
}

std::string nowText() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  return buf;
}

// The training curves of the agents a study trained itself (modes trained and conditioned).
void trainingSection(HtmlPage& page, const BalanceResults& r, const std::string& dir) {
  if (r.study.mode == AgentMode::kTrained) {
    page.section("Training");
    page.paragraph("Each variant's agent was trained within the study from <code>" + escapeHtml(r.study.experiment) +
                   "</code> with the variant's rule overrides, in <code>train/VARIANT/</code>.");
    for (const auto& v : r.study.variants) {
      trainingCurvesSection(page, RunPaths::of((fs::path(dir) / "train" / v.id).string()).metrics, "Training of " + v.id);
    }
  }
  if (r.study.mode == AgentMode::kConditioned) {
    page.section("Training");
    page.paragraph("One rule-conditioned agent was trained within the study on every variant at once (self-play games "
                   "alternating between them; the rules that differ are input planes) from <code>" +
                   escapeHtml(r.study.experiment) + "</code>, in <code>train/" + kConditionedAgentId + "/</code>.");
    trainingCurvesSection(page, RunPaths::of((fs::path(dir) / "train" / kConditionedAgentId).string()).metrics,
                          "Training of the rule-conditioned agent");
  }
}

}  // namespace

std::string studyReportHtml(const std::string& dir, const std::string& beside) {
  const RecordStore store(StudyPaths::of(dir).records);
  const BalanceResults r = studyResultsIn(dir);
  HtmlPage page("Balance study: " + fs::path(dir).filename().string());
  int games = 0;
  for (const auto& c : r.cells) games += c.stats.games;
  page.paragraph("Study folder <code>" + escapeHtml(dir) + "</code>, report made " + nowText() + ". Games: " +
                 std::to_string(games) + " in <code>records.sqlite</code> (tags <code>balance|VARIANT|STRENGTH</code>).");
  answerSection(page, r);
  planSection(page, r);
  studySection(page, r);
  verdictSection(page, r);
  if (!beside.empty()) besideSection(page, r, studyResultsIn(beside), beside);
  balanceSection(page, r);
  eloSection(page, r);
  colourSection(page, r);
  pooledSection(page, r);
  testsSection(page, r);
  lengthsAndReasons(page, r);
  trainingSection(page, r, dir);
  sampleGamesSection(page, studySamples(r, store),
                     "For every variant and strength, the first stored game of each result.");
  return page.render();
}

std::string writeReport(const std::string& dir, const std::string& out, const std::string& beside, bool force) {
  const std::string path = out.empty() ? (fs::path(dir) / "report.html").string() : out;
  checkOutputFile(path, "report", out.empty() || force);
  const bool study = fs::exists(StudyPaths::of(dir).records) && RecordStore(StudyPaths::of(dir).records).meta(kStudyMetaKey);
  std::string html;
  if (!study && !beside.empty()) throw Error("--beside compares two balance studies, but " + dir + " is not a study folder");
  if (study) html = studyReportHtml(dir, beside);
  else if (fs::exists(RunPaths::of(dir).config)) html = runReportHtml(dir);
  else throw Error(dir + " is neither a balance study folder (records.sqlite of `taflzero balance`) nor a training run folder (config.yaml of `taflzero train`)");
  writeFileAtomically(path, html, "report");
  return path;
}

}  // namespace tz
