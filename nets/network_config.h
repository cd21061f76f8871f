#pragma once
// Network architecture and optimizer settings as plain typed structs, read from YAML
// (configs/networks/*.yaml) with range checks and unknown keys rejected; a config built in
// code is checked against the same ranges. No LibTorch here.
#include <string>

namespace YAML {
class Node;
}

namespace tz {

/// Size of the residual policy/value network.
struct NetworkConfig {
  std::string name = "default";  // preset name or file stem, for reports
  int blocks = 6;                // residual blocks in the trunk
  int channels = 64;             // channels of the trunk
  int policyChannels = 32;       // channels of the policy head's hidden convolution
  int valueChannels = 4;         // channels of the value head's 1x1 convolution
  int valueHidden = 128;         // width of the value head's hidden layer
  std::string valueHead = "scalar";  // "scalar": one tanh output; "wdl": win, draw and loss probabilities

  /// Visits the sizes with their keys and ranges (game/base/config_fields.h).
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.number("blocks", s.blocks, 0, 64);
    v.number("channels", s.channels, 1, 1024);
    v.number("policy_channels", s.policyChannels, 1, 1024);
    v.number("value_channels", s.valueChannels, 1, 256);
    v.number("value_hidden", s.valueHidden, 1, 4096);
    v.choice("value_head", s.valueHead, {"scalar", "wdl"});
  }
  /// Throws ConfigError naming `file` and the key of a size out of range.
  void check(const std::string& file) const;
};

/// Loads a network preset by name (configs/networks/NAME.yaml) or a YAML file by path;
/// throws ConfigError naming the file and key on a bad value or unknown key.
NetworkConfig loadNetworkConfig(const std::string& nameOrPath);

/// Parses a network config from YAML text (checkpoint metadata); `file` names it in errors.
NetworkConfig networkConfigFromYaml(const std::string& yaml, const std::string& file);

/// The config as YAML text that networkConfigFromYaml reads back to an equal config.
std::string networkConfigYaml(const NetworkConfig& config);

/// The ranges of the optimizer's settings wherever they are read: a checkpoint's
/// (OptimizerConfig::fields) and an experiment's training section (TrainingConfig::fields).
struct OptimizerRanges {
  static constexpr double kMinLearningRate = 1e-7;  // learning rates lie in [this, kMaxLearningRate]
  static constexpr double kMaxLearningRate = 10;    // the largest learning rate
  static constexpr double kMaxMomentum = 0.999;     // momentum lies in [0, this]
  static constexpr double kMaxWeightDecay = 0.999;  // weight decay lies in [0, this]
};

/// How the trainer updates the weights; stored in checkpoints with the optimizer state.
struct OptimizerConfig {
  std::string kind = "sgd";     // "sgd" (with momentum) or "adamw" (Adam with decoupled weight decay)
  double learningRate = 0.02;   // step size
  double momentum = 0.9;        // sgd momentum (unused by adamw)
  double weightDecay = 1e-4;    // decay of the convolution and linear weights (never batch norm or biases)

  /// Visits the settings with their keys (as a checkpoint stores them) and ranges.
  template <class Self, class Visitor>
  static void fields(Self& s, Visitor& v) {
    v.choice("kind", s.kind, {"sgd", "adamw"});
    v.number("learning_rate", s.learningRate, OptimizerRanges::kMinLearningRate, OptimizerRanges::kMaxLearningRate);
    v.number("momentum", s.momentum, 0.0, OptimizerRanges::kMaxMomentum);
    v.number("weight_decay", s.weightDecay, 0.0, OptimizerRanges::kMaxWeightDecay);
  }
};

}  // namespace tz
