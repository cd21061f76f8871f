#pragma once
// The message of the tz::Error a piece of test code throws.
#include <string>

#include "game/error.h"

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

}  // namespace tz::test
