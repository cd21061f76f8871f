#include "game/morris/egtb/turns.h"

namespace tz::morris::egtb {

namespace {

// Rules without draws. A position made from them is never played on, so a ply limit of
// one keeps its history small; generation starts at ply 0, below the limit.
Rules rulesWithoutDraws(bool flying) {
  Rules r;
  r.name = flying ? "egtb" : "egtb-noflying";
  r.flying = flying;
  r.repetitionCount = 0;
  r.noRemovalPlies = 0;
  r.plyLimit = 1;
  return r;
}

}  // namespace

void generateTurns(bool flying, Mask own, Mask opp, bool pending, TurnList& list) {
  static const Rules withFlying = rulesWithoutDraws(true), withoutFlying = rulesWithoutDraws(false);
  Setup setup;
  setup.pieces[kWhite] = own;
  setup.pieces[kBlack] = opp;
  setup.hand[kWhite] = setup.hand[kBlack] = 0;
  setup.side = kWhite;
  setup.plies = 0;
  setup.pending = pending;
  const Position position(flying ? withFlying : withoutFlying, setup);
  position.generate(list);
}

}  // namespace tz::morris::egtb
