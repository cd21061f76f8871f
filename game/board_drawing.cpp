#include "game/board_drawing.h"

#include <sstream>

namespace tz {

namespace {

// A number as SVG writes it: at most three decimals, no trailing zeros.
std::string num(double v) {
  std::ostringstream out;
  out.precision(3);
  out << std::fixed << v;
  std::string s = out.str();
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

std::string svgLabel(double x, double y, const std::string& text) {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"0.34\" text-anchor=\"middle\" fill=\"#555\">" +
         text + "</text>";
}

}  // namespace

BoardDrawing GridDrawing::labelled() const {
  BoardDrawing d;
  d.width = kMargin + files_;
  d.height = ranks_ + kMargin;
  for (int f = 0; f < files_; ++f) d.background += svgLabel(x(f), ranks_ + 0.42, std::string(1, char('a' + f)));
  for (int r = 0; r < ranks_; ++r) d.background += svgLabel(kMargin / 2, y(r) + 0.12, std::to_string(r + 1));
  return d;
}

std::string svgRect(double x, double y, double width, double height, const std::string& fill, const std::string& stroke) {
  return "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(width) + "\" height=\"" + num(height) +
         "\" fill=\"" + fill + "\"" + (stroke.empty() ? "" : " stroke=\"" + stroke + "\" stroke-width=\"0.03\"") + "/>";
}

std::string svgLine(double x1, double y1, double x2, double y2, const std::string& colour, double width) {
  return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\" stroke=\"" +
         colour + "\" stroke-width=\"" + num(width) + "\"/>";
}

std::string svgCircle(double cx, double cy, double r, const std::string& fill) {
  return "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(r) + "\" fill=\"" + fill + "\"/>";
}

}  // namespace tz
