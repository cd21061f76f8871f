#pragma once
// The study report's first table: the study's plan (study_plan.h), what each family of cells
// needed for each verdict at 80% power and the study's draw rate, and whether its max_games
// could reach it, so that a reader sees at once what the games could and could not have found.
#include "training/balance/balance_results.h"
#include "training/report/balance_html.h"

namespace tz {

/// The "Plan" section: per family, each verdict's power at max_games and the games it needs,
/// and the study's reach in one line.
void planSection(HtmlPage& page, const BalanceResults& results);

}  // namespace tz
