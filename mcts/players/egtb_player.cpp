#include "mcts/players/egtb_player.h"

#include <stdexcept>
#include <vector>

#include "game/error.h"
#include "mcts/players/player_factory.h"

namespace tz::players {

EgtbPlayer::EgtbPlayer(const morris::MorrisGame& game, const std::string& dir, std::unique_ptr<Player> fallback,
                       uint64_t seed)
    : db_(dir, game.rules().flying), fallback_(std::move(fallback)), rng_(seed) {}

Action EgtbPlayer::chooseAction(const State& state) {
  const morris::Setup setup = morris::parseRecord(state.record());
  if (!db_.whyNotCovered(setup).empty()) return fallback_->chooseAction(state);
  const morris::egtb::Probe probe = db_.probe(setup);
  std::uniform_int_distribution<size_t> pick(0, probe.best.size() - 1);
  const morris::Turn turn = probe.best[pick(rng_)];
  // The turn's first action: its step, or the removal when that is all that is left.
  const std::string first = morris::turnName(setup.pending ? turn : morris::Turn{turn.from, turn.to, -1});
  std::vector<Action> legal;
  state.legalActions(legal);
  for (Action a : legal)
    if (state.actionName(a) == first) return a;
  throw std::logic_error("egtb player: the database's turn " + first + " is not a legal action");
}

}  // namespace tz::players

namespace tz {

void registerEgtbPlayerKind() {
  registerPlayerKind("egtb", "egtb:DIR[|FALLBACK]", [](const PlayerSpec& spec, const Game& game, uint64_t seed) {
    const auto* morrisGame = dynamic_cast<const morris::MorrisGame*>(&game);
    if (!morrisGame) {
      throw Error("player " + quoted(spec.text) + ": the endgame database is for morris variants, not " + game.name());
    }
    const size_t bar = spec.argument.find('|');
    const std::string dir = spec.argument.substr(0, bar);
    const std::string fallback = bar == std::string::npos ? "greedy" : spec.argument.substr(bar + 1);
    if (dir.empty()) {
      throw Error("player " + quoted(spec.text) + ": expected egtb:DIR[|FALLBACK], the database folder first");
    }
    return std::make_unique<players::EgtbPlayer>(*morrisGame, dir, makePlayer(fallback, game, seed), seed);
  });
}

}  // namespace tz
