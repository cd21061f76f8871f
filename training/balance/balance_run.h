#pragma once
// `taflzero balance`: plays a study's games into STUDY_DIR/records.sqlite (one tag per
// variant and strength), in looks of `batch` games until the precision-based stopping rule
// stops each cell; resumable after a kill at any moment (stored rounds are kept, each
// round's players seeded from (seed, round)).
#include <string>

#include "training/balance/balance_results.h"

namespace tz {

/// Where a study keeps its files.
struct StudyPaths {
  std::string dir;      // the study folder
  std::string records;  // records.sqlite: every game, and the study's description (meta)
  std::string config;   // study.yaml: the study file as last run
  /// The paths of a study in `dir`.
  static StudyPaths of(const std::string& dir);
};

/// Runs (or resumes) the study of `studyPath` in `dir`: trains agents when the mode asks
/// for it, then plays until every cell stops. `progress` prints a line per look on stderr.
/// Throws Error on a bad study, when `dir` holds a study of another base variant, or when
/// it holds games of a cell played under other settings (rules, agent, diversity or seed).
BalanceResults runBalance(const std::string& studyPath, const std::string& dir, bool progress);

}  // namespace tz
