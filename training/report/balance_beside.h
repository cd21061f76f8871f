#pragma once
// Two studies of the same variants side by side: the verdicts of one study's agents beside
// another's at each (variant, strength) both have, such as one rule-conditioned agent
// (mode conditioned) beside an agent trained per variant (mode trained).
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "training/balance/balance_results.h"

namespace tz {

class HtmlPage;

/// One (variant, strength) cell that both studies played.
struct BesideCell {
  std::string variant;    // the variant id both studies use
  std::string strength;   // the strength name both studies use
  const CellResult* ours = nullptr;    // this study's cell
  const CellResult* theirs = nullptr;  // the other study's cell
  Estimate difference;    // our side-0 score minus theirs, 95% normal interval from both intervals
  bool sameVerdict = false;  // both studies reach the same verdict
};

/// The results of the study in folder `dir`; throws Error when it holds none.
BalanceResults studyResultsIn(const std::string& dir);

/// The cells both studies played (matched by variant id and strength name, ours' order).
std::vector<BesideCell> besideCells(const BalanceResults& ours, const BalanceResults& theirs);

/// The cells as JSON: {"beside": DIR, "mode": THEIR_MODE, "cells": [{variant, strength,
/// ours, theirs: {games, score, low, high, verdict}, difference, same_verdict}]}.
nlohmann::json besideJson(const BalanceResults& ours, const BalanceResults& theirs, const std::string& theirDir);

/// The "Beside another study" section: each shared cell's two scores, verdicts and difference.
void besideSection(HtmlPage& page, const BalanceResults& ours, const BalanceResults& theirs, const std::string& theirDir);

}  // namespace tz
