#pragma once
// One optimizer step for the network tests that need trained weights and optimizer state
// (LibTorch tests only).
#include <torch/torch.h>

#include "game/game.h"
#include "nets/network.h"
#include "nets/network_impl.h"
#include "nets/positions.h"

namespace tz::test {

/// One optimizer step of `net` (which has an optimizer) on a fixed batch of positions of
/// `game` with fixed targets; moves its step on by one.
inline void trainStep(Network& net, const Game& game) {
  auto states = randomPositions(game, 4);
  const TensorShape s = game.inputShape();
  torch::Tensor x = torch::empty({4, s.planes, s.height, s.width});
  for (int i = 0; i < 4; ++i) states[i]->encode(x[i].data_ptr<float>());
  torch::Tensor targetPolicy = torch::softmax(torch::arange(float(game.numActions())).repeat({4, 1}) / 100.0, 1);
  torch::Tensor targetValue = torch::tensor({1.f, -1.f, 0.f, 1.f});
  net.setTraining(true);
  NetOutput out = net.impl().net->forward(x);
  torch::Tensor loss = -(torch::log_softmax(out.policy, 1) * targetPolicy).sum(1).mean() +
                       torch::mse_loss(out.value, targetValue);
  net.impl().optimizer->zero_grad();
  loss.backward();
  net.impl().optimizer->step();
  net.setTraining(false);
  net.setStep(net.step() + 1);
}

}  // namespace tz::test
