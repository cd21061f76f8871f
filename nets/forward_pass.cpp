#include "nets/forward_pass.h"

#include <cstdio>
#include <mutex>

#include "game/base/error.h"
#include "nets/bf16_conv.h"
#include "nets/fused_net.h"

namespace tz {

std::string precisionName(Precision precision) { return precision == Precision::bf16 ? "bf16" : "fp32"; }

Precision parsePrecision(const std::string& text, const std::string& context) {
  if (text == "fp32") return Precision::fp32;
  if (text == "bf16") return Precision::bf16;
  throw Error(context + ": unknown precision " + quoted(text) + ": expected fp32 or bf16");
}

ForwardPass::ForwardPass(std::shared_ptr<const Network> net, Precision precision)
    : net_(std::move(net)), precision_(precision) {
  if (precision_ != Precision::bf16) return;
  if (net_->device() != "cpu") {
    throw Error("precision bf16 runs on the CPU; on " + net_->device() +
                " use fp32 (with the evaluator's float16 mixed precision)");
  }
  if (!hasBf16DotProduct()) {
    static std::once_flag once;
    std::call_once(once, [] {
      std::fprintf(stderr, "taflzero: warning: this CPU has no AVX512_BF16: precision bf16 runs a portable loop, "
                           "slower than fp32\n");
    });
  }
  fused_ = std::make_unique<const FusedNet>(*net_);
}

ForwardPass::~ForwardPass() = default;
ForwardPass::ForwardPass(ForwardPass&&) noexcept = default;

void ForwardPass::predict(const float* inputs, int n, float* logits, float* values, float* draws,
                          bool mixedPrecision) const {
  if (fused_) fused_->predict(inputs, n, logits, values, draws);
  else net_->predict(inputs, n, logits, values, mixedPrecision, draws);
}

}  // namespace tz
