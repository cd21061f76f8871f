#include "nets/fused_net.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "game/base/error.h"
#include "nets/network_impl.h"

namespace tz {

namespace {

constexpr double kBatchNormEps = 1e-5;  // LibTorch's BatchNorm2d default, as the module uses

// The module's parameters and buffers by name, as float32 on the CPU.
using Weights = std::map<std::string, std::vector<float>>;

Weights weightsOf(const Network& net) {
  Weights out;
  const auto copy = [&](const std::string& name, const torch::Tensor& t) {
    if (t.scalar_type() != torch::kFloat) return;  // batch norm's batch counter
    const torch::Tensor c = t.detach().to(torch::kCPU).contiguous();
    out[name].assign(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
  };
  for (const auto& p : net.impl().net->named_parameters()) copy(p.key(), p.value());
  for (const auto& b : net.impl().net->named_buffers()) copy(b.key(), b.value());
  return out;
}

const std::vector<float>& take(const Weights& w, const std::string& name) {
  const auto it = w.find(name);
  if (it == w.end()) throw Error("fused network: the module has no tensor " + name);
  return it->second;
}

// The ConvBn module `name` with its batch normalisation folded into weights and bias.
Bf16Conv foldedConv(const Weights& w, const std::string& name, int in, int out, int kernel) {
  std::vector<float> weights = take(w, name + ".conv.weight");
  const std::vector<float>& gamma = take(w, name + ".bn.weight");
  const std::vector<float>& beta = take(w, name + ".bn.bias");
  const std::vector<float>& mean = take(w, name + ".bn.running_mean");
  const std::vector<float>& var = take(w, name + ".bn.running_var");
  std::vector<float> bias(static_cast<size_t>(out));
  const size_t perOut = size_t(in) * kernel * kernel;
  for (size_t o = 0; o < size_t(out); ++o) {
    const double scale = gamma[o] / std::sqrt(double(var[o]) + kBatchNormEps);
    for (size_t k = 0; k < perOut; ++k) weights[o * perOut + k] = float(weights[o * perOut + k] * scale);
    bias[o] = float(beta[o] - mean[o] * scale);
  }
  return Bf16Conv(in, out, kernel, weights.data(), bias.data());
}

DenseLayer dense(const Weights& w, const std::string& name, int in, int out) {
  return {in, out, take(w, name + ".weight"), take(w, name + ".bias")};
}

// y[pos] = W x[pos] + b for each of `n` rows, then ReLU when asked.
void runDense(const DenseLayer& l, const float* x, int n, float* y, bool relu) {
  for (int pos = 0; pos < n; ++pos) {
    const float* row = x + size_t(pos) * l.in;
    for (int o = 0; o < l.out; ++o) {
      const float* weights = l.weights.data() + size_t(o) * l.in;
      float sum = 0.f;
      for (int i = 0; i < l.in; ++i) sum += weights[i] * row[i];
      sum += l.bias[size_t(o)];
      y[size_t(pos) * l.out + size_t(o)] = relu ? std::max(sum, 0.f) : sum;
    }
  }
}

}  // namespace

// One thread's working memory, grown as batches grow.
struct FusedNet::Buffers {
  std::vector<uint16_t> input, trunk, inner, head;  // bfloat16, pixel-major over padded boards
  std::vector<float> residual;                      // the trunk's output in float32: the blocks' skips
  std::vector<float> outF32, flat, hidden, out;     // float32 head outputs and dense layers
  std::vector<int32_t> pixels;                      // the inner pixels of the batch
};

FusedNet::FusedNet(const Network& net) : meta_(net.meta()) {
  const NetworkConfig& c = meta_.network;
  const NetShape& s = meta_.shape;
  const Weights w = weightsOf(net);
  const int cells = s.input.height * s.input.width;
  trunk_.push_back(foldedConv(w, "stem", s.input.planes, c.channels, 3));
  for (int i = 0; i < c.blocks; ++i) {
    const std::string block = "blocks." + std::to_string(i);
    trunk_.push_back(foldedConv(w, block + ".conv1", c.channels, c.channels, 3));
    trunk_.push_back(foldedConv(w, block + ".conv2", c.channels, c.channels, 3));
  }
  policyConv_ = foldedConv(w, "policy_conv", c.channels, c.policyChannels, 1);
  if (s.convPolicy()) {
    if (s.numActions != s.policy.planes * cells) throw Error("fused network: the policy planes do not cover the actions");
    policyOut_ = std::make_unique<Bf16Conv>(c.policyChannels, s.policy.planes, 1, take(w, "policy_out.weight").data(),
                                            take(w, "policy_out.bias").data());
  } else {
    policyFc_ = dense(w, "policy_fc", c.policyChannels * cells, s.numActions);
  }
  valueConv_ = foldedConv(w, "value_conv", c.channels, c.valueChannels, 1);
  wdl_ = c.valueHead == "wdl";
  valueFc1_ = dense(w, "value_fc1", c.valueChannels * cells, c.valueHidden);
  valueFc2_ = dense(w, "value_fc2", c.valueHidden, wdl_ ? 3 : 1);

  const int paddedWidth = s.input.width + 2;
  paddedCells_ = (s.input.height + 2) * paddedWidth;
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) taps3_.push_back(dy * paddedWidth + dx);
  }
  for (int y = 0; y < s.input.height; ++y) {
    for (int x = 0; x < s.input.width; ++x) inner_.push_back((y + 1) * paddedWidth + x + 1);
  }
}

FusedNet::~FusedNet() = default;

void FusedNet::encodeInputs(const float* inputs, int n, Buffers& b) const {
  const Bf16Conv& stem = trunk_.front();
  const int cells = int(inner_.size());
  b.input.assign(size_t(n) * paddedCells_ * stem.inPad, 0);
  b.pixels.resize(size_t(n) * cells);
  for (int pos = 0; pos < n; ++pos) {
    const float* planes = inputs + size_t(pos) * stem.in * cells;
    for (int cell = 0; cell < cells; ++cell) {
      const int32_t pixel = pos * paddedCells_ + inner_[size_t(cell)];
      b.pixels[size_t(pos) * cells + size_t(cell)] = pixel;
      uint16_t* to = &b.input[size_t(pixel) * stem.inPad];
      for (int c = 0; c < stem.in; ++c) to[c] = toBf16(planes[size_t(c) * cells + size_t(cell)]);
    }
  }
}

void FusedNet::predict(const float* inputs, int n, float* logits, float* values, float* draws) const {
  // A few positions at a time, so that their activations stay in the core's own cache.
  constexpr int kChunk = 16;
  const size_t inputSize = size_t(meta_.shape.input.size()), numActions = size_t(meta_.shape.numActions);
  for (int start = 0; start < n; start += kChunk) {
    predictChunk(inputs + start * inputSize, std::min(kChunk, n - start), logits + start * numActions, values + start,
                 draws ? draws + start : nullptr);
  }
}

void FusedNet::predictChunk(const float* inputs, int n, float* logits, float* values, float* draws) const {
  thread_local Buffers b;
  encodeInputs(inputs, n, b);
  const int channels = trunk_.front().outPad;
  const size_t trunkSize = size_t(n) * paddedCells_ * channels;
  b.trunk.assign(trunkSize, 0);
  b.inner.assign(trunkSize, 0);
  b.residual.resize(trunkSize);  // read and written at the inner pixels only
  ConvIo io;
  io.pixels = b.pixels.data();
  io.count = int(b.pixels.size());
  io.taps = taps3_.data();
  io.relu = true;
  io.input = b.input.data();
  io.inputStride = trunk_.front().inPad;
  io.outBf16 = b.trunk.data();
  io.outF32 = b.residual.data();
  runConv(trunk_.front(), io);
  io.inputStride = channels;
  for (size_t i = 1; i + 1 < trunk_.size(); i += 2) {
    // The convolutions read bfloat16; the skip adds the block's input in float32, so that
    // the rounding of the residual stream does not build up block after block.
    io.input = b.trunk.data();
    io.outBf16 = b.inner.data();
    io.outF32 = nullptr;
    io.skip = nullptr;
    runConv(trunk_[i], io);
    io.input = b.inner.data();
    io.outBf16 = b.trunk.data();
    io.outF32 = b.residual.data();
    io.skip = b.residual.data();
    runConv(trunk_[i + 1], io);
  }
  policyHead(n, b, logits);
  valueHead(n, b, values, draws);
}

void FusedNet::policyHead(int n, Buffers& b, float* logits) const {
  static const int32_t kCentre = 0;
  const int cells = int(inner_.size());
  ConvIo io;
  io.input = b.trunk.data();
  io.inputStride = trunk_.front().outPad;
  io.pixels = b.pixels.data();
  io.count = int(b.pixels.size());
  io.taps = &kCentre;
  io.relu = true;
  b.head.assign(size_t(n) * paddedCells_ * policyConv_.outPad, 0);
  io.outBf16 = b.head.data();
  runConv(policyConv_, io);
  const int numActions = meta_.shape.numActions;
  if (policyOut_) {
    io.input = b.head.data();
    io.inputStride = policyConv_.outPad;
    io.relu = false;
    io.outBf16 = nullptr;
    b.outF32.resize(size_t(n) * paddedCells_ * policyOut_->outPad);
    io.outF32 = b.outF32.data();
    runConv(*policyOut_, io);
    for (int pos = 0; pos < n; ++pos) {
      for (int cell = 0; cell < cells; ++cell) {
        const float* from = &b.outF32[size_t(b.pixels[size_t(pos) * cells + size_t(cell)]) * policyOut_->outPad];
        for (int plane = 0; plane < policyOut_->out; ++plane) {
          logits[size_t(pos) * numActions + size_t(plane) * cells + size_t(cell)] = from[plane];
        }
      }
    }
    return;
  }
  b.flat.resize(size_t(n) * policyFc_.in);
  for (int pos = 0; pos < n; ++pos) {
    for (int cell = 0; cell < cells; ++cell) {
      const uint16_t* from = &b.head[size_t(b.pixels[size_t(pos) * cells + size_t(cell)]) * policyConv_.outPad];
      for (int c = 0; c < policyConv_.out; ++c) b.flat[size_t(pos) * policyFc_.in + size_t(c) * cells + size_t(cell)] = fromBf16(from[c]);
    }
  }
  runDense(policyFc_, b.flat.data(), n, logits, false);
}

void FusedNet::valueHead(int n, Buffers& b, float* values, float* draws) const {
  static const int32_t kCentre = 0;
  const int cells = int(inner_.size());
  ConvIo io;
  io.input = b.trunk.data();
  io.inputStride = trunk_.front().outPad;
  io.pixels = b.pixels.data();
  io.count = int(b.pixels.size());
  io.taps = &kCentre;
  io.relu = true;
  b.outF32.resize(size_t(n) * paddedCells_ * valueConv_.outPad);
  io.outF32 = b.outF32.data();
  runConv(valueConv_, io);
  b.flat.resize(size_t(n) * valueFc1_.in);
  for (int pos = 0; pos < n; ++pos) {
    for (int cell = 0; cell < cells; ++cell) {
      const float* from = &b.outF32[size_t(b.pixels[size_t(pos) * cells + size_t(cell)]) * valueConv_.outPad];
      for (int c = 0; c < valueConv_.out; ++c) b.flat[size_t(pos) * valueFc1_.in + size_t(c) * cells + size_t(cell)] = from[c];
    }
  }
  b.hidden.resize(size_t(n) * valueFc1_.out);
  runDense(valueFc1_, b.flat.data(), n, b.hidden.data(), true);
  b.out.resize(size_t(n) * valueFc2_.out);
  runDense(valueFc2_, b.hidden.data(), n, b.out.data(), false);
  for (int pos = 0; pos < n; ++pos) {
    const float* v = &b.out[size_t(pos) * valueFc2_.out];
    if (!wdl_) {
      values[pos] = std::tanh(v[0]);
      if (draws) draws[pos] = 0.f;
      continue;
    }
    const float top = std::max({v[0], v[1], v[2]});
    const float win = std::exp(v[0] - top), draw = std::exp(v[1] - top), loss = std::exp(v[2] - top);
    const float sum = win + draw + loss;
    values[pos] = (win - loss) / sum;
    if (draws) draws[pos] = draw / sum;
  }
}

}  // namespace tz
