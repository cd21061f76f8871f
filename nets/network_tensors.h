#pragma once
// A network's tensors by name, as a checkpoint stores them: "model/<parameter or buffer>"
// for the module, "optimizer/<parameter>/<state>" for the optimizer's state of each
// parameter (SGD: momentum_buffer; AdamW: step, exp_avg, exp_avg_sq). Include only from
// .cpp files that serialise networks (it includes LibTorch).
#include <string>
#include <vector>

#include "nets/network_impl.h"
#include "nets/tensor_archive.h"

namespace tz {

/// The module's parameters and buffers and, when it has one, the optimizer's state.
std::vector<NamedTensor> networkTensors(const Network::Impl& net);

/// Copies `tensors` into `net` (built with the checkpoint's architecture, with its
/// optimizer created when the checkpoint has one): every parameter and buffer must be given
/// with its exact shape and type, and no other tensor; throws Error naming `what` otherwise.
void loadNetworkTensors(Network::Impl& net, const std::vector<NamedTensor>& tensors, const std::string& what);

}  // namespace tz
