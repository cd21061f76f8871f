#pragma once
// The report's "Ratings by colour" section: each strength's skill on each side, relative to
// the first strength's on that side, and the first strength's colour advantage.
#include "training/balance/balance_results.h"
#include "training/report/balance_html.h"

namespace tz {

/// The "Ratings by colour" section: a table of each strength's side-0 and side-1 Elo with 95%
/// intervals ("not rated" where no games connect it), the anchor's side-0 score against
/// itself, and how they were measured; a line saying how to get them without Elo games.
void colourSection(HtmlPage& page, const BalanceResults& results);

}  // namespace tz
