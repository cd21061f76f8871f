// Checkpoints: bit-exact round trips with optimizer state, metadata checks against the
// variant, and clear errors for truncated or corrupted files.
#include <gtest/gtest.h>
#include <torch/torch.h>

#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "game/base/error.h"
#include "game/registry.h"
#include "nets/checkpoint.h"
#include "nets/network_impl.h"
#include "nets/network_tensors.h"
#include "nets/temp_dir.h"
#include "nets/positions.h"
#include "tests/nets/net_test_helpers.h"
#include "tests/nets/train_step.h"

namespace tz {
namespace {

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
  test::trainStep(net, *game);
  test::trainStep(net, *game);  // momentum / Adam moments and batch-norm statistics are now non-trivial
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
  test::trainStep(net, *game);
  test::trainStep(*loaded, *game);
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
  expectSameTensors(net, *copyNetwork(net, "cpu"));
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

// The weights of a checkpoint whose header was packed again with its checksum, as a hostile
// file would be: every damage is one Error naming the file, before or instead of any use.
std::string weightsError(const std::string& meta, const std::string& weights) {
  return errorOf([&] { networkFromCheckpointBytes(packCheckpoint(meta, weights), "checkpoint x.ckpt", "cpu"); });
}

TEST(Checkpoint, HostileWeightsAreOneErrorNamingTheFile) {
  auto game = loadGame("brandubh");
  Network net(*game, test::tinyNetwork());
  const test::CheckpointParts parts = test::checkpointParts(checkpointBytes(net));
  const std::vector<NamedTensor> tensors = networkTensors(net.impl());
  const auto expectError = [&](const std::string& weights, const std::string& message) {
    const std::string error = weightsError(parts.meta, weights);
    EXPECT_EQ(error.rfind("checkpoint x.ckpt: ", 0), 0u) << error;
    EXPECT_NE(error.find(message), std::string::npos) << error;
  };
  // The archive's own framing: magic bytes, counts, names, types, ranks and sizes.
  const std::string good = parts.weights;
  ASSERT_EQ(good.substr(0, 10), "TZTENSORS1");
  expectError("PK" + good.substr(2), "not in taflzero's weights format (bad magic bytes)");
  std::string count = good;
  count.replace(10, 4, std::string(4, '\xff'));  // 4 billion tensors
  expectError(count, "its weights end early");
  expectError(good.substr(0, good.size() - 3), "its weights end early");
  expectError(good + "x", "bytes after the last tensor");
  const std::string firstName = tensors[0].name;
  const size_t rank = 14 + 2 + firstName.size() + 1;  // count, name length, name, type
  std::string ranked = good;
  ranked[rank] = char(200);
  expectError(ranked, "of rank 200");
  std::string typed = good;
  typed[rank - 1] = char(9);
  expectError(typed, "of type 9");
  std::string huge = good;
  const uint64_t size = uint64_t(1) << 62;
  std::memcpy(&huge[rank + 1], &size, sizeof(size));
  expectError(huge, "is larger than the file");
  // Well-framed tensors that are not the network's: missing, repeated, reshaped, foreign
  // (the last tensor, a small one: the payload keeps the size the architecture needs).
  const NamedTensor& last = tensors.back();
  std::vector<NamedTensor> fewer(tensors.begin(), tensors.end() - 1);
  expectError(packTensors(fewer), "its weights lack tensor '" + last.name + "'");
  std::vector<NamedTensor> twice = tensors;
  twice.push_back(last);
  expectError(packTensors(twice), "hold tensor '" + last.name + "' twice");
  std::vector<NamedTensor> reshaped = tensors;
  reshaped.back().value = torch::zeros({3}, last.value.scalar_type());
  expectError(packTensors(reshaped), "give tensor '" + last.name + "' as ");
  expectError(packTensors(reshaped), " [3], where the network's is ");
  std::vector<NamedTensor> foreign = tensors;
  foreign.push_back({"model/extra.weight", torch::zeros({2})});
  expectError(packTensors(foreign), "hold tensor 'model/extra.weight', which a network of its architecture has not");
}

TEST(Checkpoint, DeeplyNestedMetadataIsOneErrorNotACrash) {
  // Metadata packed with a valid checksum, nested 100,000 levels deep: refused while parsing.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const std::string nestedModel = R"({"format": 2, "model": )" + deep + R"(, "step": 0})";
  for (const std::string& meta : {deep, nestedModel}) {
    const std::string error = errorOf([&] { checkpointInfoFromBytes(packCheckpoint(meta, ""), "checkpoint x.ckpt"); });
    EXPECT_EQ(error.rfind("checkpoint x.ckpt: metadata: ", 0), 0u) << error;
    EXPECT_NE(error.find("nested deeper than"), std::string::npos) << error;
  }
}

TEST(Checkpoint, ALibTorchArchiveIsNeverHandedToLibTorch) {
  // Format 1 held a LibTorch archive, whose code LibTorch compiles as it loads it (a crafted
  // one overflowed the stack of its parser): such weights are refused by their magic bytes,
  // and a format 1 checkpoint by its metadata, before LibTorch sees them.
  auto game = loadGame("brandubh");
  Network net(*game, test::tinyNetwork());
  const test::CheckpointParts parts = test::checkpointParts(checkpointBytes(net));
  torch::serialize::OutputArchive archive;
  net.impl().net->save(archive);
  std::ostringstream torchBytes;
  archive.save_to(torchBytes);
  EXPECT_NE(weightsError(parts.meta, torchBytes.str()).find("its weights are not in taflzero's weights format"),
            std::string::npos);
  nlohmann::json meta = nlohmann::json::parse(parts.meta);
  meta["format"] = 1;
  EXPECT_NE(weightsError(meta.dump(), torchBytes.str())
                .find("checkpoint x.ckpt has checkpoint format 1, but this build reads format 2 (format 1, a "
                      "LibTorch archive, is no longer read)"),
            std::string::npos);
}

}  // namespace
}  // namespace tz
