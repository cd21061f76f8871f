#pragma once
// The report's answers to "is this rule set fair, and for players how strong?": the verdict
// of every variant at every strength, and the strengths on one Elo scale with balance's
// trend over it (table and plot).
#include "training/balance/balance_results.h"
#include "training/report/balance_html.h"

namespace tz {

/// The "Verdicts" section: a variants x strengths grid of verdicts, and per cell the score
/// with draws as half, the draw rate, the sign and equivalence tests and repeated games.
void verdictSection(HtmlPage& page, const BalanceResults& results);

/// The "Strength in Elo" section: ratings from the games between strengths, each variant's
/// trend (slope per 100 Elo, interval, the Elo ranges of each verdict) and the balance-vs-Elo
/// plot; a line saying how to get it when the study has no Elo games.
void eloSection(HtmlPage& page, const BalanceResults& results);

/// The "Pooled model" section: each rule's effect on side 0's score with its interval and
/// verdict against the margin, and each variant's predicted score at the top strength.
void pooledSection(HtmlPage& page, const BalanceResults& results);

/// How much stronger than the top a variant's trend says the next rung would need to be, in
/// words; distances beyond 3 times the ladder's Elo `span` are only called far.
std::string nextRungText(const NextBoundary& next, double span);

/// Side 0's score of each variant at each strength's Elo (95% intervals) with the fitted trends.
std::string balanceEloChart(const BalanceResults& results);

}  // namespace tz
