// Checkpoint files fuzzed (LibTorch build): their header bytes, and their metadata JSON and
// their weights repacked with a valid checksum so that mutations reach the metadata's parser
// with the rules and encoding checks behind it, and the weights reader with the network's
// checks behind it. A damaged input must give tz::Error, never another exception or a crash
// (tests/fuzz/fuzz_loop.h).
#include <map>

#include "game/base/error.h"
#include "game/registry.h"
#include "nets/checkpoint.h"
#include "nets/model_meta.h"
#include "tests/fuzz/fuzz_loop.h"
#include "tests/nets/net_test_helpers.h"
#include "tests/nets/train_step.h"

namespace tz::fuzz {
namespace {

// The metadata of `bytes` and the game it names; false when either is refused.
bool acceptCheckpoint(const std::string& bytes) {
  CheckpointInfo info;
  try {
    info = checkpointInfoFromBytes(bytes, "fuzzed checkpoint");
  } catch (const Error&) {
    return false;
  }
  try {
    gameOfModel(info.model);
  } catch (const Error&) {
  }
  return true;
}

// Most mutations break the lengths or the checksum: damaged magic bytes, lengths and
// checksums must be refused cleanly; the next target reaches the metadata parser.
TEST(Fuzz, CheckpointHeaders) {
  fuzzCorpus("checkpoint-headers", [](const Entry&, const std::string& input) { return acceptCheckpoint(input); });
}

TEST(Fuzz, CheckpointMetadata) {
  fuzzCorpus("checkpoint-metadata",
             [](const Entry&, const std::string& input) { return acceptCheckpoint(packCheckpoint(input, "weights")); });
}

// The weights of a tiny network's checkpoint without an optimizer, and with SGD's and AdamW's
// state after a step; each mutation is packed behind its own checkpoint's metadata.
TEST(Fuzz, CheckpointWeights) {
  auto game = loadGame("brandubh");
  std::vector<Entry> entries;
  std::map<std::string, std::string> metas;  // optimizer -> its checkpoint's metadata
  for (const std::string optimizer : {"none", "sgd", "adamw"}) {
    Network net(*game, test::tinyNetwork());
    if (optimizer != "none") {
      net.createOptimizer({optimizer, 0.01, 0.9, 1e-4});
      test::trainStep(net, *game);
    }
    const test::CheckpointParts parts = test::checkpointParts(checkpointBytes(net));
    metas[optimizer] = parts.meta;
    entries.push_back({optimizer, parts.weights});
  }
  fuzzEntries("checkpoint-weights", entries, [&](const Entry& e, const std::string& input) {
    try {
      networkFromCheckpointBytes(packCheckpoint(metas.at(e.variant), input), "fuzzed checkpoint", "cpu");
    } catch (const Error&) {
      return false;
    }
    return true;
  });
}

}  // namespace
}  // namespace tz::fuzz
