#pragma once
// Reading protocol input one line at a time without trusting its length.
#include <cstddef>
#include <istream>
#include <string>

namespace tz::cli {

/// Reads one line of `in` (up to '\n' or the end of input), keeping its first `keep` bytes in
/// `line` and its full length in `length`, so that a huge line costs no more than `keep`
/// bytes of memory. Returns false at the end of input with nothing read.
bool readLine(std::istream& in, std::string& line, size_t& length, size_t keep);

}  // namespace tz::cli
