#pragma once
// The study report's opening: its answer in plain words, written from the results (the
// verdicts at the top of the ladder, each rule's pooled effect and whether it changes with
// strength, and whether the scores have stopped moving), each claim with its interval.
#include "training/balance/balance_results.h"
#include "training/report/balance_html.h"

namespace tz {

/// The "Answer" section: which variants are shown fair, which side each other one favours,
/// what each rule does, and how far the answer is known to hold as players get stronger.
void answerSection(HtmlPage& page, const BalanceResults& results);

}  // namespace tz
