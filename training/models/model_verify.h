#pragma once
// Checking a shipped model against its card (`taflzero models verify`): the checkpoint's
// checksum, variant, rules hash, network and step, the chain of sittings, that it loads and
// plays a legal move, every strength row re-scored from its games file, and README.md as
// the card renders it.
#include <string>

#include "nets/checkpoint.h"
#include "training/models/model_card.h"
#include "training/models/model_folder.h"

namespace tz {

/// What the card says of a checkpoint, read from the checkpoint itself.
struct CheckpointFacts {
  CheckpointInfo info;     // its metadata
  std::string sha256;      // of the file
  std::string rulesHash;   // of the rules it carries
  std::string networkYaml; // its network (networkConfigYaml)
};

/// The facts of the checkpoint at `path`; throws Error when it does not read.
CheckpointFacts checkpointFacts(const std::string& path);

/// README.md of `card` for the checkpoint `facts`.
std::string modelReadme(const ModelCard& card, const CheckpointFacts& facts);

/// Verifies the model in `folder`; throws Error naming the file and the first thing that
/// disagrees with the card.
void verifyModel(const ModelFolder& folder);

}  // namespace tz
