#include "mcts/players/egtb_player.h"

#include <stdexcept>
#include <vector>

#include "game/base/error.h"
#include "game/expertise.h"
#include "mcts/players/player_factory.h"

namespace tz::players {

EgtbPlayer::EgtbPlayer(std::unique_ptr<EndgameTables> tables, std::unique_ptr<Player> fallback, uint64_t seed)
    : tables_(std::move(tables)), fallback_(std::move(fallback)), rng_(seed) {}

Action EgtbPlayer::chooseAction(const State& state) {
  if (!tables_->whyNotCovered(state).empty()) return fallback_->chooseAction(state);
  const EndgameProbe probe = tables_->probe(state);
  std::uniform_int_distribution<size_t> pick(0, probe.best.size() - 1);
  const std::string turn = probe.best[pick(rng_)];
  // The turn's first action: the legal action whose name begins the turn's notation (a
  // turn of several actions names them one after another).
  std::vector<Action> legal;
  state.legalActions(legal);
  Action first = -1;
  size_t longest = 0;
  for (Action a : legal) {
    const std::string name = state.actionName(a);
    if (name.size() > longest && turn.compare(0, name.size(), name) == 0) {
      first = a;
      longest = name.size();
    }
  }
  if (first < 0) throw std::logic_error("egtb player: the tables' turn " + turn + " begins with no legal action");
  return first;
}

}  // namespace tz::players

namespace tz {

std::unique_ptr<EndgameTables> openPlayerTables(const Game& game, const std::string& dir, const std::string& context) {
  std::unique_ptr<EndgameTables> tables = game.expertise() ? game.expertise()->openEndgameTables(game, dir) : nullptr;
  if (!tables) throw Error(context + ": " + game.name() + " has no endgame tables (morris has)");
  return tables;
}

AgentKind egtbAgentKind() {
  AgentKind kind;
  kind.usage = "egtb:DIR[|FALLBACK]";
  kind.source = AgentKind::Source::kWhole;
  kind.prepare = [](const AgentSpec& spec, const Game& game) -> PlayerMaker {
    const size_t bar = spec.source.find('|');
    const std::string dir = spec.source.substr(0, bar);
    const std::string context = "player " + quoted(spec.text());
    if (dir.empty()) throw Error(context + ": expected egtb:DIR[|FALLBACK], the database folder first");
    openPlayerTables(game, dir, context);  // refused here, before any game
    const PlayerMaker fallback =
        agentMaker(parseAgentSpec(bar == std::string::npos ? "greedy" : spec.source.substr(bar + 1)), game);
    return [dir, context, fallback, &game](uint64_t seed) {
      return std::make_unique<players::EgtbPlayer>(openPlayerTables(game, dir, context), fallback(seed), seed);
    };
  };
  return kind;
}

}  // namespace tz
