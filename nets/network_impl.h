#pragma once
// The LibTorch side of a Network: the module, its device and the optimizer. Includes
// LibTorch: include it only from .cpp files that train or serialise networks.
#include <torch/torch.h>

#include <memory>

#include "nets/network.h"
#include "nets/policy_value_net.h"

namespace tz {

/// The module, device, optimizer and step behind a Network.
struct Network::Impl {
  ModelMeta meta;                                    // what the network is for
  torch::Device device{torch::kCPU};                 // where the module lives
  PolicyValueNet net{nullptr};                       // the module
  std::unique_ptr<torch::optim::Optimizer> optimizer;  // null until createOptimizer
  OptimizerConfig optimizerConfig;                   // valid when optimizer is set
  int64_t step = 0;                                  // training steps taken
};

}  // namespace tz
