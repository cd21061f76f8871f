#include "training/report/balance_html.h"

#include <cstdio>

namespace tz {

namespace {

constexpr const char* kStyle = R"css(
body { font-family: system-ui, sans-serif; margin: 24px auto; max-width: 1200px; color: #222; padding: 0 16px; }
h1 { font-size: 26px; margin-bottom: 4px; }
h2 { font-size: 20px; border-bottom: 1px solid #ccc; padding-bottom: 4px; margin-top: 32px; }
h3 { font-size: 16px; margin-bottom: 6px; }
p { line-height: 1.45; }
nav a { margin-right: 14px; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: right; }
th { background: #f0f0f0; }
td.l, th.l { text-align: left; }
tr.sig td { background: #fff4d6; }
.figs { display: flex; flex-wrap: wrap; gap: 12px; }
figure { margin: 0; }
figcaption { font-size: 12px; color: #555; max-width: 640px; }
code { background: #f4f4f4; padding: 1px 4px; }
.viewer { display: flex; gap: 20px; flex-wrap: wrap; align-items: flex-start; }
.viewer .controls button { font-size: 14px; min-width: 36px; }
.viewer .moves { max-width: 520px; max-height: 420px; overflow-y: auto; font-family: monospace; font-size: 13px; }
.viewer .moves span { cursor: pointer; padding: 0 2px; white-space: nowrap; }
.viewer .moves span.cur { background: #ffd54f; }
)css";

}  // namespace

std::string escapeHtml(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string fixed(double value, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, value);
  return buf;
}

std::string pValueText(double p) {
  if (p < 1e-10) return "&lt; 1e-10";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g", p);
  return buf;
}

HtmlPage::HtmlPage(std::string title) : title_(std::move(title)) {}

void HtmlPage::section(const std::string& title) {
  const std::string id = "s" + std::to_string(sections_.size());
  sections_.push_back("<a href=\"#" + id + "\">" + escapeHtml(title) + "</a>");
  body_ += "<h2 id=\"" + id + "\">" + escapeHtml(title) + "</h2>\n";
}

void HtmlPage::subsection(const std::string& title) { body_ += "<h3>" + escapeHtml(title) + "</h3>\n"; }

void HtmlPage::paragraph(const std::string& html) { body_ += "<p>" + html + "</p>\n"; }

void HtmlPage::table(const std::vector<std::string>& headers, const std::vector<std::vector<std::string>>& rows,
                     const std::string& cssClass, const std::vector<std::string>& rowClasses) {
  body_ += "<table class=\"" + cssClass + "\">\n<tr>";
  for (size_t i = 0; i < headers.size(); ++i) body_ += std::string(i == 0 ? "<th class=\"l\">" : "<th>") + escapeHtml(headers[i]) + "</th>";
  body_ += "</tr>\n";
  for (size_t r = 0; r < rows.size(); ++r) {
    const auto& row = rows[r];
    const bool marked = r < rowClasses.size() && !rowClasses[r].empty();
    body_ += marked ? "<tr class=\"" + rowClasses[r] + "\">" : std::string("<tr>");
    for (size_t i = 0; i < row.size(); ++i) body_ += std::string(i == 0 ? "<td class=\"l\">" : "<td>") + row[i] + "</td>";
    body_ += "</tr>\n";
  }
  body_ += "</table>\n";
}

void HtmlPage::figures(const std::vector<std::pair<std::string, std::string>>& svgAndCaption) {
  body_ += "<div class=\"figs\">\n";
  for (const auto& [svg, caption] : svgAndCaption) {
    // The chart's XML prologue-free SVG goes inline; the caption is text.
    body_ += "<figure>" + svg + "<figcaption>" + escapeHtml(caption) + "</figcaption></figure>\n";
  }
  body_ += "</div>\n";
}

void HtmlPage::raw(const std::string& html) { body_ += html; }

std::string HtmlPage::render() const {
  std::string nav;
  for (const auto& link : sections_) nav += link;
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + escapeHtml(title_) +
         "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<h1>" + escapeHtml(title_) + "</h1>\n<nav>" + nav +
         "</nav>\n" + body_ + "</body>\n</html>\n";
}

}  // namespace tz
