#pragma once
// The light playout policy and prior of pure MCTS. Uniformly random tafl playouts say
// little about a position: the attackers never block an open escape line nor avoid a
// capture, so every attacker move looks lost (random play wins 64% of brandubh and 83% of
// linnaeus games for the defenders) and hanging a piece costs nothing. This policy stays
// cheap (no search beyond one reply) but makes a playout's result depend on the position.
//
// Playouts, tafl (through the fast Position), for the side to move:
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
// Other games: uniformly random legal actions. A playout ends with the game (its ply
// limit and repetition rules included).
//
// Priors, tafl: likely captures weigh kCaptureWeight, moves after which the moved piece
// can be captured at once weigh 1/kCaptureWeight (both for a capture that leaves its piece
// en prise), the rest 1. Other games: uniform.
#include <memory>
#include <random>
#include <vector>

#include "game/game.h"

namespace tz {

namespace tafl {
struct MoveList;
class Position;
}  // namespace tafl

/// Working space for playouts and priors, reused from one position to the next. Not
/// thread-safe: one per thread. Deterministic: the same position and generator state give
/// the same result.
class RolloutPolicy {
 public:
  /// Ordinary moves the attackers check for safety per ply, beyond answers to an escape line.
  static constexpr int kAttackerTries = 8;
  /// Moves the defenders check for safety per ply.
  static constexpr int kDefenderTries = 2;
  /// Prior weight of a likely capture (and divisor of a move that leaves its piece en prise).
  static constexpr float kCaptureWeight = 5.f;

  RolloutPolicy();
  ~RolloutPolicy();

  /// Plays `state` (an ongoing game) out to its end with the policy above, drawing from
  /// `rng`. Returns the winner (0 or 1), or -1 for a draw.
  int playOut(const State& state, std::mt19937_64& rng);
  /// Writes the priors above for the `count` legal actions `legal` of `state` (an ongoing
  /// game) to `priors`, summing to 1.
  void priors(const State& state, const Action* legal, int count, float* priors) const;

 private:
  int playOutTafl(const tafl::Position& start, std::mt19937_64& rng);
  int playOutGeneric(const State& start, std::mt19937_64& rng);

  std::unique_ptr<tafl::Position> position_;
  std::unique_ptr<tafl::MoveList> moves_;
  std::unique_ptr<State> state_;
  std::vector<Action> actions_;
};

}  // namespace tz
