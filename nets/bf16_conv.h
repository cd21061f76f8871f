#pragma once
// Convolutions in bfloat16 for the fused CPU forward pass (nets/fused_net.h): weights and
// activations rounded to bfloat16, products summed in float32. On a CPU with AVX512_BF16 the
// sums run on its bfloat16 dot-product instruction (32 multiply-adds an instruction, twice the
// float32 rate); elsewhere a portable loop computes the same sums, more slowly. No LibTorch.
#include <cstdint>
#include <vector>

namespace tz {

/// `value` rounded to the nearest bfloat16 (ties to even), as its 16 bits.
uint16_t toBf16(float value);
/// The float of a bfloat16's 16 bits.
float fromBf16(uint16_t bits);

/// A 1x1 or 3x3 convolution with batch normalisation folded in, its weights packed for the
/// kernels: input channels in pairs, output channels padded to a multiple of 16.
struct Bf16Conv {
  int in = 0;      // input channels
  int inPad = 0;   // input channels rounded up to even: the stride of an input pixel must be at least this
  int out = 0;     // output channels
  int outPad = 0;  // output channels rounded up to a multiple of 16: the stride of an output pixel
  int kernel = 1;  // 1 or 3
  std::vector<uint16_t> weights;  // [tap][inPad / 2][outPad][2]: bfloat16 pairs of input channels
  std::vector<float> bias;        // [outPad], zero beyond `out`

  /// An empty convolution, to be assigned.
  Bf16Conv() = default;
  /// Packs float32 weights [out][in][kernel][kernel] (LibTorch's layout) and a bias [out].
  Bf16Conv(int in, int out, int kernel, const float* weights, const float* bias);
};

/// Where a convolution reads and writes: pixel-major buffers (pixel, then channel) over
/// boards with a border of zeros one pixel wide, so that every 3x3 tap of an inner pixel is
/// inside the buffer.
struct ConvIo {
  const uint16_t* input = nullptr;  // bfloat16 input, `inputStride` channels a pixel
  int inputStride = 0;
  const int32_t* pixels = nullptr;  // the output pixels to compute (indices into the buffers)
  int count = 0;                    // how many
  const int32_t* taps = nullptr;    // kernel x kernel pixel offsets of the taps, row by row
  const float* skip = nullptr;      // a residual added before the activation (output layout), or null
  bool relu = false;                // max(0, x) after the sum
  uint16_t* outBf16 = nullptr;      // the output in bfloat16 (outPad channels a pixel), and/or
  float* outF32 = nullptr;          // in float32 (at least one of the two is set)
};

/// Computes `conv` at the listed pixels: bias + the sum over taps and input channels, plus
/// the skip, then ReLU when asked. An output pixel may be its own skip pixel (in place).
void runConv(const Bf16Conv& conv, const ConvIo& io);

/// Whether this CPU has the bfloat16 dot-product instruction the fast kernel uses.
bool hasBf16DotProduct();

/// Computes `conv` with the portable loop whatever the CPU (for tests of the fast kernel).
void runConvPortable(const Bf16Conv& conv, const ConvIo& io);

}  // namespace tz
