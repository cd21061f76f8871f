#include "training/distributed/gradient_averager.h"

#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>

#include "game/base/error.h"
#include "nets/network_impl.h"
#include "training/distributed/run_store_impl.h"

namespace tz {

namespace {

// The floating-point buffers of a module (batch-norm running means and variances; the
// integer batch counters are the same on every learner).
std::vector<torch::Tensor> floatBuffers(PolicyValueNet& net) {
  std::vector<torch::Tensor> out;
  for (auto& b : net->buffers())
    if (b.is_floating_point()) out.push_back(b);
  return out;
}

// Waits for a collective, turning its failure (a learner gone, the timeout) into Error.
void finish(const c10::intrusive_ptr<c10d::Work>& work, const char* what) {
  try {
    work->wait();
  } catch (const std::exception& e) {
    const std::string message = e.what();
    throw Error(std::string("the learners' ") + what + " failed: " + message.substr(0, message.find('\n')));
  }
}

}  // namespace

struct GradientAverager::Impl {
  c10::intrusive_ptr<c10d::ProcessGroupGloo> group;
  int size = 1;

  // Sums `tensors` over the learners (flattened into one buffer), then divides by `divisor`.
  void allReduce(const std::vector<torch::Tensor>& tensors, double divisor) {
    if (tensors.empty()) return;
    std::vector<torch::Tensor> views;
    for (const auto& t : tensors) views.push_back(t.reshape(-1));
    std::vector<torch::Tensor> flat{torch::cat(views)};
    finish(group->allreduce(flat), "all-reduce");
    if (divisor != 1) flat[0].div_(divisor);
    torch::NoGradGuard noGrad;
    int64_t offset = 0;
    for (const auto& t : tensors) {
      t.copy_(flat[0].narrow(0, offset, t.numel()).view_as(t));
      offset += t.numel();
    }
  }
};

GradientAverager::GradientAverager(RunStore& store, const std::string& prefix, int rank, int size,
                                   std::chrono::seconds timeout)
    : impl_(std::make_unique<Impl>()) {
  if (size < 1 || rank < 0 || rank >= size) throw Error("GradientAverager: bad rank " + std::to_string(rank));
  auto options = c10d::ProcessGroupGloo::Options::create(timeout);
  options->devices.push_back(c10d::ProcessGroupGloo::createDefaultDevice());
  auto prefixed = c10::make_intrusive<c10d::PrefixStore>(prefix, store.impl().store);
  try {
    impl_->group = c10::make_intrusive<c10d::ProcessGroupGloo>(prefixed, rank, size, options);
  } catch (const c10::Error& e) {
    throw Error("the learners' process group did not form: " + std::string(e.what_without_backtrace()));
  }
  impl_->size = size;
}

GradientAverager::~GradientAverager() = default;

void GradientAverager::average(Network& net) {
  auto& module = net.impl().net;
  std::vector<torch::Tensor> grads;
  for (auto& p : module->parameters()) {
    if (!p.grad().defined()) p.mutable_grad() = torch::zeros_like(p);
    grads.push_back(p.grad());
  }
  impl_->allReduce(grads, impl_->size);
  impl_->allReduce(floatBuffers(module), impl_->size);
}

void GradientAverager::broadcast(std::vector<float>& values) {
  std::vector<torch::Tensor> tensors{torch::from_blob(values.data(), {int64_t(values.size())}, torch::kFloat32)};
  finish(impl_->group->broadcast(tensors), "broadcast");
}

}  // namespace tz
