#include "training/trainer.h"

#include "game/error.h"
#include "nets/network_impl.h"

namespace tz {

StepLosses trainStep(Network& net, const Batch& batch, double learningRate, double valueWeight) {
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
  auto targetValue = torch::from_blob(const_cast<float*>(batch.values.data()), {batch.size}, opts).to(impl.device);
  impl.optimizer->zero_grad();
  NetOutput out = impl.net->forward(x);
  auto policyLoss = -(targetPolicy * torch::log_softmax(out.policy, 1)).sum(1).mean();
  auto valueLoss = (out.value - targetValue).pow(2).mean();
  auto loss = policyLoss + valueWeight * valueLoss;
  loss.backward();
  impl.optimizer->step();
  net.setTraining(false);
  net.setStep(net.step() + 1);
  return {policyLoss.item<double>(), valueLoss.item<double>(), loss.item<double>()};
}

}  // namespace tz
