#pragma once
// Shared fixtures of the network tests: a tiny network, a checkpoint's parts.
#include <cstdint>
#include <cstring>
#include <string>

#include "nets/network_config.h"

namespace tz::test {

/// A network small enough to keep the suite fast.
inline NetworkConfig tinyNetwork() {
  NetworkConfig c;
  c.name = "tiny";
  c.blocks = 1;
  c.channels = 8;
  c.policyChannels = 4;
  c.valueChannels = 2;
  c.valueHidden = 8;
  return c;
}

/// A checkpoint's metadata JSON and weights, as nets/checkpoint.cpp lays them out after its
/// 32-byte header (magic, then the two lengths and the checksum).
struct CheckpointParts {
  std::string meta;     // the metadata JSON
  std::string weights;  // the weights (nets/tensor_archive.h)
};

/// The parts of checkpoint bytes written by checkpointBytes or saveCheckpoint.
inline CheckpointParts checkpointParts(const std::string& bytes) {
  uint64_t metaLength = 0;
  std::memcpy(&metaLength, bytes.data() + 8, sizeof(metaLength));
  return {bytes.substr(32, metaLength), bytes.substr(32 + metaLength)};
}

}  // namespace tz::test
