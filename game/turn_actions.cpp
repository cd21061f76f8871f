#include "game/turn_actions.h"

#include <functional>

#include "game/base/error.h"

namespace tz {

std::vector<Action> turnActions(const State& state, const std::string& notation) {
  auto target = state.clone();
  target->playTurn(notation);
  std::vector<Action> path;
  // Depth first over the mover's actions until the position playTurn reached.
  const std::function<bool(const State&)> reach = [&](const State& s) {
    std::vector<Action> legal;
    s.legalActions(legal);
    for (Action a : legal) {
      auto next = s.clone();
      next->apply(a);
      path.push_back(a);
      if (next->hash() == target->hash() && next->toMove() == target->toMove() &&
          next->outcome().over == target->outcome().over) {
        return true;
      }
      if (!next->outcome().over && next->toMove() == state.toMove() && reach(*next)) return true;
      path.pop_back();
    }
    return false;
  };
  if (!reach(state)) throw Error("turn " + quoted(notation) + " matches no sequence of actions");
  return path;
}

}  // namespace tz
