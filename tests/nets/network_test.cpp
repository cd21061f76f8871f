// Network shapes and legal-action masking for every preset, and network config files.
#include <gtest/gtest.h>

#include <cmath>

#include "game/base/error.h"
#include "game/registry.h"
#include "nets/net_evaluator.h"
#include "nets/network.h"
#include "nets/network_impl.h"
#include "nets/positions.h"
#include "tests/nets/net_test_helpers.h"

namespace tz {
namespace {

TEST(NetworkConfig, PresetsHaveTheDocumentedSizes) {
  const NetworkConfig small = loadNetworkConfig("small"), def = loadNetworkConfig("default"),
                      large = loadNetworkConfig("large");
  EXPECT_EQ(small.blocks, 4);
  EXPECT_EQ(small.channels, 32);
  EXPECT_EQ(def.blocks, 6);
  EXPECT_EQ(def.channels, 64);
  EXPECT_EQ(large.blocks, 10);
  EXPECT_EQ(large.channels, 128);
  EXPECT_EQ(small.name, "small");
}

TEST(NetworkConfig, YamlRoundTrips) {
  const NetworkConfig c = test::tinyNetwork();
  const NetworkConfig back = networkConfigFromYaml(networkConfigYaml(c), "test");
  EXPECT_EQ(back.name, c.name);
  EXPECT_EQ(back.blocks, c.blocks);
  EXPECT_EQ(back.channels, c.channels);
  EXPECT_EQ(back.policyChannels, c.policyChannels);
  EXPECT_EQ(back.valueChannels, c.valueChannels);
  EXPECT_EQ(back.valueHidden, c.valueHidden);
  EXPECT_EQ(back.valueHead, "scalar");
  NetworkConfig wdl = c;
  wdl.valueHead = "wdl";
  EXPECT_EQ(networkConfigFromYaml(networkConfigYaml(wdl), "test").valueHead, "wdl");
  // Written from the fields list that reads it, every preset reads back to the same text,
  // and the text is as checkpoints have stored it.
  for (const std::string preset : {"small", "small-wdl", "default", "large"}) {
    const std::string text = networkConfigYaml(loadNetworkConfig(preset));
    EXPECT_EQ(networkConfigYaml(networkConfigFromYaml(text, "test")), text) << preset;
  }
  EXPECT_EQ(networkConfigYaml(c),
            "name: tiny\nblocks: 1\nchannels: 8\npolicy_channels: 4\nvalue_channels: 2\nvalue_hidden: 8\nvalue_head: scalar\n");
  try {
    networkConfigFromYaml("value_head: ternary\n", "net.yaml");
    FAIL() << "an unknown value head was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("value_head"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("wdl"), std::string::npos) << e.what();
  }
}

TEST(NetworkConfig, AwkwardNamesRoundTripWhole) {
  for (const std::string name : {"tiny net: v2", "#x", "a\nb", "[list", "'quote\"", "- dash", "yes", "12"}) {
    SCOPED_TRACE(name);
    NetworkConfig c = test::tinyNetwork();
    c.name = name;
    const NetworkConfig back = networkConfigFromYaml(networkConfigYaml(c), "test");
    EXPECT_EQ(back.name, name);
    EXPECT_EQ(back.channels, c.channels);
  }
}

TEST(Network, ParameterCountIsTheModulesCount) {
  for (const std::string& variant : {"brandubh", "morris", "hnefatafl-11"}) {
    for (const std::string& head : {"scalar", "wdl"}) {
      SCOPED_TRACE(variant + " " + head);
      NetworkConfig c = test::tinyNetwork();
      c.valueHead = head;
      c.blocks = 2;
      const Network net(*loadGame(variant), c);
      int64_t counted = 0;
      for (const auto& p : net.impl().net->parameters()) counted += p.numel();
      EXPECT_EQ(parameterCount(c, net.meta().shape), counted);
    }
  }
}

TEST(Network, AWinDrawLossHeadGivesTheDrawChanceAndWinMinusLoss) {
  auto game = loadGame("brandubh");
  NetworkConfig config = test::tinyNetwork();
  config.valueHead = "wdl";
  Network net(*game, config, "cpu", 3);
  const auto states = randomPositions(*game, 8, 5);
  const std::vector<float> inputs = encodePositions(*game, states);
  const int n = int(states.size());
  std::vector<float> logits(size_t(n) * game->numActions()), values(n), draws(n, -1.f);
  net.predict(inputs.data(), n, logits.data(), values.data(), false, draws.data());
  torch::NoGradGuard noGrad;
  const NetOutput out = net.impl().net->forward(torch::from_blob(const_cast<float*>(inputs.data()),
      {n, game->inputShape().planes, game->inputShape().height, game->inputShape().width}));
  ASSERT_TRUE(out.wdl.defined());
  const torch::Tensor p = torch::softmax(out.wdl, 1);
  for (int i = 0; i < n; ++i) {
    EXPECT_GT(draws[i], 0.f);
    EXPECT_LT(draws[i], 1.f);
    EXPECT_NEAR(draws[i], p[i][1].item<float>(), 1e-5);
    EXPECT_NEAR(values[i], p[i][0].item<float>() - p[i][2].item<float>(), 1e-5);
    EXPECT_LE(std::abs(values[i]), 1.f - draws[i] + 1e-5);
  }
  // A scalar head has no draw estimate.
  Network scalar(*game, test::tinyNetwork(), "cpu", 3);
  scalar.predict(inputs.data(), n, logits.data(), values.data(), false, draws.data());
  for (float d : draws) EXPECT_EQ(d, 0.f);
}

TEST(NetworkConfig, RejectsUnknownKeysAndOutOfRangeValues) {
  try {
    networkConfigFromYaml("blocks: 2\nchanels: 8\n", "net.yaml");
    FAIL() << "unknown key accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("chanels"), std::string::npos) << e.what();
  }
  try {
    networkConfigFromYaml("channels: 0\n", "net.yaml");
    FAIL() << "zero channels accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("net.yaml: key 'channels'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(loadNetworkConfig("no-such-network"), Error);
}

TEST(NetworkConfig, ANetworkBuiltInCodeIsCheckedAgainstTheFileRanges) {
  NetworkConfig c = test::tinyNetwork();
  EXPECT_NO_THROW(c.check("code"));
  c.valueHidden = 0;
  try {
    c.check("code");
    FAIL() << "zero value_hidden accepted";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(), "code: key 'value_hidden': expected an integer in [1, 4096], got 0");
  }
  c.name = "zero-hidden";
  const auto game = loadGame("brandubh", {});
  try {
    Network net(*game, c, "cpu", 1);
    FAIL() << "a network with no value layer was built";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("network zero-hidden: key 'value_hidden'"), std::string::npos) << e.what();
  }
}

TEST(Network, UnavailableCudaIsAClearError) {
  if (cudaAvailable()) GTEST_SKIP() << "CUDA is available here";
  auto game = loadGame("brandubh");
  try {
    Network net(*game, test::tinyNetwork(), "cuda");
    FAIL() << "cuda accepted without CUDA";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("CUDA is not available"), std::string::npos) << e.what();
    // The flags that choose the CPU, as train and bench net spell them (train has no --device).
    EXPECT_NE(std::string(e.what()).find("train: --set device=cpu; bench net: --device cpu"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Network(*game, test::tinyNetwork(), "tpu"), Error);
}

TEST(Network, SameSeedSameWeights) {
  auto game = loadGame("brandubh");
  Network a(*game, test::tinyNetwork(), "cpu", 5), b(*game, test::tinyNetwork(), "cpu", 5),
      c(*game, test::tinyNetwork(), "cpu", 6);
  auto state = game->newGame();
  std::vector<float> in(game->inputShape().size()), la(game->numActions()), lb(la.size()), lc(la.size());
  float va, vb, vc;
  state->encode(in.data());
  a.predict(in.data(), 1, la.data(), &va);
  b.predict(in.data(), 1, lb.data(), &vb);
  c.predict(in.data(), 1, lc.data(), &vc);
  EXPECT_EQ(la, lb);
  EXPECT_EQ(va, vb);
  EXPECT_NE(la, lc);
}

// Every variant: output sizes, values in [-1, 1], and priors over exactly the legal
// actions equal to the softmax of their logits. One test for all presets keeps the
// suite's process count (each loads LibTorch) low.
TEST(Network, OutputShapesAndLegalMaskForEveryPreset) {
  for (const std::string& variant : presetNames()) {
    SCOPED_TRACE(variant);
    auto game = loadGame(variant);
    auto net = std::make_shared<Network>(*game, test::tinyNetwork());
    const NetShape& shape = net->meta().shape;
    EXPECT_EQ(shape.numActions, game->numActions());
    EXPECT_EQ(shape.policy.size(), game->numActions());
    EXPECT_EQ(shape.convPolicy(), game->family() != "morris");  // morris has a flat policy, not one per square

    auto states = randomPositions(*game, 3);
    ASSERT_EQ(states.size(), 3u);
    const int in = game->inputShape().size();
    std::vector<float> inputs(3 * in), logits(3 * size_t(game->numActions())), values(3);
    for (int i = 0; i < 3; ++i) states[i]->encode(&inputs[i * in]);
    net->predict(inputs.data(), 3, logits.data(), values.data());

    NetEvaluator evaluator(net, NetEvaluatorOptions{});
    for (int i = 0; i < 3; ++i) {
      EXPECT_GE(values[i], -1.f);
      EXPECT_LE(values[i], 1.f);
      std::vector<Action> legal;
      states[i]->legalActions(legal);
      ASSERT_FALSE(legal.empty());
      std::vector<float> priors(legal.size(), -1.f);
      EvalRequest r{states[i].get(), legal.data(), int(legal.size()), priors.data()};
      evaluator.evaluate(&r, 1);
      const float* row = &logits[i * size_t(game->numActions())];
      double z = 0, sum = 0;
      for (Action a : legal) z += std::exp(double(row[a]));
      for (size_t k = 0; k < legal.size(); ++k) {
        EXPECT_NEAR(priors[k], std::exp(double(row[legal[k]])) / z, 1e-5) << "action " << legal[k];
        sum += priors[k];
      }
      EXPECT_NEAR(sum, 1.0, 1e-5);
      EXPECT_NEAR(r.value, values[i], 1e-5);
    }
  }
}

}  // namespace
}  // namespace tz
