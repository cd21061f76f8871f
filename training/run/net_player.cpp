#include "training/run/net_player.h"

#include "game/base/error.h"
#include "mcts/evaluators.h"
#include "mcts/endgame_probes.h"
#include "mcts/mcts_player.h"
#include "mcts/players/egtb_player.h"
#include "mcts/players/network_kinds.h"
#include "nets/checkpoint.h"
#include "nets/model_meta.h"
#include "training/run/conditioned_player.h"
#include "training/run/ply_limited_player.h"

namespace tz {

NetEvaluatorOptions playEvaluatorOptions(const AgentSpec& spec) {
  const SearchOptions& search = spec.search;
  NetEvaluatorOptions eval;
  eval.precision = parsePrecision(spec.net.precision, "player " + quoted(spec.text()) + ": option precision");
  constexpr int kLeavesOfGamesAtOnce = 64;
  eval.maxBatch = std::max(kLeavesOfGamesAtOnce, search.batchSize * search.threads);
  eval.maxWaitUs = 0;
  return eval;
}

std::unique_ptr<Player> NetForGame::seated(std::unique_ptr<Player> player) const {
  if (conditioned) player = std::make_unique<RuleConditionedPlayer>(std::move(player), conditioned);
  if (plyLimit > 0) player = std::make_unique<PlyLimitedPlayer>(std::move(player), plyLimit);
  return player;
}

namespace {

// The rule-conditioned game through which the network of `meta` plays `game` (null for a
// network of one variant); throws Error, naming `what`, when it cannot play `game`.
std::unique_ptr<RuleConditionedGame> checkedConditioning(const ModelMeta& meta, const Game& game, const std::string& what) {
  std::unique_ptr<RuleConditionedGame> conditioned = conditionedGameOfModel(meta, game);
  checkModelMatches(meta, conditioned ? *conditioned : game, what);
  return conditioned;
}

// The option `tables` of a net agent, in words for its errors.
std::string tablesContext(const AgentSpec& spec) { return "player " + quoted(spec.text()) + ": option tables"; }

// Throws Error when the agent's endgame tables do not open for `game`: checked first, before
// its checkpoint is read.
void checkTablesOpen(const AgentSpec& spec, const Game& game) {
  if (!spec.net.tables.empty()) openPlayerTables(game, spec.net.tables, tablesContext(spec));
}

// Throws Error when the agent has endgame tables and its network is a rule-conditioned one
// (`conditioned`), which cannot search with them.
void checkTablesUsable(const AgentSpec& spec, bool conditioned) {
  if (!spec.net.tables.empty() && conditioned) {
    throw Error("checkpoint " + spec.source + ": a rule-conditioned network cannot search with endgame tables");
  }
}

}  // namespace

NetForGame loadNetForGame(const std::string& checkpoint, const Game& game, const std::string& device) {
  NetForGame out;
  out.net = loadCheckpoint(checkpoint, device);
  const std::string what = "checkpoint " + checkpoint;
  out.conditioned = checkedConditioning(out.net->meta(), game, what);
  const int trained = plyLimitOfRules(out.net->meta().rulesYaml, what + ": its rules");
  if (trained > 0 && plyLimitOfRules(game.rulesYaml(), "the rules of " + game.name()) > trained) out.plyLimit = trained;
  return out;
}

namespace {

// The maker of a net agent's players: the network loaded once, and one evaluator of it that
// every player shares (the leaves of games played at once go through it in common batches);
// each player's leaves valued exactly by the agent's tables where they cover one and mixed
// with playouts by its `mix`.
PlayerMaker netPlayers(const AgentSpec& spec, const Game& game) {
  const std::string context = tablesContext(spec);
  checkTablesOpen(spec, game);  // refused here, before any game
  const NetForGame loaded = loadNetForGame(spec.source, game, spec.net.device);
  checkTablesUsable(spec, loaded.conditioned != nullptr);
  const auto shared = std::make_shared<NetEvaluator>(loaded.net, playEvaluatorOptions(spec));
  return [spec, loaded, shared, context, &game](uint64_t seed) {
    SearchOptions options = spec.search;
    options.seed = seed;
    std::shared_ptr<Evaluator> network = shared;
    if (!spec.net.tables.empty()) {
      network = std::make_shared<EndgameEvaluator>(
          network, std::make_shared<SharedEndgameTables>(openPlayerTables(game, spec.net.tables, context)));
    }
    if (spec.net.mix > 0) network = std::make_shared<RolloutMixEvaluator>(network, float(spec.net.mix), seed);
    return loaded.seated(makeMctsPlayer(loaded.played(game), std::move(network), options));
  };
}

}  // namespace

AgentKind netAgentKind() {
  AgentKind kind = netAgentKindOptions();
  kind.prepare = netPlayers;
  kind.check = [](const AgentSpec& spec, const Game& game) {
    playEvaluatorOptions(spec);  // refuses an unknown precision
    checkTablesOpen(spec, game);
    const ModelMeta meta = readCheckpointInfo(spec.source).model;
    checkTablesUsable(spec, checkedConditioning(meta, game, "checkpoint " + spec.source) != nullptr);
  };
  kind.evaluator = [](const AgentSpec& spec, const Game& game) -> std::shared_ptr<Evaluator> {
    AgentSpec leaves = spec;
    leaves.search = SearchOptions{};
    return std::make_shared<NetEvaluator>(loadCheckpoint(spec.source, game, spec.net.device), playEvaluatorOptions(leaves));
  };
  kind.ownGame = [](const AgentSpec& spec) { return gameOfModel(readCheckpointInfo(spec.source).model); };
  return kind;
}

void registerNetAgentKind() { replaceAgentKind("net", netAgentKind()); }

}  // namespace tz
