#pragma once
// The values just outside each search setting's range (SearchOptions::fields), which every
// front end must refuse with the range's own words.
#include <cstdio>
#include <string>
#include <vector>

#include "game/base/config_fields.h"
#include "mcts/search_options.h"

namespace tz::test {

/// A value one step outside a range: below it or above it.
struct OutsideValue {
  FieldRange range;
  double value = 0;
  std::string text;  // as a user would write it
};

/// For every numeric search setting, the value just below and just above its range (one for
/// integers, a thousandth of the range's width for numbers).
inline std::vector<OutsideValue> valuesJustOutsideSearchRanges() {
  std::vector<OutsideValue> out;
  for (const FieldRange& range : fieldRanges<SearchOptions>()) {
    const double step = range.integral ? 1 : (range.hi - range.lo) / 1000;
    for (double value : {range.lo - step, range.hi + step}) {
      char text[64];
      std::snprintf(text, sizeof text, range.integral ? "%.0f" : "%.6g", value);  // as messages quote it
      out.push_back({range, value, text});
    }
  }
  return out;
}

}  // namespace tz::test
