// Checkpoints: bit-exact round trips with optimizer state, metadata checks against the
// variant, and clear errors for truncated or corrupted files.
#include <gtest/gtest.h>
#include <torch/torch.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "game/base/error.h"
#include "game/registry.h"
#include "nets/checkpoint.h"
#include "nets/network_impl.h"
#include "nets/temp_dir.h"
#include "nets/positions.h"
#include "tests/nets/net_test_helpers.h"

namespace tz {
namespace {

// One optimizer step on a fixed batch of positions with fixed targets.
void trainStep(Network& net, const Game& game) {
  auto states = randomPositions(game, 4);
  const TensorShape s = game.inputShape();
  torch::Tensor x = torch::empty({4, s.planes, s.height, s.width});
  for (int i = 0; i < 4; ++i) states[i]->encode(x[i].data_ptr<float>());
  torch::Tensor targetPolicy = torch::softmax(torch::arange(float(game.numActions())).repeat({4, 1}) / 100.0, 1);
  torch::Tensor targetValue = torch::tensor({1.f, -1.f, 0.f, 1.f});
  net.setTraining(true);
  NetOutput out = net.impl().net->forward(x);
  torch::Tensor loss = -(torch::log_softmax(out.policy, 1) * targetPolicy).sum(1).mean() +
                       torch::mse_loss(out.value, targetValue);
  net.impl().optimizer->zero_grad();
  loss.backward();
  net.impl().optimizer->step();
  net.setTraining(false);
  net.setStep(net.step() + 1);
}

void expectSameTensors(const Network& a, const Network& b) {
  auto pa = a.impl().net->named_parameters(), pb = b.impl().net->named_parameters();
  ASSERT_EQ(pa.size(), pb.size());
  for (const auto& p : pa) EXPECT_TRUE(torch::equal(p.value(), pb[p.key()])) << p.key();
  auto ba = a.impl().net->named_buffers(), bb = b.impl().net->named_buffers();
  ASSERT_EQ(ba.size(), bb.size());
  for (const auto& p : ba) EXPECT_TRUE(torch::equal(p.value(), bb[p.key()])) << p.key();
}

std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void writeBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

class CheckpointRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(CheckpointRoundTrip, IsBitExactIncludingOptimizerState) {
  auto game = loadGame("linnaeus");
  TempDir dir("tz-ckpt-");
  Network net(*game, test::tinyNetwork(), "cpu", 3);
  net.createOptimizer({GetParam(), 0.01, 0.9, 1e-4});
  trainStep(net, *game);
  trainStep(net, *game);  // momentum / Adam moments and batch-norm statistics are now non-trivial
  const std::string path = dir.file("net.ckpt");
  saveCheckpoint(net, path);

  auto loaded = loadCheckpoint(path, *game);
  expectSameTensors(net, *loaded);
  EXPECT_EQ(loaded->step(), 2);
  ASSERT_NE(loaded->optimizerConfig(), nullptr);
  EXPECT_EQ(loaded->optimizerConfig()->kind, GetParam());
  EXPECT_EQ(loaded->optimizerConfig()->learningRate, 0.01);
  EXPECT_EQ(modelMetaJson(loaded->meta()), modelMetaJson(net.meta()));
  // The optimizer state came back too: one more identical step keeps both identical.
  trainStep(net, *game);
  trainStep(*loaded, *game);
  expectSameTensors(net, *loaded);

  const CheckpointInfo info = readCheckpointInfo(path);
  EXPECT_EQ(info.model.variant, "linnaeus");
  EXPECT_EQ(info.model.rulesYaml, game->rulesYaml());
  EXPECT_EQ(info.model.network.channels, 8);
  EXPECT_TRUE(info.hasOptimizer);
}

INSTANTIATE_TEST_SUITE_P(Optimizers, CheckpointRoundTrip, ::testing::Values("sgd", "adamw"));

TEST(Checkpoint, WithoutOptimizerAndCloneKeepWeights) {
  auto game = loadGame("brandubh");
  TempDir dir("tz-ckpt-");
  Network net(*game, test::tinyNetwork(), "cpu", 4);
  net.setStep(17);
  saveCheckpoint(net, dir.file("a.ckpt"));
  auto loaded = loadCheckpoint(dir.file("a.ckpt"), *game);
  EXPECT_EQ(loaded->optimizerConfig(), nullptr);
  EXPECT_EQ(loaded->step(), 17);
  expectSameTensors(net, *loaded);
  expectSameTensors(net, *net.clone("cpu"));
  // Overwriting keeps one file and no temporaries.
  saveCheckpoint(net, dir.file("a.ckpt"));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1);
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Checkpoint, WrongVariantNamesTheDifferingRules) {
  auto game = loadGame("linnaeus");
  TempDir dir("tz-ckpt-");
  const std::string path = dir.file("linnaeus.ckpt");
  saveCheckpoint(Network(*game, test::tinyNetwork()), path);

  auto strong = loadGame("linnaeus", {"king.capture=strong"});
  const std::string msg = errorOf([&] { loadCheckpoint(path, *strong); });
  EXPECT_NE(msg.find("is for variant linnaeus with king.capture=weak_off_throne, but the variant linnaeus has "
                     "king.capture=strong"),
            std::string::npos)
      << msg;

  auto other = loadGame("brandubh");
  const std::string msg2 = errorOf([&] { loadCheckpoint(path, *other); });
  EXPECT_NE(msg2.find("size=9"), std::string::npos) << msg2;
  EXPECT_NE(msg2.find("size=7"), std::string::npos) << msg2;

  // The variant rebuilt from the checkpoint's recorded rules is accepted.
  EXPECT_NO_THROW(loadCheckpoint(path, *gameOfModel(readCheckpointInfo(path).model)));
}

TEST(Checkpoint, TruncatedCorruptedOrMissingFilesFailClearly) {
  auto game = loadGame("brandubh");
  TempDir dir("tz-ckpt-");
  const std::string path = dir.file("net.ckpt");
  saveCheckpoint(Network(*game, test::tinyNetwork()), path);
  const std::string bytes = readBytes(path);

  writeBytes(path, bytes.substr(0, bytes.size() / 2));
  EXPECT_NE(errorOf([&] { loadCheckpoint(path, *game); }).find("is truncated"), std::string::npos);
  writeBytes(path, bytes.substr(0, 12));
  EXPECT_NE(errorOf([&] { loadCheckpoint(path, *game); }).find("is truncated"), std::string::npos);

  std::string flipped = bytes;
  flipped[bytes.size() - 100] ^= 0x20;
  writeBytes(path, flipped);
  EXPECT_NE(errorOf([&] { loadCheckpoint(path, *game); }).find("is corrupted (checksum mismatch)"), std::string::npos);

  writeBytes(path, "not a checkpoint at all, just some text that is long enough");
  EXPECT_NE(errorOf([&] { loadCheckpoint(path); }).find("is not a taflzero checkpoint"), std::string::npos);

  EXPECT_NE(errorOf([&] { loadCheckpoint(dir.file("missing.ckpt"), *game); }).find("cannot open checkpoint"),
            std::string::npos);
}

TEST(Checkpoint, WeightsThatDoNotParseAreAnErrorNamingTheFile) {
  // The checksum guards against damage by chance; a payload damaged and packed again with its
  // checksum (as a hostile file would be) reaches LibTorch's archive reader, whose own kinds of
  // exception become one Error naming the file. Here the archive's code does not parse.
  auto game = loadGame("brandubh");
  const std::string bytes = checkpointBytes(Network(*game, test::tinyNetwork()));
  uint64_t metaLength = 0;  // the header: 8 magic bytes, then the metadata's length, ...
  std::memcpy(&metaLength, bytes.data() + 8, sizeof(metaLength));
  std::string payload = bytes.substr(32 + metaLength);
  const size_t code = payload.find("__parameters__");
  ASSERT_NE(code, std::string::npos);
  payload[code] = '$';  // no token of the archive's code starts with $
  const std::string damaged = packCheckpoint(bytes.substr(32, metaLength), payload);
  EXPECT_NE(errorOf([&] { networkFromCheckpointBytes(damaged, "checkpoint x.ckpt", "cpu"); })
                .find("checkpoint x.ckpt could not be read: its weights are damaged ("),
            std::string::npos);
}

}  // namespace
}  // namespace tz
