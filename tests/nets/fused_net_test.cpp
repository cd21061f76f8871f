// The bfloat16 forward pass against LibTorch's float32 one: the same logits, values and
// draw probabilities to bfloat16's precision, for every head kind; the fast kernel against
// the portable loop.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "game/registry.h"
#include "nets/bf16_conv.h"
#include "nets/fused_net.h"
#include "nets/network.h"
#include "nets/network_impl.h"
#include "nets/positions.h"

namespace tz {
namespace {

// A network whose batch normalisation has learnt something: statistics and affine terms
// away from their initial 0 and 1, so that folding them into the convolutions is tested.
std::shared_ptr<Network> trainedLookingNetwork(const Game& game, const std::string& network) {
  auto net = std::make_shared<Network>(game, loadNetworkConfig(network), "cpu", 5);
  torch::NoGradGuard noGrad;
  torch::manual_seed(11);
  for (auto& b : net->impl().net->named_buffers()) {
    if (b.key().find("running_mean") != std::string::npos) b.value().uniform_(-0.3, 0.3);
    if (b.key().find("running_var") != std::string::npos) b.value().uniform_(0.4, 1.6);
  }
  for (auto& p : net->impl().net->named_parameters()) {
    if (p.key().find(".bn.weight") != std::string::npos) p.value().uniform_(0.6, 1.4);
    if (p.key().find(".bn.bias") != std::string::npos) p.value().uniform_(0.1, 0.6);
  }
  return net;
}

// The largest difference between the two passes over 64 positions, per output.
struct Differences {
  float logits = 0, values = 0, draws = 0;
  double topAgreement = 0;  // share of positions whose largest logit is the same action
  float valueSpread = 0;    // the largest value less the smallest: the positions were told apart
};

Differences compare(const std::string& variant, const std::string& network) {
  auto game = loadGame(variant);
  auto net = trainedLookingNetwork(*game, network);
  const FusedNet fused(*net);
  const auto positions = randomPositions(*game, 64);
  const std::vector<float> inputs = encodePositions(*game, positions);
  const int n = int(positions.size()), actions = game->numActions();
  std::vector<float> logits(size_t(n) * actions), values(static_cast<size_t>(n)), draws(static_cast<size_t>(n));
  std::vector<float> fusedLogits(logits.size()), fusedValues(values.size()), fusedDraws(draws.size());
  net->predict(inputs.data(), n, logits.data(), values.data(), false, draws.data());
  fused.predict(inputs.data(), n, fusedLogits.data(), fusedValues.data(), fusedDraws.data());
  Differences d;
  int agree = 0;
  for (int i = 0; i < n; ++i) {
    const auto row = logits.begin() + i * actions, fusedRow = fusedLogits.begin() + i * actions;
    agree += std::max_element(row, row + actions) - row == std::max_element(fusedRow, fusedRow + actions) - fusedRow;
    for (int a = 0; a < actions; ++a) d.logits = std::max(d.logits, std::abs(row[a] - fusedRow[a]));
    d.values = std::max(d.values, std::abs(values[size_t(i)] - fusedValues[size_t(i)]));
    d.draws = std::max(d.draws, std::abs(draws[size_t(i)] - fusedDraws[size_t(i)]));
  }
  d.topAgreement = double(agree) / n;
  d.valueSpread = *std::max_element(values.begin(), values.end()) - *std::min_element(values.begin(), values.end());
  return d;
}

TEST(FusedNet, FollowsLibTorchWithAConvolutionalPolicyAndScalarValue) {
  const Differences d = compare("brandubh", "small");
  EXPECT_LT(d.logits, 0.05f);
  EXPECT_LT(d.values, 0.02f);
  EXPECT_GT(d.valueSpread, 0.001f);
  EXPECT_EQ(d.draws, 0.f);  // a scalar head has no draws
  EXPECT_GE(d.topAgreement, 0.9);  // an untrained network's logits lie close together
}

TEST(FusedNet, FollowsLibTorchWithAWinDrawLossHeadOnALargerBoard) {
  const Differences d = compare("copenhagen", "small-wdl");
  EXPECT_LT(d.logits, 0.05f);
  EXPECT_LT(d.values, 0.02f);
  EXPECT_GT(d.valueSpread, 0.001f);
  EXPECT_LT(d.draws, 0.02f);
  EXPECT_GE(d.topAgreement, 0.9);  // an untrained network's logits lie close together
}

TEST(FusedNet, FollowsLibTorchWithAFullyConnectedPolicy) {
  auto game = loadGame("morris");
  ASSERT_FALSE(netShapeOf(*game).convPolicy());
  const Differences d = compare("morris", "small");
  EXPECT_LT(d.logits, 0.05f);
  EXPECT_LT(d.values, 0.02f);
  EXPECT_GT(d.valueSpread, 0.001f);
  EXPECT_GE(d.topAgreement, 0.9);  // an untrained network's logits lie close together
}

TEST(FusedNet, WiderTrunksUseEveryChannelBlock) {
  const Differences d = compare("linnaeus", "default");  // 64 channels: two tiles of 32 outputs
  EXPECT_LT(d.logits, 0.05f);
  EXPECT_LT(d.values, 0.02f);
  EXPECT_GT(d.valueSpread, 0.001f);
}

TEST(Bf16Conv, RoundsToNearestEven) {
  EXPECT_EQ(fromBf16(toBf16(1.0f)), 1.0f);
  EXPECT_EQ(fromBf16(toBf16(-2.5f)), -2.5f);
  EXPECT_EQ(fromBf16(toBf16(1.0f + 1.0f / 256)), 1.0f);                  // a tie: to the even 1.0
  EXPECT_EQ(fromBf16(toBf16(1.0f + 3.0f / 256)), 1.0f + 4.0f / 256);     // a tie: to the even 1 + 2^-6
  EXPECT_EQ(fromBf16(toBf16(1.0f + 1.0f / 256 + 1e-6f)), 1.0f + 1.0f / 128);  // above the tie: up
}

TEST(Bf16Conv, TheFastKernelSumsAsThePortableLoop) {
  if (!hasBf16DotProduct()) GTEST_SKIP() << "this CPU has no AVX512_BF16: only the portable loop runs here";
  // 3 input channels (padded to 4), 40 output channels (a tile of 32 and one of 16), on
  // 11 pixels (a tile of 8, then 3 alone; two are repeated) of a 5x5 padded board; a
  // residual and ReLU.
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> w(40 * 3 * 9), b(40);
  for (float& x : w) x = u(rng);
  for (float& x : b) x = u(rng);
  const Bf16Conv conv(3, 40, 3, w.data(), b.data());
  std::vector<uint16_t> input(25 * 4, 0);
  std::vector<float> skip(25 * 48, 0.f);
  for (int pixel = 0; pixel < 25; ++pixel) {
    for (int c = 0; c < 3; ++c) input[size_t(pixel) * 4 + size_t(c)] = toBf16(u(rng));
    for (int c = 0; c < 48; ++c) skip[size_t(pixel) * 48 + size_t(c)] = u(rng);
  }
  const std::vector<int32_t> taps = {-6, -5, -4, -1, 0, 1, 4, 5, 6};
  const std::vector<int32_t> pixels = {6, 7, 8, 11, 12, 13, 16, 17, 18, 6 + 1, 12 + 1};
  std::vector<float> fast(25 * 48, 0.f), portable(25 * 48, 0.f);
  ConvIo io;
  io.input = input.data();
  io.inputStride = 4;
  io.pixels = pixels.data();
  io.count = int(pixels.size());
  io.taps = taps.data();
  io.skip = skip.data();
  io.relu = true;
  io.outF32 = fast.data();
  runConv(conv, io);
  io.outF32 = portable.data();
  runConvPortable(conv, io);
  int positive = 0;
  for (size_t i = 0; i < fast.size(); ++i) {
    EXPECT_NEAR(fast[i], portable[i], 1e-4f) << i;
    positive += portable[i] > 0;
  }
  EXPECT_GT(positive, 100);  // the ReLU left a good part of the sums
}

}  // namespace
}  // namespace tz
