#pragma once
// The light tafl playout policy and prior of pure MCTS. Uniformly random tafl playouts say
// little about a position: the attackers never block an open escape line nor avoid a
// capture, so every attacker move looks lost (random play wins 64% of brandubh and 83% of
// linnaeus games for the defenders) and hanging a piece costs nothing. This policy stays
// cheap (no search beyond one reply) but makes a playout's result depend on the position.
//
// Playouts (through the fast Position), for the side to move:
//   1. a move that wins at once is played: a king escape, a king capture;
//   2. otherwise moves are tried in a random order, looking first at the attackers'
//      answers to an open escape line (moves onto the king's rank or file), then at moves
//      that close a sandwich on an enemy piece (likely captures), then at the rest; the
//      first tried move after which the opponent cannot win at once (no open escape line
//      for the king, no king capture, no loss by repetition) is played. The attackers try
//      up to kAttackerTries moves beyond the answers, the defenders kDefenderTries: with
//      equal care the defenders win 99% of brandubh and 91% of linnaeus playouts from the
//      start (they need one open line, the attackers a closed net), with these 86% and 60%,
//      so that the result still depends on what the attackers did. When no tried move is
//      safe, the first one tried is played.
// A playout ends with the game (its ply limit and repetition rules included).
//
// Priors: likely captures weigh kCaptureWeight, moves after which the moved piece can be
// captured at once weigh 1/kCaptureWeight (both for a capture that leaves its piece en
// prise), the rest 1.
#include <memory>
#include <random>

#include "game/expertise.h"
#include "game/tafl/tafl_game.h"

namespace tz::tafl {

/// Working space for tafl playouts and priors, reused from one position to the next. Not
/// thread-safe: one per thread. Takes TaflStates only.
class TaflPlayoutPolicy final : public PlayoutPolicy {
 public:
  /// Ordinary moves the attackers check for safety per ply, beyond answers to an escape line.
  static constexpr int kAttackerTries = 8;
  /// Moves the defenders check for safety per ply.
  static constexpr int kDefenderTries = 2;
  /// Prior weight of a likely capture (and divisor of a move that leaves its piece en prise).
  static constexpr float kCaptureWeight = 5.f;

  TaflPlayoutPolicy();
  ~TaflPlayoutPolicy() override;

  int playOut(const State& state, std::mt19937_64& rng) override;
  void weights(const State& state, const Action* legal, int count, float* weights) override;

 private:
  std::unique_ptr<Position> position_;
  std::unique_ptr<MoveList> moves_;
};

}  // namespace tz::tafl
