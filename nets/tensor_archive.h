#pragma once
// taflzero's weights format: named float32 and int64 tensors as plain bytes, read by bounds
// checks alone (a checkpoint from a stranger runs no code of its own, unlike a LibTorch
// archive, whose code is compiled when it is loaded). Layout, all integers little-endian:
//   "TZTENSORS1", u32 count, then per tensor: u16 name length, the name, u8 type (1: float32,
//   2: int64), u8 rank, u64 per dimension, then the elements in row-major order.
// Include only from .cpp files that serialise networks (it includes LibTorch).
#include <torch/torch.h>

#include <string>
#include <vector>

namespace tz {

/// One tensor of an archive.
struct NamedTensor {
  std::string name;     // unique within the archive, printable ASCII
  torch::Tensor value;  // float32 or int64
};

/// The bytes of `tensors` (copied to the CPU); throws Error on a tensor of another type.
std::string packTensors(const std::vector<NamedTensor>& tensors);

/// The tensors held in `bytes`, on the CPU; throws Error naming `what` when the bytes are
/// not an archive, end early, hold bytes after the last tensor, or repeat a name.
std::vector<NamedTensor> unpackTensors(const std::string& bytes, const std::string& what);

}  // namespace tz
