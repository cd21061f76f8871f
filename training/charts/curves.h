#pragma once
// Training curves from a run's metrics.jsonl, drawn as SVG pictures: losses, ratings of
// the checkpoints, scores by side against the baselines, and self-play results.
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace tz {

/// The JSON objects of a metrics file, one per line; a torn last line is skipped.
std::vector<nlohmann::json> readMetrics(const std::string& path);

/// One training curve: its file name (e.g. "loss.svg") and SVG text.
struct Curve {
  std::string file;  // file name in the run directory
  std::string svg;   // the picture
};

/// The curves of a run's metrics (only those with data).
std::vector<Curve> trainingCurves(const std::vector<nlohmann::json>& metrics);

/// Writes the curves of `metricsPath` into `dir`.
void writeCurves(const std::string& metricsPath, const std::string& dir);

}  // namespace tz
