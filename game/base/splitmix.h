#pragma once
// SplitMix64 (Steele, Lea and Flood 2014): a tiny fixed generator and its finaliser, for
// Zobrist keys fixed in every run and for seeds and coins derived from several numbers.
#include <cstdint>

namespace tz {

/// SplitMix64's finaliser: a well-mixed 64-bit hash of `x`.
inline uint64_t splitMixHash(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

/// SplitMix64's increment.
constexpr uint64_t kSplitMixGamma = 0x9E3779B97F4A7C15ULL;

/// The next value of the SplitMix64 generator whose state is `state` (advanced).
inline uint64_t splitMix64(uint64_t& state) { return splitMixHash(state += kSplitMixGamma); }

}  // namespace tz
