#pragma once
// An OpenTafl Notation (OTN) rules string ("dim:7 ks:w cenh: start:/3t3/.../") split into
// its entries, with OpenTafl's defaults for the keys left out (docs/OPENTAFL.md 3).
#include <map>
#include <string>

namespace tz::cli::opentafl {

/// One OTN rules string: every key of the OTN specification with its value.
struct OtnRules {
  int dim = 0;                                // board side
  std::string start;                          // start position, rank 1 first (a `starti:` record reversed)
  std::map<std::string, std::string> values;  // every other key: the value given, else OpenTafl's default
  std::map<std::string, bool> given;          // the keys the string gave

  /// The value of `key` (one of the keys of the specification).
  const std::string& operator[](const std::string& key) const { return values.at(key); }
};

/// Splits an OTN rules string into entries. Throws Error naming the entry for an unknown
/// or repeated key, an entry without ':', a missing or bad `dim`, or a missing start position.
OtnRules parseOtnRules(const std::string& text);

}  // namespace tz::cli::opentafl
