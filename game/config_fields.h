#pragma once
// Options structs list their settings once, in a static template `fields(self, visitor)`
// (key, member, range), and that one list serves twice: FieldReader (game/config.h)
// reads them from YAML, and FieldChecker checks a struct however it was filled (YAML, the
// command line or code). Keys, ranges and messages therefore live in one place. No YAML here.
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace tz {

/// A type written so that it takes no part in template argument deduction.
template <class T>
struct NonDeduced {
  using type = T;
};

/// The expected value of a range, as errors say it: "an integer in [lo, hi]" or
/// "a number in [lo, hi]".
std::string rangeText(int64_t lo, int64_t hi);
std::string rangeText(double lo, double hi);  ///< "a number in [lo, hi]"
/// A value as errors quote it ("got 7").
std::string valueText(int64_t value);
std::string valueText(double value);  ///< a number as errors quote it

/// "one of a | b | c": the expected value of a choice.
std::string choicesText(const std::vector<std::string>& choices);

/// Checks each visited field against its range or choices; throws ConfigError naming
/// `file`, `prefix` + the key, the expected value and the value found.
class FieldChecker {
 public:
  /// Checks fields of a struct found in `file` under the dotted `prefix` ("training.").
  FieldChecker(std::string file, std::string prefix) : file_(std::move(file)), prefix_(std::move(prefix)) {}

  /// A number in [lo, hi].
  template <class T>
  void number(const char* key, const T& value, typename NonDeduced<T>::type lo, typename NonDeduced<T>::type hi) const {
    if (value >= lo && value <= hi) return;
    if constexpr (std::is_integral_v<T>) {
      fail(key, rangeText(int64_t(lo), int64_t(hi)) + ", got " + valueText(int64_t(value)));
    } else {
      fail(key, rangeText(double(lo), double(hi)) + ", got " + valueText(double(value)));
    }
  }
  /// One of `choices`.
  void choice(const char* key, const std::string& value, const std::vector<std::string>& choices) const;
  /// A boolean (always valid).
  void flag(const char*, const bool&) const {}

 private:
  [[noreturn]] void fail(const char* key, const std::string& expected) const;
  std::string file_;
  std::string prefix_;
};

/// Checks all fields a struct type lists in `S::fields` (see FieldChecker).
template <class S>
void checkFields(const S& options, const std::string& file, const std::string& prefix) {
  FieldChecker checker(file, prefix);
  S::fields(options, checker);
}

}  // namespace tz
