#pragma once
// Checkpoints: weights, buffers, optimizer state, step and model metadata in one file,
// written atomically (temp file in the same directory, fsync, rename) and guarded by a
// length and checksum so that a truncated or corrupted file fails with a clear Error.
#include <memory>
#include <string>

#include "game/game.h"
#include "nets/network.h"

namespace tz {

/// What a checkpoint holds besides tensors.
struct CheckpointInfo {
  ModelMeta model;            // variant, rules, encoding, architecture
  int64_t step = 0;           // training steps taken
  bool hasOptimizer = false;  // whether optimizer state is stored
  OptimizerConfig optimizer;  // its config, when stored
  std::string torchVersion;   // LibTorch version that wrote it
};

/// Writes `net` (with its optimizer state, if any) to `path` atomically; throws Error on
/// any I/O failure, leaving an existing file at `path` untouched.
void saveCheckpoint(const Network& net, const std::string& path);

/// Loads a checkpoint for `game` onto `device`; throws Error when the file is missing,
/// truncated or corrupted, or when its variant rules or encoding differ from `game`'s
/// (naming each differing rule value).
std::unique_ptr<Network> loadCheckpoint(const std::string& path, const Game& game, const std::string& device = "cpu");

/// Loads a checkpoint trained on other rules of `game`'s board as a network for `game`: the
/// same weights, optimizer state and step under `game`'s metadata (rules), so that training
/// goes on under the new rules. Throws Error naming the file unless its family and encoding
/// (input planes, actions) are `game`'s: only rules that leave the encoding alone may change.
std::unique_ptr<Network> loadCheckpointForOtherRules(const std::string& path, const Game& game,
                                                     const std::string& device = "cpu");

/// Loads a checkpoint without checking it against a game (export, inspection).
std::unique_ptr<Network> loadCheckpoint(const std::string& path, const std::string& device = "cpu");

/// Reads and verifies a checkpoint file, returning its metadata only.
CheckpointInfo readCheckpointInfo(const std::string& path);

/// The bytes saveCheckpoint writes for `net`.
std::string checkpointBytes(const Network& net);

/// Checkpoint bytes around a metadata JSON text and the weights (nets/tensor_archive.h): the
/// header with both lengths and their checksum, then the two.
std::string packCheckpoint(const std::string& meta, const std::string& payload);

/// The metadata of checkpoint bytes, verified as readCheckpointInfo verifies a file; `what`
/// names their source in error messages.
CheckpointInfo checkpointInfoFromBytes(const std::string& bytes, const std::string& what);

/// A deep copy of `net` (weights, buffers, step, optimizer state, training mode) on `device`,
/// made through its checkpoint bytes.
std::unique_ptr<Network> copyNetwork(const Network& net, const std::string& device);

/// A network from checkpoint bytes; `what` names their source in error messages.
std::unique_ptr<Network> networkFromCheckpointBytes(const std::string& bytes, const std::string& what,
                                                    const std::string& device);

}  // namespace tz
