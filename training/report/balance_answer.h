#pragma once
// The study report's opening: its answer in plain words, written from the results (each
// rule's effect within the levels of the others and whether it changes with strength, the
// verdicts at the top of the ladder, and whether the scores have stopped moving), each claim
// with its interval.
#include "training/balance/balance_results.h"
#include "training/report/balance_html.h"

namespace tz {

/// The "Answer" section: what each rule does (within the levels of the others where they
/// change it), which variants are shown fair, which side each other one favours, and how far
/// the answer is known to hold as players get stronger.
void answerSection(HtmlPage& page, const BalanceResults& results);

}  // namespace tz
