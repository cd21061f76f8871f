#include "game/base/config_fields.h"

#include <sstream>

#include "game/base/error.h"

namespace tz {

std::string rangeText(int64_t lo, int64_t hi) {
  return "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
}

std::string rangeText(double lo, double hi) {
  std::ostringstream o;
  o << "a number in [" << lo << ", " << hi << "]";
  return o.str();
}

std::string valueText(int64_t value) { return std::to_string(value); }

std::string valueText(double value) {
  std::ostringstream o;
  o << value;
  return o.str();
}

std::string choicesText(const std::vector<std::string>& choices) {
  std::string out;
  for (size_t i = 0; i < choices.size(); ++i) out += (i ? " | " : "") + choices[i];
  return "one of " + out;
}

std::string FieldRange::text() const {
  return integral ? rangeText(int64_t(lo), int64_t(hi)) : rangeText(lo, hi);
}

void FieldChecker::choice(const char* key, const std::string& value, const std::vector<std::string>& choices) const {
  for (const auto& c : choices)
    if (c == value) return;
  fail(key, choicesText(choices) + ", got '" + value + "'");
}

void FieldChecker::fail(const char* key, const std::string& expected) const {
  throw ConfigError(file_, prefix_ + key, expected);
}

}  // namespace tz
