#include "training/report/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

namespace tz {

namespace {

const char* kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"};

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}

std::string num(double v) {
  if (std::abs(v) < 1e-9) v = 0;  // no "-0" tick labels
  std::ostringstream o;
  o << std::setprecision(4) << v;
  return o.str();
}

// Round tick positions covering [lo, hi].
std::vector<double> ticks(double lo, double hi) {
  const double span = hi - lo;
  const double raw = span / 5;
  const double mag = std::pow(10, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * mag;
    if (step >= raw) break;
  }
  std::vector<double> out;
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push_back(t);
  return out;
}

}  // namespace

std::string renderSvg(const Chart& chart, int width, int height) {
  size_t longestLabel = 0;
  for (const auto& s : chart.series) longestLabel = std::max(longestLabel, s.label.size());
  const double legend = chart.series.size() > 1 ? std::max(140.0, 30 + 7.0 * double(longestLabel)) : 0;
  const double left = 64, right = 16 + legend, top = 32, bottom = 48;
  const double plotW = width - left - right, plotH = height - top - bottom;
  const bool categorical = !chart.categories.empty();

  double x0 = std::numeric_limits<double>::max(), x1 = -x0, y0 = x0, y1 = -x0;
  for (const auto& s : chart.series) {
    for (size_t i = 0; i < s.y.size(); ++i) {
      const double x = categorical ? double(i) : s.x[i];
      if (!std::isfinite(s.y[i])) continue;
      x0 = std::min(x0, x);
      x1 = std::max(x1, x);
      y0 = std::min({y0, s.y[i], s.lo.empty() ? s.y[i] : s.lo[i]});
      y1 = std::max({y1, s.y[i], s.hi.empty() ? s.y[i] : s.hi[i]});
      if (s.style == Series::kBars) y0 = std::min(y0, 0.0);
    }
  }
  if (categorical) {
    x0 = -0.5;
    x1 = double(chart.categories.size()) - 0.5;
  }
  if (chart.fixedY) {
    y0 = chart.yMin;
    y1 = chart.yMax;
  }
  if (!(x1 > x0)) {
    x0 -= 1;
    x1 += 1;
  }
  if (!(y1 > y0)) {
    y0 -= 1;
    y1 += 1;
  }
  if (!chart.fixedY) {
    const double pad = (y1 - y0) * 0.05;
    y0 -= pad;
    y1 += pad;
  }
  auto px = [&](double x) { return left + (x - x0) / (x1 - x0) * plotW; };
  auto py = [&](double y) { return top + (1 - (y - y0) / (y1 - y0)) * plotH; };

  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
    << "\" viewBox=\"0 0 " << width << " " << height << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  o << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  o << "<text x=\"" << width / 2 << "\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">" << escape(chart.title)
    << "</text>\n";
  // Axes, grid and ticks.
  for (double t : ticks(y0, y1)) {
    o << "<line x1=\"" << left << "\" x2=\"" << left + plotW << "\" y1=\"" << py(t) << "\" y2=\"" << py(t)
      << "\" stroke=\"#e5e5e5\"/>\n";
    o << "<text x=\"" << left - 6 << "\" y=\"" << py(t) + 4 << "\" text-anchor=\"end\">" << num(t) << "</text>\n";
  }
  if (categorical) {
    for (size_t i = 0; i < chart.categories.size(); ++i) {
      o << "<text x=\"" << px(double(i)) << "\" y=\"" << top + plotH + 16 << "\" text-anchor=\"middle\">"
        << escape(chart.categories[i]) << "</text>\n";
    }
  } else {
    for (double t : ticks(x0, x1)) {
      o << "<text x=\"" << px(t) << "\" y=\"" << top + plotH + 16 << "\" text-anchor=\"middle\">" << num(t)
        << "</text>\n";
    }
  }
  o << "<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << plotW << "\" height=\"" << plotH
    << "\" fill=\"none\" stroke=\"#333\"/>\n";
  for (double ref : chart.referenceY) {
    if (ref < y0 || ref > y1) continue;
    o << "<line x1=\"" << left << "\" x2=\"" << left + plotW << "\" y1=\"" << py(ref) << "\" y2=\"" << py(ref)
      << "\" stroke=\"#777\" stroke-dasharray=\"4 3\"/>\n";
  }
  o << "<text x=\"" << left + plotW / 2 << "\" y=\"" << height - 10 << "\" text-anchor=\"middle\">"
    << escape(chart.xLabel) << "</text>\n";
  o << "<text transform=\"translate(16," << top + plotH / 2 << ") rotate(-90)\" text-anchor=\"middle\">"
    << escape(chart.yLabel) << "</text>\n";

  // Series.
  const size_t bars = std::count_if(chart.series.begin(), chart.series.end(),
                                    [](const Series& s) { return s.style == Series::kBars; });
  size_t barIndex = 0, legendRow = 0;
  for (size_t k = 0; k < chart.series.size(); ++k) {
    const Series& s = chart.series[k];
    const char* color = kColors[(s.colorIndex >= 0 ? size_t(s.colorIndex) : k) % 8];
    const double barW = categorical ? plotW / chart.categories.size() * 0.8 / std::max<size_t>(bars, 1) : 6;
    const double shift = s.style == Series::kBars ? (double(barIndex) - (bars - 1) / 2.0) * barW : 0;
    std::ostringstream path;
    for (size_t i = 0; i < s.y.size(); ++i) {
      if (!std::isfinite(s.y[i])) continue;
      const double x = px(categorical ? double(i) : s.x[i]) + shift;
      const double y = py(s.y[i]);
      if (s.style == Series::kBars) {
        o << "<rect x=\"" << x - barW / 2 << "\" y=\"" << std::min(y, py(0)) << "\" width=\"" << barW
          << "\" height=\"" << std::abs(py(0) - y) << "\" fill=\"" << color << "\" opacity=\"0.8\"/>\n";
      } else if (s.style == Series::kPoints) {
        o << "<circle cx=\"" << x << "\" cy=\"" << y << "\" r=\"4\" fill=\"" << color << "\"/>\n";
      }
      path << (path.tellp() > 0 ? " L" : "M") << x << " " << y;
      if (!s.lo.empty()) {
        o << "<line x1=\"" << x << "\" x2=\"" << x << "\" y1=\"" << py(s.lo[i]) << "\" y2=\"" << py(s.hi[i])
          << "\" stroke=\"" << color << "\" stroke-width=\"1.5\"/>\n";
        for (double e : {s.lo[i], s.hi[i]}) {
          o << "<line x1=\"" << x - 4 << "\" x2=\"" << x + 4 << "\" y1=\"" << py(e) << "\" y2=\"" << py(e)
            << "\" stroke=\"" << color << "\"/>\n";
        }
      }
    }
    if (s.style == Series::kLine && path.tellp() > 0) {
      o << "<path d=\"" << path.str() << "\" fill=\"none\" stroke=\"" << color << "\" stroke-width=\"2\"/>\n";
    }
    if (s.style == Series::kBars) ++barIndex;
    if (chart.series.size() > 1 && !s.label.empty()) {
      const double ly = top + 14 + 18 * double(legendRow++);
      o << "<rect x=\"" << width - right + 8 << "\" y=\"" << ly - 9 << "\" width=\"12\" height=\"12\" fill=\""
        << color << "\"/>\n";
      o << "<text x=\"" << width - right + 26 << "\" y=\"" << ly + 1 << "\">" << escape(s.label) << "</text>\n";
    }
  }
  o << "</svg>\n";
  return o.str();
}

}  // namespace tz
