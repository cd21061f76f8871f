#pragma once
// The options of the network agent kinds ("net", "model") beside their search: read in every
// build, since the build without LibTorch reads a network spec to name what it cannot play,
// and so here rather than with the players (training/run/net_player.h), which need LibTorch.
#include <string>

namespace tz {

/// How a network agent values its leaves and where its network runs.
struct NetAgentOptions {
  double mix = 0;             // share of a playout's result in each leaf value (0: the network alone)
  std::string tables;         // endgame tables that value the leaves they cover (empty: none)
  std::string device = "cpu"; // where the network runs: set by the program (a run's evaluation), not by a spec
  std::string precision = "fp32";  // the forward pass: fp32 (LibTorch) or bf16 (the fused CPU pass)

  /// The options a spec gives ("net:CK,mix=0.5,tables=DIR,precision=bf16"), each with its
  /// range (precision is checked where the network is loaded: training/run/net_player.cpp).
  template <class S, class V>
  static void fields(S& self, V& v) {
    v.number("mix", self.mix, 0., 1.);
    v.text("tables", self.tables);
    v.text("precision", self.precision);
  }
};

}  // namespace tz
