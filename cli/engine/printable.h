#pragma once
// Quoting untrusted protocol input in a one-line message.
#include <string>

namespace tz::cli {

/// `text` as one line of printable ASCII: line breaks and tabs become spaces, other bytes
/// outside ' '..'~' become '?', so that a message never carries the control bytes of its input.
inline std::string printable(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    else if (c < ' ' || c > '~') c = '?';
  }
  return text;
}

}  // namespace tz::cli
