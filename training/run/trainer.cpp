#include "training/run/trainer.h"

#include "game/base/error.h"
#include "nets/network_impl.h"

namespace tz {

namespace {
// The logit given to illegal actions: their probability vanishes and, with a zero target,
// they add nothing to the loss or its gradient (finite, so 0 * logit stays 0).
constexpr double kIllegalLogit = -1e9;
}  // namespace

StepLosses trainStep(Network& net, const Batch& batch, double learningRate, double valueWeight,
                     GradientSync* sync) {
  auto& impl = net.impl();
  if (!impl.optimizer) throw Error("trainStep: the network has no optimizer");
  const TensorShape& shape = impl.meta.shape.input;
  const int actions = impl.meta.shape.numActions;
  net.setLearningRate(learningRate);
  net.setTraining(true);
  auto opts = torch::TensorOptions().dtype(torch::kFloat32);
  auto x = torch::from_blob(const_cast<float*>(batch.planes.data()), {batch.size, shape.planes, shape.height, shape.width}, opts)
               .to(impl.device);
  auto targetPolicy =
      torch::from_blob(const_cast<float*>(batch.policy.data()), {batch.size, actions}, opts).to(impl.device);
  auto legal = torch::from_blob(const_cast<float*>(batch.legal.data()), {batch.size, actions}, opts).to(impl.device);
  auto targetValue = torch::from_blob(const_cast<float*>(batch.values.data()), {batch.size}, opts).to(impl.device);
  impl.optimizer->zero_grad();
  NetOutput out = impl.net->forward(x);
  // Cross-entropy over the legal actions alone, as inference normalises over them.
  auto logits = out.policy.masked_fill(legal.eq(0), kIllegalLogit);
  auto policyLoss = -(targetPolicy * torch::log_softmax(logits, 1)).sum(1).mean();
  auto valueLoss = (out.value - targetValue).pow(2).mean();
  if (out.wdl.defined()) {
    // A win/draw/loss head also learns the chances of each result: cross-entropy against
    // the game's result (class 0 a win, 1 a draw, 2 a loss for the side to move).
    auto results = torch::from_blob(const_cast<float*>(batch.results.data()), {batch.size}, opts).to(impl.device);
    auto resultClass = (1 - results).round().to(torch::kLong);
    valueLoss = valueLoss + torch::nll_loss(torch::log_softmax(out.wdl, 1), resultClass);
  }
  auto loss = policyLoss + valueWeight * valueLoss;
  loss.backward();
  if (sync) sync->average(net);
  impl.optimizer->step();
  net.setTraining(false);
  net.setStep(net.step() + 1);
  return {policyLoss.item<double>(), valueLoss.item<double>(), loss.item<double>()};
}

}  // namespace tz
