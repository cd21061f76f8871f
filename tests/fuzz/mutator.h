#pragma once
// Random edits of corpus inputs, in the manner of libFuzzer's mutators: bytes replaced
// (often by characters the parsers care about), inserted, erased, slices repeated or moved,
// and splices of two inputs.
#include <random>
#include <string>
#include <vector>

namespace tz::fuzz {

/// A mutation of `input` (one edit, or up to four); `others` are spliced from.
inline std::string mutate(const std::string& input, const std::vector<std::string>& others, std::mt19937_64& rng) {
  static const std::string kAlphabet = "/.-x+ \n:{}[],#0123456789abcdefghijklmnopqrstuvwxyzTKtWB\t\"'\\";
  auto below = [&](size_t n) { return n == 0 ? size_t(0) : size_t(rng() % n); };
  auto character = [&]() -> char { return rng() % 8 == 0 ? char(rng() % 256) : kAlphabet[below(kAlphabet.size())]; };
  std::string s = input;
  const int edits = rng() % 2 ? 1 : 1 + int(rng() % 4);
  for (int e = 0; e < edits; ++e) {
    const size_t at = below(s.size() + 1);
    switch (rng() % 10) {
      case 0:
        if (!s.empty()) s[below(s.size())] = character();
        break;
      case 1: s.insert(s.begin() + long(at), character()); break;
      case 2:
        if (!s.empty()) s.erase(below(s.size()), 1 + below(8));
        break;
      case 3: {  // repeat a slice
        const size_t from = below(s.size()), length = 1 + below(16);
        s.insert(at, s.substr(from, length));
        break;
      }
      case 4: {  // move a slice
        const size_t from = below(s.size()), length = 1 + below(16);
        const std::string slice = s.substr(from, length);
        s.erase(from, length);
        s.insert(below(s.size() + 1), slice);
        break;
      }
      case 5: {  // splice another input
        if (others.empty()) break;
        const std::string& other = others[below(others.size())];
        s = s.substr(0, at) + other.substr(below(other.size()));
        break;
      }
      case 6: s = s.substr(0, at); break;  // truncate
      case 7: {  // swap two characters: a record keeps its length and often stays valid
        if (s.size() >= 2) std::swap(s[below(s.size())], s[below(s.size())]);
        break;
      }
      default: {  // a character replaced by another of its class (piece, digit)
        if (s.empty()) break;
        static const std::string kClasses[] = {"tTKWB.", "0123456789"};
        char& c = s[below(s.size())];
        for (const std::string& cls : kClasses) {
          if (cls.find(c) != std::string::npos) c = cls[below(cls.size())];
        }
        break;
      }
    }
  }
  return s;
}

}  // namespace tz::fuzz
