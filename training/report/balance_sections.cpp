#include "training/report/balance_sections.h"

#include <filesystem>
#include <set>

#include "training/report/balance_viewer.h"
#include "training/charts/curves.h"

namespace tz {

std::string rateCell(int count, const Estimate& e, int games) {
  if (games == 0) return "-";
  return "<span title=\"" + std::to_string(count) + " of " + std::to_string(games) + "\">" + fixed(e.value) + " [" +
         fixed(e.low) + ", " + fixed(e.high) + "]</span>";
}

void resultsTable(HtmlPage& page, const StatsGroups& groups, const std::string sideNames[2],
                  const std::vector<std::string>& extraHeaders, const std::vector<std::vector<std::string>>& extra) {
  std::vector<std::string> headers = {"group", "games", sideNames[0] + " win [95% CI]", sideNames[1] + " win [95% CI]",
                                      "draw [95% CI]"};
  headers.insert(headers.end(), extraHeaders.begin(), extraHeaders.end());
  std::vector<std::vector<std::string>> rows;
  for (size_t g = 0; g < groups.stats.size(); ++g) {
    const CellStats& s = *groups.stats[g];
    std::vector<std::string> row = {escapeHtml(groups.labels[g]), std::to_string(s.games),
                                    rateCell(s.wins[0], s.winRate[0], s.games), rateCell(s.wins[1], s.winRate[1], s.games),
                                    rateCell(s.draws, s.drawRate, s.games)};
    if (g < extra.size()) row.insert(row.end(), extra[g].begin(), extra[g].end());
    rows.push_back(std::move(row));
  }
  page.table(headers, rows, "balance");
}

void lengthsTable(HtmlPage& page, const StatsGroups& groups) {
  std::vector<std::vector<std::string>> rows;
  for (size_t g = 0; g < groups.stats.size(); ++g) {
    const auto& p = groups.stats[g]->plies;
    if (p.empty()) continue;
    rows.push_back({escapeHtml(groups.labels[g]), std::to_string(p.size()), fixed(mean(p), 1), fixed(quantile(p, 0.1), 1),
                    fixed(quantile(p, 0.5), 1), fixed(quantile(p, 0.9), 1), std::to_string(p.front()),
                    std::to_string(p.back())});
  }
  page.table({"group", "games", "mean", "10%", "median", "90%", "min", "max"}, rows, "lengths");
}

void reasonsTable(HtmlPage& page, const StatsGroups& groups) {
  std::set<std::string> reasons;
  for (const CellStats* c : groups.stats)
    for (const auto& [reason, n] : c->reasons) reasons.insert(reason);
  std::vector<std::string> headers = {"group", "games"};
  headers.insert(headers.end(), reasons.begin(), reasons.end());
  std::vector<std::vector<std::string>> rows;
  for (size_t g = 0; g < groups.stats.size(); ++g) {
    const CellStats& c = *groups.stats[g];
    std::vector<std::string> row = {escapeHtml(groups.labels[g]), std::to_string(c.games)};
    for (const std::string& reason : reasons) {
      const auto it = c.reasons.find(reason);
      row.push_back(std::to_string(it == c.reasons.end() ? 0 : it->second));
    }
    rows.push_back(std::move(row));
  }
  page.table(headers, rows, "reasons");
}

void trainingCurvesSection(HtmlPage& page, const std::string& metricsPath, const std::string& title) {
  if (!std::filesystem::exists(metricsPath)) return;
  const auto curves = trainingCurves(readMetrics(metricsPath));
  if (curves.empty()) return;
  page.subsection(title);
  std::vector<std::pair<std::string, std::string>> figures;
  for (const Curve& c : curves) figures.emplace_back(c.svg, c.file);
  page.figures(figures);
}

void sampleGamesSection(HtmlPage& page, const std::vector<nlohmann::json>& games, const std::string& how) {
  page.section("Sample games");
  if (games.empty()) {
    page.paragraph("No stored game replays on this variant.");
    return;
  }
  page.paragraph(escapeHtml(how) +
                 " Choose a game, then step with the buttons, the slider, the arrow keys or a click on a move. "
                 "The last move is framed in blue, captured pieces are circled in red.");
  page.raw(gameViewerHtml(games));
}

}  // namespace tz
