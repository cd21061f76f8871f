#include "game/morris/morris_expertise.h"

#include "game/morris/morris_game.h"
#include "game/state_walker.h"

namespace tz::morris {

int material(const Position& pos, int side) {
  const int mine = count(pos.pieces(side)) + pos.inHand(side);
  const int theirs = count(pos.pieces(1 - side)) + pos.inHand(1 - side);
  return 100 * (mine - theirs);
}

std::unique_ptr<TreeWalker> MorrisExpertise::newTreeWalker(const State& state) const {
  return std::make_unique<StateWalker>(state, kNumActions, [](const State& s, int side) {
    return material(static_cast<const MorrisState&>(s).position(), side);
  });
}

const MorrisExpertise& MorrisExpertise::instance() {
  static const MorrisExpertise expertise;
  return expertise;
}

}  // namespace tz::morris
