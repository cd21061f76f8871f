#pragma once
// A check for real-valued options: CLI::Range lets nan through (every comparison with it is
// false) and inf as well when the range is open; this one takes finite numbers only.
#include <CLI/CLI.hpp>

#include <cmath>
#include <string>

#include "game/base/error.h"

namespace tz::cli {

/// A CLI11 check that the option's text is a finite number in [lo, hi]; its message names
/// the range and the text given.
inline CLI::Validator finiteIn(double lo, double hi) {
  const std::string range = "a finite number in [" + CLI::detail::to_string(lo) + ", " + CLI::detail::to_string(hi) + "]";
  return CLI::Validator(
      [lo, hi, range](std::string& text) -> std::string {
        size_t end = 0;
        double value = NAN;
        try {
          value = std::stod(text, &end);
        } catch (const std::exception&) {
          end = 0;
        }
        const bool fits = end != 0 && end == text.size() && std::isfinite(value) && value >= lo && value <= hi;
        return fits ? "" : "expected " + range + ", got " + tz::quoted(text);
      },
      range);
}

}  // namespace tz::cli
