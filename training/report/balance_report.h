#pragma once
// `taflzero report`: one self-contained HTML page (inline SVG, CSS and script) for a balance
// study folder or a training run folder.
#include <string>

namespace tz {

/// The report of a study folder: balance table with intervals, plots, tests with adjusted
/// p-values, lengths, end reasons, training curves (trained agents) and sample games; with
/// `beside` (another study's folder, or empty) its verdicts beside that study's.
std::string studyReportHtml(const std::string& dir, const std::string& beside = "");

/// The report of a training run folder: results by side per tag, self-play lengths and end
/// reasons, training curves from metrics.jsonl, and sample games.
std::string runReportHtml(const std::string& dir);

/// Writes the report of `dir` (a study folder, else a training run folder) to `out`
/// (default DIR/report.html, rewritten each time), a study's beside the study in `beside`
/// when not empty, and returns its path; throws Error when `dir` is neither, or when a file
/// already stands at an `out` given and `force` is false.
std::string writeReport(const std::string& dir, const std::string& out, const std::string& beside = "",
                        bool force = false);

}  // namespace tz
