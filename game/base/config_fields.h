#pragma once
// Options structs list their settings once, in a static template `fields(self, visitor)`
// (key, member, range), and that one list serves twice: FieldReader (game/base/config.h)
// reads them from YAML, and FieldChecker checks a struct however it was filled (YAML, the
// command line or code). Keys, ranges and messages therefore live in one place. No YAML here.
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace tz {

/// Settings renamed: each old name with its name now ({"c_puct", "cpuct"}), which a
/// ConfigReader told of them reads with a hint (game/base/config.h).
using OldSpellings = std::vector<std::pair<std::string, std::string>>;

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
  /// A text (always valid; what it names is checked where it is used).
  void text(const char*, const std::string&) const {}

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

/// One numeric field of a fields list, for the front ends that read it from other text than
/// YAML (player specs, the command line): its key and range.
struct FieldRange {
  std::string key;
  double lo = 0;
  double hi = 0;
  bool integral = false;  // integers only

  /// The expected value as every front end says it: rangeText(lo, hi).
  std::string text() const;
  /// Whether `value` lies in the range (never for NaN).
  bool contains(double value) const { return value >= lo && value <= hi; }
};

/// Collects the numeric fields of a fields list, in order (flags and choices are skipped).
class FieldRangeCollector {
 public:
  /// A number in [lo, hi].
  template <class T>
  void number(const char* key, const T&, typename NonDeduced<T>::type lo, typename NonDeduced<T>::type hi) {
    ranges.push_back(FieldRange{key, double(lo), double(hi), std::is_integral_v<T>});
  }
  /// A choice (skipped).
  void choice(const char*, const std::string&, const std::vector<std::string>&) {}
  /// A flag (skipped).
  void flag(const char*, const bool&) {}

  std::vector<FieldRange> ranges;  // the numeric fields visited
};

/// The numeric fields a struct type lists in `S::fields`, in order.
template <class S>
std::vector<FieldRange> fieldRanges() {
  const S defaults{};
  FieldRangeCollector collector;
  S::fields(defaults, collector);
  return collector.ranges;
}

/// Passes on to another visitor only the fields whose keys it names: a front end that
/// offers part of a struct's list (self-play's search settings, say) reads and checks them
/// with the list's own ranges.
template <class V>
class SelectedFields {
 public:
  /// Visits `inner` with the fields named in `keys`.
  SelectedFields(V& inner, const std::vector<std::string>& keys) : inner_(inner), keys_(keys) {}
  /// A number, passed on when selected.
  template <class T, class L>
  void number(const char* key, T& value, L lo, L hi) {
    if (selected(key)) inner_.number(key, value, lo, hi);
  }
  /// A choice, passed on when selected.
  template <class T>
  void choice(const char* key, T& value, const std::vector<std::string>& choices) {
    if (selected(key)) inner_.choice(key, value, choices);
  }
  /// A flag, passed on when selected.
  template <class T>
  void flag(const char* key, T& value) {
    if (selected(key)) inner_.flag(key, value);
  }

 private:
  bool selected(const char* key) const {
    for (const auto& k : keys_)
      if (k == key) return true;
    return false;
  }
  V& inner_;
  const std::vector<std::string>& keys_;
};

}  // namespace tz
