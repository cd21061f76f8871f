#pragma once
// A network's forward pass on the CPU in bfloat16, without LibTorch: batch normalisation
// folded into the convolutions, the trunk and the heads' convolutions in bfloat16 with
// float32 sums (nets/bf16_conv.h), the heads' fully connected layers in float32. No
// dispatcher between the layers, so it pays at the small batches a tree search makes too.
#include <memory>
#include <vector>

#include "nets/bf16_conv.h"
#include "nets/model_meta.h"

namespace tz {

class Network;

/// A float32 fully connected layer: weights [out][in] (LibTorch's layout) and bias [out].
struct DenseLayer {
  int in = 0;                  // input features
  int out = 0;                 // output features
  std::vector<float> weights;  // [out][in]
  std::vector<float> bias;     // [out]
};

/// The weights of a Network copied and prepared for inference in bfloat16 on the CPU; its
/// outputs follow the network's to bfloat16's precision (about 3 significant digits).
class FusedNet {
 public:
  /// Copies the weights of `net` (a PolicyValueNet in inference mode, on any device).
  explicit FusedNet(const Network& net);
  ~FusedNet();

  /// What the network is for and how it is built.
  const ModelMeta& meta() const { return meta_; }

  /// As Network::predict: `n` encoded states in, n * numActions policy logits, n values
  /// and, when `draws` is given, n draw probabilities (0 for a scalar value head) out.
  /// Thread-safe: each calling thread keeps its own buffers.
  void predict(const float* inputs, int n, float* logits, float* values, float* draws = nullptr) const;

 private:
  struct Buffers;
  void predictChunk(const float* inputs, int n, float* logits, float* values, float* draws) const;
  void encodeInputs(const float* inputs, int n, Buffers& b) const;
  void policyHead(int n, Buffers& b, float* logits) const;
  void valueHead(int n, Buffers& b, float* values, float* draws) const;

  ModelMeta meta_;
  std::vector<Bf16Conv> trunk_;  // stem, then two a residual block
  Bf16Conv policyConv_;
  std::unique_ptr<Bf16Conv> policyOut_;  // convolutional policy head
  DenseLayer policyFc_;                  // fully connected policy head (when policyOut_ is null)
  Bf16Conv valueConv_;
  DenseLayer valueFc1_, valueFc2_;
  bool wdl_ = false;               // the value head gives win/draw/loss logits
  std::vector<int32_t> taps3_;     // pixel offsets of a 3x3 kernel's taps on the padded board
  std::vector<int32_t> inner_;     // the padded pixel of each board cell, row by row
  int paddedCells_ = 0;            // pixels of a board with its border
};

}  // namespace tz
