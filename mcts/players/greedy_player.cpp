#include "mcts/players/greedy_player.h"

#include <vector>

#include "mcts/players/agent_kinds.h"
#include "mcts/players/tree_walker.h"

namespace tz::players {

namespace {

// How good a move is for the mover, best first by tier, then material.
struct Rank {
  enum Tier { kLosesNow, kAllowsLoss, kDraws, kSafe, kWins } tier = kLosesNow;
  int material = 0;
  bool operator<(const Rank& o) const { return tier != o.tier ? tier < o.tier : material < o.material; }
  bool operator==(const Rank& o) const { return tier == o.tier && material == o.material; }
};

// Whether `side`, to move, can win within its current turn.
bool canWinThisTurn(TreeWalker& ad, int side) {
  std::vector<uint32_t> moves;
  ad.generate(moves);
  for (const auto& m : moves) {
    ad.play(m);
    const Outcome& o = ad.outcome();
    const bool win = o.over ? o.winner == side : ad.toMove() == side && canWinThisTurn(ad, side);
    ad.undo();
    if (win) return true;
  }
  return false;
}

// Rank for `me` of the position reached after one of my actions.
Rank rankAfter(TreeWalker& ad, int me) {
  const Outcome& o = ad.outcome();
  if (o.over) {
    const Rank::Tier tier = o.winner == me ? Rank::kWins : o.winner < 0 ? Rank::kDraws : Rank::kLosesNow;
    return {tier, ad.material(me)};
  }
  if (ad.toMove() == me) {  // my turn continues (e.g. a removal): its best completion
    std::vector<uint32_t> moves;
    ad.generate(moves);
    Rank best;
    for (const auto& m : moves) {
      ad.play(m);
      const Rank r = rankAfter(ad, me);
      ad.undo();
      if (best < r) best = r;
    }
    return best;
  }
  return {canWinThisTurn(ad, 1 - me) ? Rank::kAllowsLoss : Rank::kSafe, ad.material(me)};
}

Action choose(TreeWalker& ad, std::mt19937_64& rng) {
  const int me = ad.toMove();
  std::vector<uint32_t> moves, best;
  ad.generate(moves);
  Rank bestRank;
  for (const auto& m : moves) {
    ad.play(m);
    const Rank r = rankAfter(ad, me);
    ad.undo();
    if (r.tier == Rank::kWins) return ad.action(m);
    if (best.empty() || bestRank < r) {
      bestRank = r;
      best.clear();
    }
    if (r == bestRank) best.push_back(m);
  }
  std::uniform_int_distribution<size_t> pick(0, best.size() - 1);
  return ad.action(best[pick(rng)]);
}

}  // namespace

Action GreedyPlayer::chooseAction(const State& state) {
  auto walker = newTreeWalker(*game_, state);
  return choose(*walker, rng_);
}

}  // namespace tz::players

namespace tz {

AgentKind greedyAgentKind() {
  AgentKind kind;
  kind.usage = "greedy";
  kind.prepare = [](const AgentSpec&, const Game& game) -> PlayerMaker {
    return [&game](uint64_t seed) { return std::make_unique<players::GreedyPlayer>(game, seed); };
  };
  return kind;
}

}  // namespace tz
