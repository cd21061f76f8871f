#pragma once
// Quoting untrusted protocol input in a one-line protocol answer. A protocol's lines stay
// printable ASCII (the programs that read them need not decode UTF-8); messages for a person
// go through tz::printable and tz::quoted (game/base/error.h), which keep whole UTF-8 characters.
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
