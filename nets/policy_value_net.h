#pragma once
// The residual policy/value network as a LibTorch module. This header includes LibTorch:
// include it only from .cpp files that use LibTorch (nets/, training/, tests/nets/).
// scripts/export_model.py rebuilds the same module in Python with the same parameter names.
#include <torch/torch.h>

#include "nets/model_meta.h"
#include "nets/network_config.h"

namespace tz {

/// A 3x3 or 1x1 convolution without bias followed by batch normalisation.
class ConvBnImpl : public torch::nn::Module {
 public:
  /// A `kernel` x `kernel` convolution from `in` to `out` channels, same padding.
  ConvBnImpl(int in, int out, int kernel);
  /// conv then batch norm (no activation).
  torch::Tensor forward(const torch::Tensor& x);

 private:
  torch::nn::Conv2d conv_{nullptr};
  torch::nn::BatchNorm2d bn_{nullptr};
};
TORCH_MODULE(ConvBn);

/// Two 3x3 ConvBn layers with a skip connection: relu(x + bn(conv(relu(bn(conv(x)))))).
class ResidualBlockImpl : public torch::nn::Module {
 public:
  /// A block keeping `channels` channels.
  explicit ResidualBlockImpl(int channels);
  /// The block's output, same shape as its input.
  torch::Tensor forward(const torch::Tensor& x);

 private:
  ConvBn conv1_{nullptr};
  ConvBn conv2_{nullptr};
};
TORCH_MODULE(ResidualBlock);

/// The two outputs of the network for a batch.
struct NetOutput {
  torch::Tensor policy;  // [batch, numActions] logits over the whole action space
  torch::Tensor value;   // [batch] expected result for the side to move, in [-1, 1]: tanh, or win - loss
  torch::Tensor wdl;     // [batch, 3] logits of win, draw, loss for the side to move (a wdl head; else undefined)
};

/// Stem, residual trunk, policy head (convolutional when NetShape::convPolicy(), else fully
/// connected) and value head (1x1 conv, hidden layer, then tanh or the win/draw/loss logits).
class PolicyValueNetImpl : public torch::nn::Module {
 public:
  /// A freshly initialised network of the given size for the given shapes.
  PolicyValueNetImpl(const NetworkConfig& config, const NetShape& shape);
  /// Logits and values for a [batch, planes, height, width] float input.
  NetOutput forward(const torch::Tensor& x);

 private:
  NetShape shape_;
  ConvBn stem_{nullptr};
  torch::nn::ModuleList blocks_;
  ConvBn policyConv_{nullptr};
  torch::nn::Conv2d policyOut_{nullptr};  // convolutional policy head
  torch::nn::Linear policyFc_{nullptr};   // fully connected policy head
  ConvBn valueConv_{nullptr};
  torch::nn::Linear valueFc1_{nullptr};
  torch::nn::Linear valueFc2_{nullptr};
  bool wdl_ = false;  // the value head gives win/draw/loss logits
};
TORCH_MODULE(PolicyValueNet);

/// The number of trained values (convolution and linear weights and biases, batch-norm scales
/// and shifts) of a PolicyValueNet of this size and shape, counted without building it.
int64_t parameterCount(const NetworkConfig& config, const NetShape& shape);

}  // namespace tz
