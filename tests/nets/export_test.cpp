// Exports: TorchScript and ONNX models reproduce LibTorch's outputs, and model.json
// describes them. The ONNX check is skipped (with the reason) when onnxruntime is absent.
#include <gtest/gtest.h>
#include <torch/script.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "game/registry.h"
#include "nets/export.h"
#include "nets/temp_dir.h"
#include "nets/positions.h"
#include "tests/nets/net_test_helpers.h"

namespace tz {
namespace {

nlohmann::json readJson(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

// A position the exporter did not sample: outputs of the exported TorchScript module
// loaded here match the network's.
void expectTorchScriptMatches(const std::string& file, const Network& net, const Game& game) {
  auto states = randomPositions(game, 6, 99);
  const State& state = *states.back();
  const TensorShape s = game.inputShape();
  std::vector<float> in(s.size()), logits(game.numActions());
  float value;
  state.encode(in.data());
  net.predict(in.data(), 1, logits.data(), &value);
  torch::jit::script::Module module = torch::jit::load(file);
  auto out = module.forward({torch::from_blob(in.data(), {1, s.planes, s.height, s.width})}).toTuple();
  torch::Tensor p = out->elements()[0].toTensor(), v = out->elements()[1].toTensor();
  ASSERT_EQ(p.sizes(), (std::vector<int64_t>{1, game.numActions()}));
  EXPECT_LT((p - torch::from_blob(logits.data(), {1, game.numActions()})).abs().max().item<float>(), 1e-4);
  EXPECT_NEAR(v.item<float>(), value, 1e-4);
}

class ExportTest : public ::testing::TestWithParam<std::string> {};

// A tafl variant (convolutional policy head) and morris (fully connected policy head).
TEST_P(ExportTest, TorchScriptReproducesLibTorch) {
  auto game = loadGame(GetParam());
  Network net(*game, test::tinyNetwork(), "cpu", 21);
  net.setStep(5);
  TempDir dir("tz-export-");
  ExportOptions options;
  options.format = "torchscript";
  options.outDir = dir.file("ts");
  const ExportResult r = exportModel(net, *game, options);
  EXPECT_LE(r.maxAbsDiff, 1e-4);
  EXPECT_GE(r.maxAbsDiff, 0.0);
  EXPECT_NE(r.checkedWith.find("torch::jit::load"), std::string::npos);
  expectTorchScriptMatches(r.modelFile, net, *game);

  const auto j = readJson(r.sidecarFile);
  EXPECT_EQ(j["format"], "torchscript");
  EXPECT_EQ(j["file"], "model.pt");
  EXPECT_EQ(j["variant"], GetParam());
  EXPECT_EQ(j["training_step"], 5);
  EXPECT_EQ(j["encoding"], nlohmann::json::parse(game->encodingJson()));
  EXPECT_EQ(j["rules_yaml"], game->rulesYaml());
  EXPECT_EQ(j["inputs"][0]["shape"][1], game->inputShape().planes);
  EXPECT_EQ(j["outputs"][0]["shape"][1], game->numActions());
  EXPECT_EQ(j["architecture"]["network"]["channels"], 8);
  EXPECT_EQ(j["architecture"]["conv_policy"], game->family() == "tafl");
}

TEST_P(ExportTest, OnnxReproducesLibTorchUnderOnnxRuntime) {
  auto game = loadGame(GetParam());
  Network net(*game, test::tinyNetwork(), "cpu", 22);
  TempDir dir("tz-export-");
  ExportOptions options;
  options.format = "onnx";
  options.outDir = dir.file("onnx");
  const ExportResult r = exportModel(net, *game, options);
  ASSERT_TRUE(std::filesystem::exists(r.modelFile));
  const auto j = readJson(r.sidecarFile);
  EXPECT_EQ(j["format"], "onnx");
  EXPECT_EQ(j["export"]["opset"], 13);
  if (!r.uncheckedReason.empty()) GTEST_SKIP() << "ONNX output not checked: " << r.uncheckedReason;
  EXPECT_NE(r.checkedWith.find("onnxruntime"), std::string::npos);
  EXPECT_LE(r.maxAbsDiff, 1e-4);
  EXPECT_EQ(j["verified"]["samples"], 16);
}

INSTANTIATE_TEST_SUITE_P(Nets, ExportTest, ::testing::Values("linnaeus", "morris"));

// A win/draw/loss head exports its expected result as `value` and its probabilities as a
// third output, `wdl`, in both formats; model.json says so.
TEST(ExportWdl, BothFormatsGiveTheWinDrawLossOutput) {
  auto game = loadGame("morris");
  NetworkConfig config = test::tinyNetwork();
  config.valueHead = "wdl";
  Network net(*game, config, "cpu", 23);
  TempDir dir("tz-export-");
  ExportOptions options;
  options.format = "torchscript";
  options.outDir = dir.file("ts");
  const ExportResult ts = exportModel(net, *game, options);
  EXPECT_LE(ts.maxAbsDiff, 1e-4);
  expectTorchScriptMatches(ts.modelFile, net, *game);
  const auto j = readJson(ts.sidecarFile);
  ASSERT_EQ(j["outputs"].size(), 3u);
  EXPECT_EQ(j["outputs"][2]["name"], "wdl");
  EXPECT_EQ(j["outputs"][2]["shape"][1], 3);
  EXPECT_EQ(j["architecture"]["network"]["value_head"], "wdl");

  options.format = "onnx";
  options.outDir = dir.file("onnx");
  const ExportResult onnx = exportModel(net, *game, options);
  if (!onnx.uncheckedReason.empty()) GTEST_SKIP() << "ONNX output not checked: " << onnx.uncheckedReason;
  EXPECT_LE(onnx.maxAbsDiff, 1e-4);
}

}  // namespace
}  // namespace tz
