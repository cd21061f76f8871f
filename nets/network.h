#pragma once
// A policy/value network for one game: its LibTorch module behind a pimpl, inference on raw
// float buffers, and the optimizer and step the trainer keeps with it. No LibTorch here;
// code that trains includes nets/network_impl.h for the module and optimizer themselves.
#include <cstdint>
#include <memory>
#include <string>

#include "game/game.h"
#include "nets/model_meta.h"
#include "nets/network_config.h"

namespace tz {

/// A residual policy/value network with its metadata, training step and optional optimizer.
class Network {
 public:
  /// A freshly initialised network for `game` on `device` ("cpu" or "cuda"; Error if CUDA is
  /// absent); the same seed gives the same weights.
  Network(const Game& game, const NetworkConfig& config, const std::string& device = "cpu", uint64_t seed = 1);
  /// A freshly initialised network for a model described by `meta` (used when loading).
  Network(const ModelMeta& meta, const std::string& device, uint64_t seed = 1);
  ~Network();
  Network(Network&&) noexcept;
  Network& operator=(Network&&) noexcept;

  /// What the network is for and how it is built.
  const ModelMeta& meta() const;
  /// The device it runs on: "cpu" or "cuda".
  std::string device() const;

  /// Runs a forward pass in inference mode on `n` encoded states (n * inputShape().size()
  /// floats), writing n * numActions policy logits, n values and, when `draws` is given, n
  /// draw probabilities (0 for a scalar value head). Thread-safe while nobody trains the
  /// network; throws Error if the module is in training mode. With `mixedPrecision` on
  /// CUDA, runs under autocast (float16); ignored on CPU.
  void predict(const float* inputs, int n, float* logits, float* values, bool mixedPrecision = false,
               float* draws = nullptr) const;

  /// Training steps taken so far (saved in checkpoints).
  int64_t step() const;
  /// Sets the training step count.
  void setStep(int64_t step);

  /// Creates (or replaces) the optimizer over all parameters; throws Error on a bad config.
  void createOptimizer(const OptimizerConfig& config);
  /// The optimizer config, or nullptr when the network has no optimizer.
  const OptimizerConfig* optimizerConfig() const;
  /// Sets the learning rate of the optimizer (Error if there is none).
  void setLearningRate(double rate);
  /// Switches batch normalisation to training (batch statistics) or inference mode.
  void setTraining(bool training);


  /// The LibTorch side (module, optimizer); its definition is in nets/network_impl.h.
  struct Impl;
  /// The LibTorch side, for training and serialisation code.
  Impl& impl() { return *impl_; }
  /// The LibTorch side, read-only.
  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

/// Sets the number of LibTorch intra-op threads used by parallel work started from the
/// calling thread (with LibTorch's OpenMP backend the setting is per thread); 0 leaves it.
void setTorchThreads(int threads);
/// Whether a CUDA device is usable by this LibTorch build.
bool cudaAvailable();

}  // namespace tz
