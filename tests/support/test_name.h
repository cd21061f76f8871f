#pragma once
// Names of parameterized tests made from preset names: gtest allows letters, digits and '_'.
#include <algorithm>
#include <string>

namespace tz::test {

/// `text` with every '-' turned into '_' ("hnefatafl-11" -> "hnefatafl_11").
inline std::string testName(std::string text) {
  std::replace(text.begin(), text.end(), '-', '_');
  return text;
}

}  // namespace tz::test
