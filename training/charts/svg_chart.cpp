#include "training/charts/svg_chart.h"

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

// The data range of a chart: x over the points (or the categories), y over points and error
// bars (bars reach down to 0), padded by 5% unless the chart fixes it.
struct Range {
  double x0 = std::numeric_limits<double>::max(), x1 = -std::numeric_limits<double>::max();
  double y0 = std::numeric_limits<double>::max(), y1 = -std::numeric_limits<double>::max();

  explicit Range(const Chart& chart) {
    const bool categorical = !chart.categories.empty();
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
  }
};

// One chart drawn into an SVG document: the frame, the axes, the series and the legend.
class Plot {
 public:
  Plot(const Chart& chart, int width, int height) : chart_(chart), range_(chart), width_(width), height_(height) {
    size_t longestLabel = 0;
    for (const auto& s : chart.series) longestLabel = std::max(longestLabel, s.label.size());
    const double legend = chart.series.size() > 1 ? std::max(140.0, 30 + 7.0 * double(longestLabel)) : 0;
    right_ = 16 + legend;
    plotW_ = width - kLeft - right_;
    plotH_ = height - kTop - kBottom;
  }

  std::string render() {
    o_ << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width_ << "\" height=\"" << height_
       << "\" viewBox=\"0 0 " << width_ << " " << height_ << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
    o_ << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    o_ << "<text x=\"" << width_ / 2 << "\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">" << escape(chart_.title)
       << "</text>\n";
    axes();
    const size_t bars = std::count_if(chart_.series.begin(), chart_.series.end(),
                                      [](const Series& s) { return s.style == Series::kBars; });
    size_t barIndex = 0, legendRow = 0;
    for (size_t k = 0; k < chart_.series.size(); ++k) {
      const Series& s = chart_.series[k];
      const char* color = kColors[(s.colorIndex >= 0 ? size_t(s.colorIndex) : k) % 8];
      series(s, color, bars, barIndex);
      if (s.style == Series::kBars) ++barIndex;
      if (chart_.series.size() > 1 && !s.label.empty()) legendEntry(s.label, color, legendRow++);
    }
    o_ << "</svg>\n";
    return o_.str();
  }

 private:
  static constexpr double kLeft = 64, kTop = 32, kBottom = 48;

  double px(double x) const { return kLeft + (x - range_.x0) / (range_.x1 - range_.x0) * plotW_; }
  double py(double y) const { return kTop + (1 - (y - range_.y0) / (range_.y1 - range_.y0)) * plotH_; }
  bool categorical() const { return !chart_.categories.empty(); }

  // Grid, tick labels, frame, reference lines and axis titles.
  void axes() {
    for (double t : ticks(range_.y0, range_.y1)) {
      o_ << "<line x1=\"" << kLeft << "\" x2=\"" << kLeft + plotW_ << "\" y1=\"" << py(t) << "\" y2=\"" << py(t)
         << "\" stroke=\"#e5e5e5\"/>\n";
      o_ << "<text x=\"" << kLeft - 6 << "\" y=\"" << py(t) + 4 << "\" text-anchor=\"end\">" << num(t) << "</text>\n";
    }
    if (categorical()) {
      for (size_t i = 0; i < chart_.categories.size(); ++i) {
        o_ << "<text x=\"" << px(double(i)) << "\" y=\"" << kTop + plotH_ + 16 << "\" text-anchor=\"middle\">"
           << escape(chart_.categories[i]) << "</text>\n";
      }
    } else {
      for (double t : ticks(range_.x0, range_.x1)) {
        o_ << "<text x=\"" << px(t) << "\" y=\"" << kTop + plotH_ + 16 << "\" text-anchor=\"middle\">" << num(t)
           << "</text>\n";
      }
    }
    o_ << "<rect x=\"" << kLeft << "\" y=\"" << kTop << "\" width=\"" << plotW_ << "\" height=\"" << plotH_
       << "\" fill=\"none\" stroke=\"#333\"/>\n";
    for (double ref : chart_.referenceY) {
      if (ref < range_.y0 || ref > range_.y1) continue;
      o_ << "<line x1=\"" << kLeft << "\" x2=\"" << kLeft + plotW_ << "\" y1=\"" << py(ref) << "\" y2=\"" << py(ref)
         << "\" stroke=\"#777\" stroke-dasharray=\"4 3\"/>\n";
    }
    o_ << "<text x=\"" << kLeft + plotW_ / 2 << "\" y=\"" << height_ - 10 << "\" text-anchor=\"middle\">"
       << escape(chart_.xLabel) << "</text>\n";
    o_ << "<text transform=\"translate(16," << kTop + plotH_ / 2 << ") rotate(-90)\" text-anchor=\"middle\">"
       << escape(chart_.yLabel) << "</text>\n";
  }

  // One series: bars, points or a line, with its error bars.
  void series(const Series& s, const char* color, size_t bars, size_t barIndex) {
    const double barW = categorical() ? plotW_ / chart_.categories.size() * 0.8 / std::max<size_t>(bars, 1) : 6;
    const double shift = s.style == Series::kBars ? (double(barIndex) - (bars - 1) / 2.0) * barW : 0;
    std::ostringstream path;
    for (size_t i = 0; i < s.y.size(); ++i) {
      if (!std::isfinite(s.y[i])) continue;
      const double x = px(categorical() ? double(i) : s.x[i]) + shift;
      const double y = py(s.y[i]);
      if (s.style == Series::kBars) {
        o_ << "<rect x=\"" << x - barW / 2 << "\" y=\"" << std::min(y, py(0)) << "\" width=\"" << barW
           << "\" height=\"" << std::abs(py(0) - y) << "\" fill=\"" << color << "\" opacity=\"0.8\"/>\n";
      } else if (s.style == Series::kPoints) {
        o_ << "<circle cx=\"" << x << "\" cy=\"" << y << "\" r=\"4\" fill=\"" << color << "\"/>\n";
      }
      path << (path.tellp() > 0 ? " L" : "M") << x << " " << y;
      if (!s.lo.empty()) errorBar(x, s.lo[i], s.hi[i], color);
    }
    if (s.style == Series::kLine && path.tellp() > 0) {
      o_ << "<path d=\"" << path.str() << "\" fill=\"none\" stroke=\"" << color << "\" stroke-width=\"2\"/>\n";
    }
  }

  void errorBar(double x, double lo, double hi, const char* color) {
    o_ << "<line x1=\"" << x << "\" x2=\"" << x << "\" y1=\"" << py(lo) << "\" y2=\"" << py(hi) << "\" stroke=\""
       << color << "\" stroke-width=\"1.5\"/>\n";
    for (double e : {lo, hi}) {
      o_ << "<line x1=\"" << x - 4 << "\" x2=\"" << x + 4 << "\" y1=\"" << py(e) << "\" y2=\"" << py(e) << "\" stroke=\""
         << color << "\"/>\n";
    }
  }

  void legendEntry(const std::string& label, const char* color, size_t row) {
    const double ly = kTop + 14 + 18 * double(row);
    o_ << "<rect x=\"" << width_ - right_ + 8 << "\" y=\"" << ly - 9 << "\" width=\"12\" height=\"12\" fill=\"" << color
       << "\"/>\n";
    o_ << "<text x=\"" << width_ - right_ + 26 << "\" y=\"" << ly + 1 << "\">" << escape(label) << "</text>\n";
  }

  const Chart& chart_;
  const Range range_;
  const int width_, height_;
  double right_ = 0, plotW_ = 0, plotH_ = 0;
  std::ostringstream o_;
};

}  // namespace

std::string renderSvg(const Chart& chart, int width, int height) { return Plot(chart, width, height).render(); }

}  // namespace tz
