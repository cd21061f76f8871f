#pragma once
// A network's forward pass in the precision its user chose: LibTorch's float32 (the
// reference, and the only one on CUDA), or the fused bfloat16 pass on the CPU
// (nets/fused_net.h). No LibTorch here.
#include <memory>
#include <string>

#include "nets/network.h"

namespace tz {

class FusedNet;

/// The arithmetic of a forward pass.
enum class Precision {
  fp32,  // LibTorch in float32 (on CUDA, with its float16 autocast when mixed precision is on)
  bf16,  // weights and activations in bfloat16, sums in float32: the fused CPU pass
};

/// "fp32" or "bf16".
std::string precisionName(Precision precision);
/// The precision named `text`; throws Error naming `context` and the choices otherwise.
Precision parsePrecision(const std::string& text, const std::string& context);

/// One network's forward pass in one precision; thread-safe as Network::predict.
class ForwardPass {
 public:
  /// The pass of `net` in `precision`; throws Error for bf16 on a CUDA network (LibTorch's
  /// float16 autocast is the mixed precision there).
  ForwardPass(std::shared_ptr<const Network> net, Precision precision);
  ~ForwardPass();
  ForwardPass(ForwardPass&&) noexcept;

  /// The network.
  const Network& network() const { return *net_; }
  /// The precision it runs in.
  Precision precision() const { return precision_; }

  /// As Network::predict, in the pass's precision (`mixedPrecision` matters to fp32 on CUDA).
  void predict(const float* inputs, int n, float* logits, float* values, float* draws = nullptr,
               bool mixedPrecision = false) const;

 private:
  std::shared_ptr<const Network> net_;
  Precision precision_;
  std::unique_ptr<const FusedNet> fused_;  // set for bf16
};

}  // namespace tz
