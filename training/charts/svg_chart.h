#pragma once
// Self-contained SVG charts (lines, points with error bars, bars) for training curves,
// balance plots and game-length histograms: no plotting library, embeddable in HTML.
#include <string>
#include <vector>

namespace tz {

/// One data series of a chart.
struct Series {
  std::string label;          // legend text
  std::vector<double> x, y;   // points (x ignored when the chart has categories)
  std::vector<double> lo, hi;  // optional error bar ends (same length as y, or empty)
  enum Style { kLine, kPoints, kBars } style = kLine;  // how the points are drawn
  int colorIndex = -1;        // palette colour; -1: the series' own index (an empty label: no legend entry)
};

/// A chart: axes, optional categorical x axis, and series.
struct Chart {
  std::string title;                    // drawn above the plot
  std::string xLabel, yLabel;           // axis titles
  std::vector<std::string> categories;  // if set, x is the category index 0..n-1
  std::vector<Series> series;           // drawn in order, coloured in turn
  bool fixedY = false;                  // use yMin..yMax instead of the data range
  double yMin = 0, yMax = 1;            // the fixed y range
  std::vector<double> referenceY;       // horizontal dashed lines (e.g. 0.5)
};

/// Renders the chart as an SVG document of the given size in pixels.
std::string renderSvg(const Chart& chart, int width = 640, int height = 360);

}  // namespace tz
