#pragma once
// `taflzero bench train`: training samples per second of the real trainer (replay-buffer
// sampling with symmetries, loss, optimizer step) against a bare forward+backward loop on
// the same batch, the ceiling it can reach.
#include <string>

namespace tz {

/// Figures of one training benchmark.
struct TrainBenchResult {
  int batchSize = 0;            // samples per step
  double bareSamplesPerSecond = 0;     // forward+backward only, one fixed batch
  double trainerSamplesPerSecond = 0;  // sampling + trainStep
  /// The trainer's share of the ceiling.
  double ratio() const { return bareSamplesPerSecond > 0 ? trainerSamplesPerSecond / bareSamplesPerSecond : 0; }
};

/// Measures for `variant` with the network preset `network` for about `seconds` per figure.
TrainBenchResult benchTraining(const std::string& variant, const std::string& network, int batchSize, double seconds);

}  // namespace tz
