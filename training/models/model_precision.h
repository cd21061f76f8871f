#pragma once
// How closely a network's bfloat16 forward pass follows its float32 one, on positions of
// real games (a shipped model's committed games files): the accuracy guard of the bf16
// precision (`taflzero bench precision`).
#include <cstdint>
#include <string>
#include <vector>

namespace tz {

/// A gap between two moves' priors past which a choice counts as clear (not a near tie).
constexpr double kClearGap = 0.02;

/// The bfloat16 pass against the float32 pass over the positions compared.
struct PrecisionAgreement {
  int positions = 0;           // positions compared (each before a move of a game)
  double topAgreement = 0;     // share whose most likely legal move is the same in both
  double widestFlip = 0;       // of the others, the largest fp32 prior gap between the two passes' choices
  int flipsOverGap = 0;        // of the others, those whose fp32 priors of the two choices differ by more than kClearGap
  double valueMeanAbs = 0;     // mean |value bf16 - value fp32|, values in [-1, 1]
  double valueMaxAbs = 0;      // the largest of those differences
  double policyMeanTv = 0;     // mean total variation between the two priors over the legal moves
};

/// Compares the two passes of the network in `checkpoint` on `positions` positions drawn
/// uniformly (seeded) from the positions before every move of the games in `gameFiles` (all
/// of them when there are fewer), each game played through the network's own game (its
/// rule-conditioned one for a conditioned network). Throws Error naming a file or game the
/// network cannot play.
PrecisionAgreement bf16Agreement(const std::string& checkpoint, const std::vector<std::string>& gameFiles,
                                 int positions, uint64_t seed = 1);

}  // namespace tz
