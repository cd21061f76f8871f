#pragma once
// Report sections shared by the study report and the training-run report: result tables
// with intervals, game lengths, end reasons, training curves and sample games.
#include <string>
#include <vector>

#include "training/report/balance_charts.h"
#include "training/report/balance_html.h"
#include "training/matches/records.h"

namespace tz {

/// A rate cell: "0.452 [0.310, 0.601]" with the count in a tooltip; "-" without games.
std::string rateCell(int count, const Estimate& e, int games);

/// Table of games, both sides' win rates and the draw rate with 95% Wilson intervals per group;
/// `extraHeaders`/`extra` add columns (one row of extra cells per group).
void resultsTable(HtmlPage& page, const StatsGroups& groups, const std::string sideNames[2],
                  const std::vector<std::string>& extraHeaders = {},
                  const std::vector<std::vector<std::string>>& extra = {});

/// Table of game-length summaries (mean, 10%, median, 90%, min, max) per group.
void lengthsTable(HtmlPage& page, const StatsGroups& groups);

/// Table of games per end reason per group.
void reasonsTable(HtmlPage& page, const StatsGroups& groups);

/// The training curves of a run's metrics.jsonl under a subsection titled `title`; adds
/// nothing when the file has no data.
void trainingCurvesSection(HtmlPage& page, const std::string& metricsPath, const std::string& title);

/// The "Sample games" section: `games` (viewer JSON) in the step-through board viewer.
void sampleGamesSection(HtmlPage& page, const std::vector<nlohmann::json>& games, const std::string& how);

}  // namespace tz
