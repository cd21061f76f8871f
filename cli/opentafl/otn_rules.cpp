#include "cli/opentafl/otn_rules.h"

#include <sstream>
#include <vector>

#include "game/base/error.h"

namespace tz::cli::opentafl {

namespace {

// OpenTafl's default for every key of a rules string but dim and start (the OTN
// specification, section 3, as OpenTafl 0.4.8 reads it).
const std::map<std::string, std::string>& defaults() {
  static const std::map<std::string, std::string> table{
      {"name", ""},          {"esc", "c"},          {"surf", "y"},         {"atkf", "y"},
      {"tfr", "d"},          {"ka", "y"},           {"ks", "s"},           {"kj", "n"},
      {"nj", "c"},           {"cj", "j"},           {"mj", "n"},           {"gj", "n"},
      {"spd", "-1"},         {"cor", "default"},    {"cen", "default"},    {"afor", ""},
      {"dfor", ""},          {"corh", "tcnkmTCNKM"}, {"cenh", "tcnkm"},    {"cenhe", "tcnkmTCNKM"},
      {"aforh", "TCNKM"},    {"dforh", "tcnkm"},    {"corp", "K"},         {"cenp", "tcnkmTCNKM"},
      {"aforp", "tcnkmTCNKM"}, {"dforp", "tcnkmTCNKM"}, {"cors", "K"},     {"cens", "K"},
      {"afors", "tcnkmTCNKM"}, {"dfors", "TCNKM"},  {"corre", "tcnkmTCNKM"}, {"cenre", "tcnkmTCNKM"},
      {"aforre", "tcnkmTCNKM"}, {"dforre", "tcnkmTCNKM"}, {"sw", "n"},     {"swf", "y"},
      {"efe", "n"},          {"linc", "n"},         {"ber", "n"},
  };
  return table;
}

// A position record with its rows in reverse order (a `starti:` record read as `start:`).
std::string reversedRows(const std::string& record) {
  std::vector<std::string> rows;
  std::istringstream in(record);
  for (std::string row; std::getline(in, row, '/');) {
    if (!row.empty()) rows.push_back(row);
  }
  std::string out = "/";
  for (auto it = rows.rbegin(); it != rows.rend(); ++it) out += *it + "/";
  return out;
}

// The board side of a `dim` value: a number of at most two digits.
int dimension(const std::string& value) {
  if (value.empty() || value.size() > 2 || value.find_first_not_of("0123456789") != std::string::npos) {
    throw Error("OTN rules: dim:" + value + " is not a board size");
  }
  return std::stoi(value);
}

}  // namespace

OtnRules parseOtnRules(const std::string& text) {
  OtnRules rules;
  rules.values = defaults();
  std::istringstream in(text);
  for (std::string entry; in >> entry;) {
    const size_t colon = entry.find(':');
    if (colon == std::string::npos) throw Error("OTN rules: entry " + quoted(entry) + " has no ':'");
    const std::string key = entry.substr(0, colon), value = entry.substr(colon + 1);
    const bool known = key == "dim" || key == "start" || key == "starti" || rules.values.count(key);
    if (!known) throw Error("OTN rules: unknown key " + quoted(key) + " (in " + quoted(entry) + ")");
    if (rules.given[key]) throw Error("OTN rules: key " + quoted(key) + " given twice");
    const char* otherStart = key == "start" ? "starti" : key == "starti" ? "start" : nullptr;
    if (otherStart && rules.given[otherStart]) {
      throw Error("OTN rules: keys '" + std::string(otherStart) + "' and " + quoted(key) +
                  " both give the start position (give one of them)");
    }
    rules.given[key] = true;
    if (key == "dim") rules.dim = dimension(value);
    else if (key == "start") rules.start = value;
    else if (key == "starti") rules.start = reversedRows(value);
    else rules.values[key] = value;
  }
  if (!rules.given["dim"]) throw Error("OTN rules: no board size (dim:N)");
  if (rules.start.empty()) throw Error("OTN rules: no start position (start:RECORD or starti:RECORD)");
  return rules;
}

}  // namespace tz::cli::opentafl
