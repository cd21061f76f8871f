#include "nets/bf16_conv.h"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define TZ_BF16_KERNEL 1
// GCC 12 warns inside its own AVX-512 headers (their _mm512_undefined_* operands).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace tz {

uint16_t toBf16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  bits += 0x7fffu + ((bits >> 16) & 1u);  // round to nearest, ties to even (no NaN reaches here)
  return uint16_t(bits >> 16);
}

float fromBf16(uint16_t bits) {
  const uint32_t wide = uint32_t(bits) << 16;
  float value;
  std::memcpy(&value, &wide, sizeof value);
  return value;
}

Bf16Conv::Bf16Conv(int in_, int out_, int kernel_, const float* w, const float* b)
    : in(in_), inPad((in_ + 1) / 2 * 2), out(out_), outPad((out_ + 15) / 16 * 16), kernel(kernel_) {
  const int taps = kernel * kernel;
  weights.assign(size_t(taps) * inPad * outPad, 0);
  bias.assign(size_t(outPad), 0.f);
  for (int o = 0; o < out; ++o) {
    bias[size_t(o)] = b[o];
    for (int i = 0; i < in; ++i) {
      for (int t = 0; t < taps; ++t) {
        const size_t packed = ((size_t(t) * (inPad / 2) + size_t(i / 2)) * outPad + size_t(o)) * 2 + size_t(i % 2);
        weights[packed] = toBf16(w[(size_t(o) * in + size_t(i)) * taps + size_t(t)]);
      }
    }
  }
}

namespace {

// The epilogue shared by both kernels for one output value: skip, activation.
float finish(float sum, const ConvIo& io, size_t at) {
  if (io.skip) sum += io.skip[at];
  return io.relu ? std::max(sum, 0.f) : sum;
}

}  // namespace

void runConvPortable(const Bf16Conv& c, const ConvIo& io) {
  const int taps = c.kernel * c.kernel;
  const int pairs = c.inPad / 2;
  std::vector<float> sums(size_t(c.outPad));
  for (int k = 0; k < io.count; ++k) {
    const int32_t pixel = io.pixels[k];
    std::copy(c.bias.begin(), c.bias.end(), sums.begin());
    for (int t = 0; t < taps; ++t) {
      const uint16_t* in = io.input + size_t(pixel + io.taps[t]) * size_t(io.inputStride);
      const uint16_t* w = c.weights.data() + size_t(t) * pairs * c.outPad * 2;
      for (int p = 0; p < pairs; ++p, w += size_t(c.outPad) * 2) {
        const float a0 = fromBf16(in[2 * p]), a1 = fromBf16(in[2 * p + 1]);
        for (int o = 0; o < c.outPad; ++o) sums[size_t(o)] += a0 * fromBf16(w[2 * o]) + a1 * fromBf16(w[2 * o + 1]);
      }
    }
    for (int o = 0; o < c.outPad; ++o) {
      const size_t at = size_t(pixel) * c.outPad + size_t(o);
      const float v = finish(sums[size_t(o)], io, at);
      if (io.outF32) io.outF32[at] = v;
      if (io.outBf16) io.outBf16[at] = toBf16(v);
    }
  }
}

#ifdef TZ_BF16_KERNEL

namespace {

#define TZ_AVX512_BF16 __attribute__((target("avx512f,avx512bw,avx512vl,avx512bf16")))

// `P` output pixels x `B` blocks of 16 output channels from channel `first`: every
// accumulator stays in a register while the taps and input pairs stream past.
template <int P, int B>
TZ_AVX512_BF16 void convTile(const Bf16Conv& c, const ConvIo& io, const int32_t* pixels, int first) {
  __m512 acc[P][B];
  for (int b = 0; b < B; ++b) {
    const __m512 bias = _mm512_loadu_ps(&c.bias[size_t(first + 16 * b)]);
    for (int j = 0; j < P; ++j) acc[j][b] = bias;
  }
  const int taps = c.kernel * c.kernel;
  const int pairs = c.inPad / 2;
  for (int t = 0; t < taps; ++t) {
    const uint16_t* in[P];
#pragma GCC unroll 16
    for (int j = 0; j < P; ++j) in[j] = io.input + size_t(pixels[j] + io.taps[t]) * size_t(io.inputStride);
    const uint16_t* w = c.weights.data() + (size_t(t) * pairs * c.outPad + size_t(first)) * 2;
    for (int p = 0; p < pairs; ++p, w += size_t(c.outPad) * 2) {
      __m512bh wv[B];
#pragma GCC unroll 4
      for (int b = 0; b < B; ++b) wv[b] = (__m512bh)_mm512_loadu_si512(w + 32 * b);
#pragma GCC unroll 16
      for (int j = 0; j < P; ++j) {
        int32_t pair;
        std::memcpy(&pair, in[j] + 2 * p, sizeof pair);
        const __m512bh a = (__m512bh)_mm512_set1_epi32(pair);
#pragma GCC unroll 4
        for (int b = 0; b < B; ++b) acc[j][b] = _mm512_dpbf16_ps(acc[j][b], a, wv[b]);
      }
    }
  }
  for (int j = 0; j < P; ++j) {
    for (int b = 0; b < B; ++b) {
      const size_t at = size_t(pixels[j]) * c.outPad + size_t(first + 16 * b);
      __m512 v = acc[j][b];
      if (io.skip) v = _mm512_add_ps(v, _mm512_loadu_ps(io.skip + at));
      if (io.relu) v = _mm512_max_ps(v, _mm512_setzero_ps());
      if (io.outF32) _mm512_storeu_ps(io.outF32 + at, v);
      if (io.outBf16) _mm256_storeu_si256(reinterpret_cast<__m256i*>(io.outBf16 + at), (__m256i)_mm512_cvtneps_pbh(v));
    }
  }
}

// Pixels in tiles of kTile, the rest one at a time; channels 32 at a time, then 16.
constexpr int kTile = 8;

template <int B>
void convChannels(const Bf16Conv& c, const ConvIo& io, int first) {
  int k = 0;
  for (; k + kTile <= io.count; k += kTile) convTile<kTile, B>(c, io, io.pixels + k, first);
  for (; k < io.count; ++k) convTile<1, B>(c, io, io.pixels + k, first);
}

}  // namespace

bool hasBf16DotProduct() {
  static const bool has = __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512bf16");
  return has;
}

void runConv(const Bf16Conv& c, const ConvIo& io) {
  if (!hasBf16DotProduct()) return runConvPortable(c, io);
  int first = 0;
  for (; first + 32 <= c.outPad; first += 32) convChannels<2>(c, io, first);
  if (first < c.outPad) convChannels<1>(c, io, first);
}

#else

bool hasBf16DotProduct() { return false; }

void runConv(const Bf16Conv& c, const ConvIo& io) { runConvPortable(c, io); }

#endif

}  // namespace tz
