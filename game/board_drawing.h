#pragma once
// Building blocks of the board drawings families give the report's game viewer
// (GameExpertise::boardDrawing): a labelled grid in drawing units and SVG shapes.
#include <string>

#include "game/expertise.h"

namespace tz {

/// A board of `files` x `ranks` grid steps of one drawing unit each, with a margin on the
/// left and at the bottom for the labels.
class GridDrawing {
 public:
  /// A grid of `files` columns (a, b, ...) and `ranks` rows (1 at the bottom).
  GridDrawing(int files, int ranks) : files_(files), ranks_(ranks) {}
  /// Centre of column `file` (0 = a) from the drawing's left edge.
  double x(int file) const { return kMargin + file + 0.5; }
  /// Centre of row `rank` (0 = rank 1) from the drawing's top edge.
  double y(int rank) const { return ranks_ - rank - 0.5; }
  /// A drawing of the grid's size whose background holds only the file and rank labels.
  BoardDrawing labelled() const;

 private:
  static constexpr double kMargin = 0.6;  // room for the labels
  int files_;
  int ranks_;
};

/// An SVG rectangle with its top left corner at (x, y); no outline when `stroke` is empty.
std::string svgRect(double x, double y, double width, double height, const std::string& fill,
                    const std::string& stroke = "");
/// An SVG line of `width` drawing units.
std::string svgLine(double x1, double y1, double x2, double y2, const std::string& colour, double width);
/// A filled SVG circle.
std::string svgCircle(double cx, double cy, double r, const std::string& fill);

}  // namespace tz
