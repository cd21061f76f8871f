#include "nets/policy_value_net.h"

namespace tz {

ConvBnImpl::ConvBnImpl(int in, int out, int kernel) {
  conv_ = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, kernel).padding(kernel / 2).bias(false)));
  bn_ = register_module("bn", torch::nn::BatchNorm2d(out));
}

torch::Tensor ConvBnImpl::forward(const torch::Tensor& x) { return bn_(conv_(x)); }

ResidualBlockImpl::ResidualBlockImpl(int channels) {
  conv1_ = register_module("conv1", ConvBn(channels, channels, 3));
  conv2_ = register_module("conv2", ConvBn(channels, channels, 3));
}

torch::Tensor ResidualBlockImpl::forward(const torch::Tensor& x) {
  return torch::relu(x + conv2_(torch::relu(conv1_(x))));
}

PolicyValueNetImpl::PolicyValueNetImpl(const NetworkConfig& c, const NetShape& shape)
    : shape_(shape), wdl_(c.valueHead == "wdl") {
  const int cells = shape.input.height * shape.input.width;
  stem_ = register_module("stem", ConvBn(shape.input.planes, c.channels, 3));
  blocks_ = register_module("blocks", torch::nn::ModuleList());
  for (int i = 0; i < c.blocks; ++i) blocks_->push_back(ResidualBlock(c.channels));
  policyConv_ = register_module("policy_conv", ConvBn(c.channels, c.policyChannels, 1));
  if (shape.convPolicy()) {
    policyOut_ = register_module("policy_out", torch::nn::Conv2d(torch::nn::Conv2dOptions(c.policyChannels, shape.policy.planes, 1)));
  } else {
    policyFc_ = register_module("policy_fc", torch::nn::Linear(c.policyChannels * cells, shape.numActions));
  }
  valueConv_ = register_module("value_conv", ConvBn(c.channels, c.valueChannels, 1));
  valueFc1_ = register_module("value_fc1", torch::nn::Linear(c.valueChannels * cells, c.valueHidden));
  valueFc2_ = register_module("value_fc2", torch::nn::Linear(c.valueHidden, wdl_ ? 3 : 1));
}

NetOutput PolicyValueNetImpl::forward(const torch::Tensor& x) {
  torch::Tensor h = torch::relu(stem_(x));
  for (const auto& block : *blocks_) h = block->as<ResidualBlock>()->forward(h);
  torch::Tensor p = torch::relu(policyConv_(h));
  p = shape_.convPolicy() ? policyOut_(p).flatten(1) : policyFc_(p.flatten(1));
  torch::Tensor v = torch::relu(valueConv_(h)).flatten(1);
  v = valueFc2_(torch::relu(valueFc1_(v)));
  if (!wdl_) return {p, torch::tanh(v).squeeze(1), {}};
  const torch::Tensor probabilities = torch::softmax(v, 1);
  return {p, probabilities.select(1, 0) - probabilities.select(1, 2), v};
}

int64_t parameterCount(const NetworkConfig& c, const NetShape& shape) {
  const int64_t cells = int64_t(shape.input.height) * shape.input.width;
  const auto convBn = [](int64_t in, int64_t out, int64_t kernel) { return in * out * kernel * kernel + 2 * out; };
  const auto linear = [](int64_t in, int64_t out) { return in * out + out; };
  int64_t n = convBn(shape.input.planes, c.channels, 3) + int64_t(c.blocks) * 2 * convBn(c.channels, c.channels, 3);
  n += convBn(c.channels, c.policyChannels, 1);
  n += shape.convPolicy() ? linear(c.policyChannels, shape.policy.planes)  // a 1x1 convolution with bias
                          : linear(c.policyChannels * cells, shape.numActions);
  n += convBn(c.channels, c.valueChannels, 1) + linear(c.valueChannels * cells, c.valueHidden);
  return n + linear(c.valueHidden, c.valueHead == "wdl" ? 3 : 1);
}

}  // namespace tz
