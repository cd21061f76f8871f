#pragma once
// The message of the tz::Error a piece of test code throws, and the check of a one-line error.
#include <gtest/gtest.h>

#include <string>

#include "game/base/error.h"

namespace tz::test {

/// The message of the Error that `f` throws ("" when it throws none).
template <typename F>
std::string errorOf(F f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

/// Expects `f` to throw a one-line Error holding `fragment`.
template <typename F>
void expectError(F f, const std::string& fragment) {
  const std::string what = errorOf(f);
  EXPECT_FALSE(what.empty()) << "no error; expected one with '" << fragment << "'";
  EXPECT_NE(what.find(fragment), std::string::npos) << what;
  EXPECT_EQ(what.find('\n'), std::string::npos) << what;
}

}  // namespace tz::test
