#include "nets/checkpoint.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "game/base/field_json.h"
#include "game/base/error.h"
#include "game/base/json_text.h"
#include "game/base/user_files.h"
#include "nets/network_impl.h"
#include "nets/network_tensors.h"
#include "nets/tensor_archive.h"

namespace tz {

namespace {

// File layout: magic, then three little-endian u64 (metadata length, payload length,
// FNV-1a checksum of metadata + payload), then the metadata JSON, then the weights
// (nets/tensor_archive.h). Format 1 held a LibTorch archive instead, whose code LibTorch
// compiles when it loads it: no longer read, so that no checkpoint runs code of its own.
constexpr char kMagic[8] = {'T', 'Z', 'C', 'K', 'P', 'T', '0', '1'};
constexpr size_t kHeaderSize = sizeof(kMagic) + 3 * sizeof(uint64_t);
constexpr int kFormatVersion = 2;

uint64_t fnv1a(const std::string& a, const std::string& b) {
  uint64_t h = 1469598103934665603ull;
  for (const std::string* s : {&a, &b}) {
    for (unsigned char c : *s) h = (h ^ c) * 1099511628211ull;
  }
  return h;
}

std::string infoJson(const Network& net) {
  nlohmann::json j;
  j["format"] = kFormatVersion;
  j["model"] = nlohmann::json::parse(modelMetaJson(net.meta()));
  j["step"] = net.step();
  j["torch_version"] = TORCH_VERSION;
  if (const OptimizerConfig* o = net.optimizerConfig()) {
    j["optimizer"] = fieldsToJson(*o);
  } else {
    j["optimizer"] = nullptr;
  }
  return j.dump();
}

CheckpointInfo parseInfo(const std::string& text, const std::string& what) {
  try {
    const nlohmann::json j = parseJsonText(text, what + ": metadata");
    if (j.at("format").get<int>() != kFormatVersion) {
      throw Error(what + " has checkpoint format " + j.at("format").dump() + ", but this build reads format " +
                  std::to_string(kFormatVersion) + " (format 1, a LibTorch archive, is no longer read)");
    }
    CheckpointInfo info;
    info.model = modelMetaFromJson(j.at("model").dump(), what);
    info.step = j.at("step").get<int64_t>();
    if (info.step < 0) throw Error(what + ": step " + std::to_string(info.step) + " is negative");
    info.torchVersion = j.at("torch_version").get<std::string>();
    const auto& o = j.at("optimizer");
    info.hasOptimizer = !o.is_null();
    if (info.hasOptimizer) {
      fieldsFromJson(o, info.optimizer, what + ": optimizer");
    }
    return info;
  } catch (const nlohmann::json::exception& e) {
    throw Error(what + ": malformed checkpoint metadata: " + e.what());
  }
}

// The lengths a checkpoint's header gives.
struct Header {
  uint64_t metaLen = 0, payloadLen = 0, checksum = 0;
};

// Reads the header at the start of `head` for a file of `fileSize` bytes; throws Error when
// it is not a checkpoint or its lengths disagree with the file's size.
Header checkHeader(const std::string& head, uint64_t fileSize, const std::string& what) {
  if (head.size() < sizeof(kMagic) || std::memcmp(head.data(), kMagic, sizeof(kMagic)) != 0) {
    throw Error(what + " is not a taflzero checkpoint (bad magic bytes)");
  }
  if (head.size() < kHeaderSize) throw Error(what + " is truncated (" + std::to_string(fileSize) + " bytes)");
  Header h;
  std::memcpy(&h.metaLen, head.data() + 8, 8);
  std::memcpy(&h.payloadLen, head.data() + 16, 8);
  std::memcpy(&h.checksum, head.data() + 24, 8);
  const uint64_t expected = kHeaderSize + h.metaLen + h.payloadLen;
  if (h.metaLen > fileSize || h.payloadLen > fileSize || fileSize < expected) {
    throw Error(what + " is truncated (" + std::to_string(fileSize) + " of " + std::to_string(expected) + " bytes)");
  }
  if (fileSize > expected) {
    throw Error(what + " is corrupted (" + std::to_string(fileSize - expected) + " unexpected bytes at its end)");
  }
  return h;
}

// Splits verified checkpoint bytes into metadata and payload; throws Error when they are
// not a checkpoint, truncated or corrupted.
std::pair<std::string, std::string> unpack(const std::string& bytes, const std::string& what) {
  const Header h = checkHeader(bytes, bytes.size(), what);
  std::string meta = bytes.substr(kHeaderSize, h.metaLen), payload = bytes.substr(kHeaderSize + h.metaLen);
  if (fnv1a(meta, payload) != h.checksum) throw Error(what + " is corrupted (checksum mismatch)");
  return {std::move(meta), std::move(payload)};
}

// The bytes of the checkpoint file at `path`: refused unless it is a regular file whose
// header agrees with its size, so nothing is read past the length the format gives.
std::string readFile(const std::string& path) {
  const std::string what = "checkpoint " + path;
  const RegularFile file(path, what);
  checkHeader(file.read(0, std::min<uint64_t>(file.size(), kHeaderSize)), file.size(), what);
  return file.read(0, file.size());
}

}  // namespace

std::string checkpointBytes(const Network& net) {
  return packCheckpoint(infoJson(net), packTensors(networkTensors(net.impl())));
}

std::string packCheckpoint(const std::string& meta, const std::string& payload) {
  const uint64_t lengths[3] = {meta.size(), payload.size(), fnv1a(meta, payload)};
  std::string bytes(kMagic, sizeof(kMagic));
  bytes.append(reinterpret_cast<const char*>(lengths), sizeof(lengths));
  return bytes + meta + payload;
}

CheckpointInfo checkpointInfoFromBytes(const std::string& bytes, const std::string& what) {
  return parseInfo(unpack(bytes, what).first, what);
}

namespace {

// A network of the checkpoint's architecture with the payload's weights and optimizer state.
std::unique_ptr<Network> buildNetwork(const CheckpointInfo& info, const std::string& payload, const std::string& what,
                                      const std::string& device) {
  // The weights are float32, stored whole: a header asking for more than its payload holds
  // is refused before the network's memory is taken.
  const int64_t weights = parameterCount(info.model.network, info.model.shape);
  if (uint64_t(weights) * sizeof(float) > payload.size()) {
    throw Error(what + ": its network (" + std::to_string(info.model.network.blocks) + " blocks of " +
                std::to_string(info.model.network.channels) + " channels) has " + std::to_string(weights) +
                " weights, more than its " + std::to_string(payload.size()) + " bytes of payload hold");
  }
  const std::vector<NamedTensor> tensors = unpackTensors(payload, what);
  auto net = std::make_unique<Network>(info.model, device);
  if (info.hasOptimizer) net->createOptimizer(info.optimizer);
  loadNetworkTensors(net->impl(), tensors, what);
  net->setStep(info.step);
  return net;
}

}  // namespace

std::unique_ptr<Network> networkFromCheckpointBytes(const std::string& bytes, const std::string& what,
                                                    const std::string& device) {
  const auto [meta, payload] = unpack(bytes, what);
  return buildNetwork(parseInfo(meta, what), payload, what, device);
}

void saveCheckpoint(const Network& net, const std::string& path) {
  namespace fs = std::filesystem;
  checkOutputFile(path, "checkpoint", true);  // the rename must never replace a device or a pipe
  const std::string bytes = checkpointBytes(net);
  const fs::path target(path);
  const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  std::error_code ec;
  fs::create_directories(dir, ec);
  writeFileAtomically(path, bytes, "checkpoint");
}

std::unique_ptr<Network> loadCheckpoint(const std::string& path, const Game& game, const std::string& device) {
  const std::string what = "checkpoint " + path;
  const auto [meta, payload] = unpack(readFile(path), what);
  const CheckpointInfo info = parseInfo(meta, what);
  // Check the metadata before building a network of a possibly wrong shape.
  checkModelMatches(info.model, game, what);
  return buildNetwork(info, payload, what, device);
}

std::unique_ptr<Network> loadCheckpointForOtherRules(const std::string& path, const Game& game,
                                                     const std::string& device) {
  const std::string what = "checkpoint " + path;
  const auto [meta, payload] = unpack(readFile(path), what);
  CheckpointInfo info = parseInfo(meta, what);
  checkSameEncoding(info.model, game, what);
  info.model = modelMetaOf(game, info.model.network);
  return buildNetwork(info, payload, what, device);
}

std::unique_ptr<Network> loadCheckpoint(const std::string& path, const std::string& device) {
  return networkFromCheckpointBytes(readFile(path), "checkpoint " + path, device);
}

CheckpointInfo readCheckpointInfo(const std::string& path) {
  return checkpointInfoFromBytes(readFile(path), "checkpoint " + path);
}

std::unique_ptr<Network> copyNetwork(const Network& net, const std::string& device) {
  auto copy = networkFromCheckpointBytes(checkpointBytes(net), "network copy", device);
  copy->setTraining(net.impl().net->is_training());
  return copy;
}

}  // namespace tz
