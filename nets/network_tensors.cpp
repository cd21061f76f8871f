#include "nets/network_tensors.h"

#include <map>
#include <sstream>

#include "game/base/error.h"

namespace tz {

namespace {

// The optimizer's key for the state of parameter `p`, as LibTorch's optimizers make it.
std::string stateKey(const torch::Tensor& p) { return c10::guts::to_string(p.unsafeGetTensorImpl()); }

// "float32 [64, 3, 3]" for a message.
std::string describe(const torch::Tensor& t) {
  std::ostringstream out;
  out << (t.scalar_type() == torch::kFloat ? "float32" : "int64") << " " << t.sizes();
  return out.str();
}

// The tensors of an archive by name, each to be taken once by the network that reads them.
class TensorTable {
 public:
  TensorTable(const std::vector<NamedTensor>& tensors, const std::string& what) : what_(what) {
    for (const auto& t : tensors) left_.emplace(t.name, &t.value);
  }

  bool has(const std::string& name) const { return left_.count(name) > 0; }

  // The tensor `name`, which must have `like`'s type and shape.
  torch::Tensor take(const std::string& name, const torch::Tensor& like) {
    const auto it = left_.find(name);
    if (it == left_.end()) throw Error(what_ + ": its weights lack tensor " + tz::quoted(name));
    const torch::Tensor value = *it->second;
    if (value.scalar_type() != like.scalar_type() || value.sizes() != like.sizes()) {
      throw Error(what_ + ": its weights give tensor " + tz::quoted(name) + " as " + describe(value) +
                  ", where the network's is " + describe(like));
    }
    left_.erase(it);
    return value;
  }

  // Throws when a tensor was not taken: the archive is not of this network.
  void checkAllTaken() const {
    if (!left_.empty()) {
      throw Error(what_ + ": its weights hold tensor " + tz::quoted(left_.begin()->first) +
                  ", which a network of its architecture has not");
    }
  }

 private:
  std::string what_;
  std::map<std::string, const torch::Tensor*> left_;
};

// Reads the optimizer state of every parameter that has one in `table` into `net`'s optimizer.
void loadOptimizerState(Network::Impl& net, TensorTable& table, const std::string& what) {
  auto& state = net.optimizer->state();
  const bool sgd = net.optimizerConfig.kind == "sgd";
  for (const auto& p : net.net->named_parameters()) {
    const std::string prefix = "optimizer/" + p.key() + "/";
    if (sgd) {
      if (!table.has(prefix + "momentum_buffer")) continue;
      auto s = std::make_unique<torch::optim::SGDParamState>();
      s->momentum_buffer(table.take(prefix + "momentum_buffer", p.value()).to(net.device));
      state[stateKey(p.value())] = std::move(s);
      continue;
    }
    if (!table.has(prefix + "step")) continue;
    auto s = std::make_unique<torch::optim::AdamWParamState>();
    const int64_t step = table.take(prefix + "step", torch::zeros({}, torch::kLong)).item<int64_t>();
    if (step < 0) throw Error(what + ": its weights give the optimizer step " + std::to_string(step));
    s->step(step);
    s->exp_avg(table.take(prefix + "exp_avg", p.value()).to(net.device));
    s->exp_avg_sq(table.take(prefix + "exp_avg_sq", p.value()).to(net.device));
    state[stateKey(p.value())] = std::move(s);
  }
}

}  // namespace

std::vector<NamedTensor> networkTensors(const Network::Impl& net) {
  std::vector<NamedTensor> out;
  for (const auto& p : net.net->named_parameters()) out.push_back({"model/" + p.key(), p.value()});
  for (const auto& b : net.net->named_buffers()) out.push_back({"model/" + b.key(), b.value()});
  if (!net.optimizer) return out;
  const auto& state = net.optimizer->state();
  for (const auto& p : net.net->named_parameters()) {
    const auto it = state.find(stateKey(p.value()));
    if (it == state.end()) continue;
    const std::string prefix = "optimizer/" + p.key() + "/";
    if (net.optimizerConfig.kind == "sgd") {
      const auto& s = static_cast<const torch::optim::SGDParamState&>(*it->second);
      if (s.momentum_buffer().defined()) out.push_back({prefix + "momentum_buffer", s.momentum_buffer()});
    } else {
      const auto& s = static_cast<const torch::optim::AdamWParamState&>(*it->second);
      out.push_back({prefix + "step", torch::full({}, s.step(), torch::kLong)});
      out.push_back({prefix + "exp_avg", s.exp_avg()});
      out.push_back({prefix + "exp_avg_sq", s.exp_avg_sq()});
    }
  }
  return out;
}

void loadNetworkTensors(Network::Impl& net, const std::vector<NamedTensor>& tensors, const std::string& what) {
  TensorTable table(tensors, what);
  torch::NoGradGuard noGrad;
  for (auto& p : net.net->named_parameters()) p.value().copy_(table.take("model/" + p.key(), p.value()));
  for (auto& b : net.net->named_buffers()) b.value().copy_(table.take("model/" + b.key(), b.value()));
  if (net.optimizer) loadOptimizerState(net, table, what);
  table.checkAllTaken();
}

}  // namespace tz
