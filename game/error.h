#pragma once
// Errors the framework reports to users: one line, saying what was wrong.
#include <stdexcept>
#include <string>

namespace tz {

/// A user-facing error: its message is printed as one line and the command exits non-zero.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A bad configuration value: names the file, the key and what was expected.
class ConfigError : public Error {
 public:
  ConfigError(const std::string& file, const std::string& key, const std::string& expected)
      : Error(file + ": key '" + key + "': expected " + expected) {}
};

/// User input quoted for a message: 'text', cut after 80 characters ("'abc...' (N
/// characters)") so that a huge input never fills the error line.
inline std::string quoted(const std::string& input) {
  constexpr size_t kShown = 80;
  if (input.size() <= kShown) return "'" + input + "'";
  return "'" + input.substr(0, kShown) + "...' (" + std::to_string(input.size()) + " characters)";
}

/// A move or position that the rules do not allow.
class RuleError : public Error {
 public:
  using Error::Error;
};

}  // namespace tz
