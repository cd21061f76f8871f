#include "training/distributed/data_parallel.h"

#include <cstdio>

#include "game/base/error.h"
#include "nets/checkpoint.h"
#include "nets/network_impl.h"

namespace tz {

namespace {

// How long the other learners may hear nothing from rank 0 while it waits for games.
constexpr auto kKeepAlive = std::chrono::seconds(5);

// FNV-1a over `bytes` bytes at `data`, continuing from `hash`.
uint64_t fnv1a(uint64_t hash, const void* data, size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < bytes; ++i) hash = (hash ^ p[i]) * 1099511628211ULL;
  return hash;
}

}  // namespace

void checkBatchSplits(int batchSize, int learners) {
  if (learners >= 1 && batchSize % learners == 0) return;
  throw Error("training.batch_size " + std::to_string(batchSize) + " does not split evenly over LEARNERS=" +
              std::to_string(learners) + " learners: choose a multiple of " + std::to_string(learners));
}

std::string weightsDigest(const Network& net) {
  uint64_t hash = 14695981039346656037ULL;
  auto& module = net.impl().net;
  for (const auto& tensors : {module->parameters(), module->buffers()}) {
    for (const auto& t : tensors) {
      const torch::Tensor c = t.detach().to(torch::kCPU).contiguous();
      hash = fnv1a(hash, c.data_ptr(), size_t(c.numel()) * c.element_size());
    }
  }
  char text[17];
  std::snprintf(text, sizeof(text), "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

LeadLearner::LeadLearner(RunStore& store, int learners, std::chrono::seconds timeout)
    : store_(store), learners_(learners), timeout_(timeout) {}

LeadLearner::~LeadLearner() = default;

void LeadLearner::open(const Network& net) {
  store_.set(LearnersKeys::kState, checkpointBytes(net));
  store_.set(LearnersKeys::kOpen, std::to_string(learners_));
  try {
    group_ = std::make_unique<GradientAverager>(store_, LearnersKeys::kGroup, 0, learners_, timeout_);
  } catch (const Error& e) {
    throw Error("LEARNERS=" + std::to_string(learners_) + ": the learners of ranks 1.." + std::to_string(learners_ - 1) +
                " did not all join within " + std::to_string(timeout_.count()) + " s (" + e.what() + ")");
  }
  lastSent_ = std::chrono::steady_clock::now();
}

template <typename F>
auto LeadLearner::guarded(F f) -> decltype(f()) {
  try {
    return f();
  } catch (const Error& e) {
    throw Error("a further learner (ranks 1.." + std::to_string(learners_ - 1) + ") is gone or failed (" + e.what() +
                "): restart all ranks, rank 0 with --resume");
  }
}

void LeadLearner::send(LearnersCommand command) {
  std::vector<float> message{float(int(command))};
  guarded([&] { group_->broadcast(message); });
  lastSent_ = std::chrono::steady_clock::now();
}

StepLosses LeadLearner::step(Network& net, const Batch& batch, double learningRate, double valueWeight) {
  send(LearnersCommand::kStep);
  std::vector<float> flat = flattenBatch(batch);
  return guarded([&] {
    group_->broadcast(flat);
    return trainStep(net, batchShare(batch, 0, learners_), learningRate, valueWeight, group_.get());
  });
}

void LeadLearner::keepAlive() {
  if (std::chrono::steady_clock::now() - lastSent_ >= kKeepAlive) send(LearnersCommand::kWait);
}

void LeadLearner::finish() { send(LearnersCommand::kStop); }

}  // namespace tz
