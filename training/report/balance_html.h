#pragma once
// A self-contained HTML page (inline CSS, SVG and script; no external resources) built
// section by section, for the study and training-run reports.
#include <string>
#include <vector>

namespace tz {

/// Text with <, >, &, " and ' escaped for HTML.
std::string escapeHtml(const std::string& text);

/// A number with `digits` decimals ("0.452").
std::string fixed(double value, int digits = 3);

/// A p-value for tables: 3 significant digits, "< 1e-10" below that.
std::string pValueText(double p);

/// An HTML report page.
class HtmlPage {
 public:
  /// A page with this title (also its first heading).
  explicit HtmlPage(std::string title);
  /// A section heading (h2), listed in the page's contents.
  void section(const std::string& title);
  /// A sub-heading (h3).
  void subsection(const std::string& title);
  /// A paragraph of HTML (the caller escapes text).
  void paragraph(const std::string& html);
  /// A table: header cells as text, body cells as HTML; `cssClass` names it (e.g. "balance"),
  /// `rowClasses` (optional, one per row) marks rows (e.g. "sig").
  void table(const std::vector<std::string>& headers, const std::vector<std::vector<std::string>>& rows,
             const std::string& cssClass, const std::vector<std::string>& rowClasses = {});
  /// Inline SVG pictures side by side, each with a caption.
  void figures(const std::vector<std::pair<std::string, std::string>>& svgAndCaption);
  /// HTML added as is (e.g. the game viewer).
  void raw(const std::string& html);
  /// The whole document.
  std::string render() const;

 private:
  std::string title_;
  std::vector<std::string> sections_;
  std::string body_;
};

}  // namespace tz
