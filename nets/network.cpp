#include "nets/network.h"

#include <ATen/autocast_mode.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <mutex>

#include "game/base/config_fields.h"
#include "game/base/error.h"
#include "nets/network_impl.h"

namespace tz {

namespace {

torch::Device parseDevice(const std::string& name) {
  if (name == "cpu") return torch::kCPU;
  if (name == "cuda" || name.rfind("cuda:", 0) == 0) {
    if (!torch::cuda::is_available()) {
      throw Error("device '" + name + "' requested, but CUDA is not available (this LibTorch build has no CUDA "
                  "support or no GPU is visible): run on the CPU (train: --set device=cpu; bench net: --device cpu) "
                  "or build against a CUDA LibTorch (docs/GPU.md)");
    }
    return torch::Device(name);
  }
  throw Error("unknown device '" + name + "': expected cpu or cuda");
}

// LibTorch allocates and frees activation buffers of megabytes on every forward pass. By
// default glibc hands such blocks back to the system each time (mmap threshold, heap trim),
// so every pass page-faults its buffers afresh: measured here, that halved the forward
// throughput of the default network at batch 32 and above. Keep them in the heap instead.
void keepLargeBlocksInHeap() {
#ifdef __GLIBC__
  static std::once_flag once;
  std::call_once(once, [] {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
  });
#endif
}

}  // namespace

Network::Network(const Game& game, const NetworkConfig& config, const std::string& device, uint64_t seed)
    : Network(modelMetaOf(game, config), device, seed) {}

Network::Network(const ModelMeta& meta, const std::string& device, uint64_t seed) : impl_(std::make_unique<Impl>()) {
  keepLargeBlocksInHeap();
  meta.network.check("network " + meta.network.name);
  impl_->meta = meta;
  impl_->device = parseDevice(device);
  {
    // The seed is process-global in LibTorch: build one network at a time.
    static std::mutex seedMutex;
    std::lock_guard<std::mutex> lock(seedMutex);
    torch::manual_seed(seed);
    impl_->net = PolicyValueNet(meta.network, meta.shape);
  }
  impl_->net->to(impl_->device);
  impl_->net->eval();
}

Network::~Network() = default;
Network::Network(Network&&) noexcept = default;
Network& Network::operator=(Network&&) noexcept = default;

const ModelMeta& Network::meta() const { return impl_->meta; }

std::string Network::device() const { return impl_->device.str(); }

void Network::predict(const float* inputs, int n, float* logits, float* values, bool mixedPrecision,
                      float* draws) const {
  if (impl_->net->is_training()) throw Error("Network::predict called while the network is in training mode");
  if (n <= 0) return;
  c10::InferenceMode guard;
  const TensorShape& in = impl_->meta.shape.input;
  torch::Tensor x = torch::from_blob(const_cast<float*>(inputs), {n, in.planes, in.height, in.width});
  const bool cuda = impl_->device.is_cuda();
  if (cuda) x = x.to(impl_->device);
  const bool autocast = cuda && mixedPrecision;
  if (autocast) at::autocast::set_enabled(true);
  NetOutput out;
  try {
    out = impl_->net->forward(x);
  } catch (...) {
    if (autocast) at::autocast::set_enabled(false);
    throw;
  }
  if (autocast) {
    at::autocast::set_enabled(false);
    at::autocast::clear_cache();
  }
  torch::from_blob(logits, {n, impl_->meta.shape.numActions}).copy_(out.policy);
  torch::from_blob(values, {n}).copy_(out.value);
  if (!draws) return;
  if (out.wdl.defined()) torch::from_blob(draws, {n}).copy_(torch::softmax(out.wdl.to(torch::kFloat), 1).select(1, 1));
  else std::fill(draws, draws + n, 0.f);
}

int64_t Network::step() const { return impl_->step; }

void Network::setStep(int64_t step) { impl_->step = step; }

void Network::createOptimizer(const OptimizerConfig& c) {
  checkFields(c, "the optimizer settings", "");
  // Weight decay regularises the convolution and linear weights only: decaying batch-norm
  // scales and biases (the one-dimensional parameters) only fights the normalisation.
  std::vector<torch::Tensor> weights, others;
  for (const auto& p : impl_->net->parameters()) (p.dim() > 1 ? weights : others).push_back(p);
  if (c.kind == "sgd") {
    auto decayed = torch::optim::SGDOptions(c.learningRate).momentum(c.momentum).weight_decay(c.weightDecay);
    auto plain = torch::optim::SGDOptions(c.learningRate).momentum(c.momentum).weight_decay(0);
    impl_->optimizer = std::make_unique<torch::optim::SGD>(
        std::vector<torch::optim::OptimizerParamGroup>{
            {weights, std::make_unique<torch::optim::SGDOptions>(decayed)},
            {others, std::make_unique<torch::optim::SGDOptions>(plain)}},
        decayed);
  } else {
    auto decayed = torch::optim::AdamWOptions(c.learningRate).weight_decay(c.weightDecay);
    auto plain = torch::optim::AdamWOptions(c.learningRate).weight_decay(0);
    impl_->optimizer = std::make_unique<torch::optim::AdamW>(
        std::vector<torch::optim::OptimizerParamGroup>{
            {weights, std::make_unique<torch::optim::AdamWOptions>(decayed)},
            {others, std::make_unique<torch::optim::AdamWOptions>(plain)}},
        decayed);
  }
  impl_->optimizerConfig = c;
}

const OptimizerConfig* Network::optimizerConfig() const { return impl_->optimizer ? &impl_->optimizerConfig : nullptr; }

void Network::setLearningRate(double rate) {
  if (!impl_->optimizer) throw Error("setLearningRate: the network has no optimizer");
  for (auto& group : impl_->optimizer->param_groups()) group.options().set_lr(rate);
  impl_->optimizerConfig.learningRate = rate;
}

void Network::setTraining(bool training) { impl_->net->train(training); }

void setTorchThreads(int threads) {
  if (threads > 0 && torch::get_num_threads() != threads) torch::set_num_threads(threads);
}

bool cudaAvailable() { return torch::cuda::is_available(); }

}  // namespace tz
