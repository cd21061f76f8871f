#pragma once
// Errors the framework reports to users: one line, saying what was wrong.
#include <cstddef>
#include <stdexcept>
#include <string>

namespace tz {

/// A user-facing error: its message is printed as one line and the command exits non-zero.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Bytes of the UTF-8 character of `text` that starts at byte `at` (1 to 4), or 1 when the
/// bytes there form no well-formed character.
inline size_t utf8Length(const std::string& text, size_t at) {
  const auto byte = [&](size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0; };
  const unsigned char lead = byte(at);
  const size_t length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 1;
  // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
  const unsigned char low = lead == 0xe0 ? 0xa0 : lead == 0xf0 ? 0x90 : 0x80;
  const unsigned char high = lead == 0xed ? 0x9f : lead == 0xf4 ? 0x8f : 0xbf;
  for (size_t i = 1; i < length; ++i) {
    const unsigned char next = byte(at + i);
    if (next < (i == 1 ? low : 0x80) || next > (i == 1 ? high : 0xbf)) return 1;
  }
  return length;
}

/// The first `most` characters of `text` as one printable line: whole UTF-8 characters, each
/// control character and each byte of no well-formed character shown as '?'; `total` gets
/// the number of characters in `text`.
inline std::string printableCharacters(const std::string& text, size_t most, size_t& total) {
  std::string shown;
  total = 0;
  for (size_t at = 0, length = 0; at < text.size(); at += length, ++total) {
    length = utf8Length(text, at);
    if (total >= most) continue;
    const unsigned char lead = static_cast<unsigned char>(text[at]);
    const bool control = length == 1 ? lead < 0x20 || lead > 0x7e  // C0, DEL, or a stray byte
                                     : lead == 0xc2 && static_cast<unsigned char>(text[at + 1]) < 0xa0;  // C1
    shown += control ? std::string("?") : text.substr(at, length);
  }
  return shown;
}

/// `text` (a library's message that may echo user input) as one printable line cut after
/// `most` characters ("abc... (N characters)").
inline std::string printable(const std::string& text, size_t most) {
  size_t total = 0;
  const std::string shown = printableCharacters(text, most, total);
  return total <= most ? shown : shown + "... (" + std::to_string(total) + " characters)";
}

/// How many characters of an error message one line shows (the command line's and the
/// protocols' error lines); the rest is counted.
constexpr size_t kShownError = 300;

/// User input quoted for a message: 'text' printable (printableCharacters), cut after 80
/// characters ("'abc...' (N characters)") so that a huge input never fills the error line.
inline std::string quoted(const std::string& input) {
  constexpr size_t kShown = 80;
  size_t total = 0;
  const std::string shown = printableCharacters(input, kShown, total);
  if (total <= kShown) return "'" + shown + "'";
  return "'" + shown + "...' (" + std::to_string(total) + " characters)";
}

/// A bad configuration value: names the file (or other source), the key and what was expected.
class ConfigError : public Error {
 public:
  ConfigError(const std::string& file, const std::string& key, const std::string& expected)
      : Error(file + ": key " + quoted(key) + ": expected " + expected), key_(key), expected_(expected) {}
  /// The dotted key of the bad value ("king.capture").
  const std::string& key() const { return key_; }
  /// What the key should have held.
  const std::string& expected() const { return expected_; }

 private:
  std::string key_;
  std::string expected_;
};

/// A move or position that the rules do not allow.
class RuleError : public Error {
 public:
  using Error::Error;
};

}  // namespace tz
