#include "training/charts/curves.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>

#include "game/base/user_files.h"
#include "training/charts/svg_chart.h"

namespace tz {

std::vector<nlohmann::json> readMetrics(const std::string& path) {
  std::vector<nlohmann::json> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    try {
      out.push_back(nlohmann::json::parse(line));
    } catch (const nlohmann::json::exception&) {
      // A run killed while writing leaves at most one torn line: skip it.
    }
  }
  return out;
}

namespace {

// Policy and value loss per training step.
void lossCurve(const std::vector<nlohmann::json>& metrics, std::vector<Curve>& out) {
  Chart loss{"Training loss", "step", "loss", {}, {}, false, 0, 1, {}};
  Series policy{"policy", {}, {}, {}, {}, Series::kLine}, value{"value", {}, {}, {}, {}, Series::kLine};
  for (const auto& m : metrics) {
    if (m.value("kind", "") != "train") continue;
    policy.x.push_back(m["step"].get<double>());
    policy.y.push_back(m["policy_loss"].get<double>());
    value.x.push_back(m["step"].get<double>());
    value.y.push_back(m["value_loss"].get<double>());
  }
  if (!policy.y.empty()) {
    loss.series = {policy, value};
    out.push_back({"loss.svg", renderSvg(loss)});
  }
}

// The checkpoints' ratings: the newest fit holds every checkpoint.
void ratingsCurve(const std::vector<nlohmann::json>& metrics, std::vector<Curve>& out) {
  const nlohmann::json* latest = nullptr;
  for (const auto& m : metrics)
    if (m.value("kind", "") == "ratings") latest = &m;
  if (latest) {
    Chart elo{"Checkpoint ratings (anchor: " + (*latest)["anchor"].get<std::string>() + ")", "training step", "Elo",
              {}, {}, false, 0, 1, {0.0}};
    Series s{"checkpoints", {}, {}, {}, {}, Series::kPoints};
    for (const auto& r : (*latest)["ratings"]) {
      const std::string id = r["id"];
      if (id.rfind("step-", 0) != 0) continue;
      const double step = std::stod(id.substr(5)), e = r["elo"], se = r["stderr"];
      s.x.push_back(step);
      s.y.push_back(e);
      s.lo.push_back(e - 1.96 * se);
      s.hi.push_back(e + 1.96 * se);
    }
    elo.series = {s};
    if (!s.y.empty()) out.push_back({"ratings.svg", renderSvg(elo)});
  }
}

// Scores by side against each baseline, per step.
void baselineCurves(const std::vector<nlohmann::json>& metrics, std::vector<Curve>& out) {
  std::map<std::string, std::vector<const nlohmann::json*>> byOpponent;
  for (const auto& m : metrics)
    if (m.value("kind", "") == "eval" && m["b"].get<std::string>().rfind("step-", 0) != 0) byOpponent[m["b"]].push_back(&m);
  for (const auto& [opponent, rows] : byOpponent) {
    Chart sides{"Score against " + opponent + " by side", "training step", "score", {}, {}, true, 0, 1, {0.5}};
    const auto& sideNames = (*rows.front())["sides"];
    Series s0{"as " + sideNames[0].get<std::string>(), {}, {}, {}, {}, Series::kLine};
    Series s1{"as " + sideNames[1].get<std::string>(), {}, {}, {}, {}, Series::kLine};
    Series all{"overall (95% CI)", {}, {}, {}, {}, Series::kPoints};
    for (const auto* r : rows) {
      const double step = (*r)["step"];
      s0.x.push_back(step);
      s0.y.push_back((*r)["score_by_side"][0]);
      s1.x.push_back(step);
      s1.y.push_back((*r)["score_by_side"][1]);
      all.x.push_back(step);
      all.y.push_back((*r)["score"]);
      all.lo.push_back((*r)["low"]);
      all.hi.push_back((*r)["high"]);
    }
    sides.series = {s0, s1, all};
    std::string file = "vs-" + opponent + ".svg";
    for (char& c : file)
      if (c == ':' || c == '/' || c == '=' || c == ',') c = '_';
    out.push_back({file, renderSvg(sides)});
  }
}

// Self-play results over time.
void selfplayCurve(const std::vector<nlohmann::json>& metrics, std::vector<Curve>& out) {
  Chart sp{"Self-play results", "self-play games", "share of games", {}, {}, true, 0, 1, {}};
  Series w0{"side 0 wins", {}, {}, {}, {}, Series::kLine}, w1{"side 1 wins", {}, {}, {}, {}, Series::kLine},
      dr{"draws", {}, {}, {}, {}, Series::kLine};
  for (const auto& m : metrics) {
    if (m.value("kind", "") != "selfplay" || m["chunk_games"].get<int>() == 0) continue;
    const double n = m["chunk_games"];
    w0.x.push_back(m["games"]);
    w0.y.push_back(m["wins"][0].get<double>() / n);
    w1.x.push_back(m["games"]);
    w1.y.push_back(m["wins"][1].get<double>() / n);
    dr.x.push_back(m["games"]);
    dr.y.push_back(m["draws"].get<double>() / n);
  }
  if (!w0.y.empty()) {
    sp.series = {w0, w1, dr};
    out.push_back({"selfplay.svg", renderSvg(sp)});
  }
}

}  // namespace

std::vector<Curve> trainingCurves(const std::vector<nlohmann::json>& metrics) {
  std::vector<Curve> out;
  lossCurve(metrics, out);
  ratingsCurve(metrics, out);
  baselineCurves(metrics, out);
  selfplayCurve(metrics, out);
  return out;
}

void writeCurves(const std::string& metricsPath, const std::string& dir) {
  for (const auto& c : trainingCurves(readMetrics(metricsPath))) {
    writeFileAtomically((std::filesystem::path(dir) / c.file).string(), c.svg, "training curve");
  }
}

}  // namespace tz
