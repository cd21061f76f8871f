#include "training/report/balance_plan.h"

#include <algorithm>

#include "training/balance/study_plan.h"

namespace tz {

namespace {

// The study's share of drawn games (the plan's expected draw rate), kept where a favoured
// score of 0.5 + 2 x margin stays possible.
double studyDrawRate(const BalanceResults& r) {
  double games = 0, draws = 0;
  for (const CellResult& c : r.cells) {
    games += c.stats.games;
    draws += c.stats.draws;
  }
  const double limit = std::min(0.9, 2 * (0.5 - 2 * r.study.stopping.margin));
  return games > 0 ? std::clamp(draws / games, 0.0, limit) : 0;
}

// "0.12; needs 1,150" for one verdict.
std::string needCell(const VerdictNeed& n) {
  const std::string needs = n.gamesNeeded > 0 ? "needs " + std::to_string(n.gamesNeeded)
                                              : "not within " + std::to_string(n.searchLimit) + " games";
  return fixed(n.powerAtMax, 2) + "; " + needs + (n.reachable ? "" : " (<b>unreachable</b>)");
}

}  // namespace

void planSection(HtmlPage& page, const BalanceResults& r) {
  PlanSettings settings;
  settings.drawRate = studyDrawRate(r);
  const StudyPlan plan = planStudy(planFamilies(r.study), r.study.stopping.margin, settings);
  page.section("Plan");
  page.paragraph("What these games could find, from the study's own design: for each family of cells (those whose "
                 "verdicts are read together, Holm over the family), the chance a cell reaches each verdict where it "
                 "is true at the study's <code>max_games</code> (" + std::to_string(r.study.stopping.maxGames) +
                 "), and the <code>max_games</code> it would need for " + fixed(settings.power, 2) + " power: "
                 "balanced at a true " + escapeHtml(r.sideNames[0]) + " score of 0.5, favoured at 0.5 &plusmn; " +
                 fixed(2 * r.study.stopping.margin, 2) + ". Simulated through the real stopping rule (" +
                 std::to_string(settings.paths) + " cells a try) at the study's share of draws, " +
                 fixed(settings.drawRate, 2) + ". <b>" + escapeHtml(plan.summary()) + ".</b>");
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> marks;
  for (const FamilyPlan& f : plan.families) {
    rows.push_back({escapeHtml(f.family.name), std::to_string(f.family.cells.size()), needCell(f.balanced),
                    needCell(f.favoured)});
    marks.push_back(f.balanced.reachable ? "" : "sig");
  }
  page.table({"family", "cells", "balanced: power at max_games; max_games needed",
              "favoured: power at max_games; max_games needed"},
             rows, "plan", marks);
}

}  // namespace tz
