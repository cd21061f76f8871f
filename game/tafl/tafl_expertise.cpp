#include "game/tafl/tafl_expertise.h"

#include "game/tafl/tafl_playout.h"
#include "game/tafl/tafl_walker.h"

namespace tz::tafl {

std::unique_ptr<PlayoutPolicy> TaflExpertise::newPlayoutPolicy() const { return std::make_unique<TaflPlayoutPolicy>(); }

std::unique_ptr<TreeWalker> TaflExpertise::newTreeWalker(const State& state) const {
  const auto* tafl = dynamic_cast<const TaflState*>(&state);
  if (!tafl) return nullptr;
  return std::make_unique<TaflWalker>(*game_, *tafl);
}

BoardDrawing TaflExpertise::boardDrawing() const {
  const Rules& rules = game_->topology().rules;
  const int n = rules.size;
  BoardDrawing board;
  board.size = n;
  board.special.push_back({n / 2, n / 2, "throne"});
  for (int square : rules.corners) board.special.push_back({square % n, square / n, "corner"});
  for (const auto& camp : rules.camps)
    for (int square : camp) board.special.push_back({square % n, square / n, "camp"});
  return board;
}

}  // namespace tz::tafl
