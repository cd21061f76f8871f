// Checkpoint files fuzzed (LibTorch build): their header bytes, and their metadata JSON
// repacked with a valid checksum so that mutations reach the metadata's parser and the
// rules and encoding checks behind it. A damaged input must give tz::Error, never another
// exception or a crash (tests/fuzz/fuzz_loop.h).
#include "game/base/error.h"
#include "nets/checkpoint.h"
#include "nets/model_meta.h"
#include "tests/fuzz/fuzz_loop.h"

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

}  // namespace
}  // namespace tz::fuzz
