#include "training/run/net_player.h"

#include "game/base/error.h"
#include "mcts/evaluators.h"
#include "mcts/mcts_player.h"
#include "mcts/players/egtb_player.h"
#include "mcts/players/player_factory.h"
#include "mcts/players/value_heads.h"
#include "nets/checkpoint.h"
#include "nets/net_evaluator.h"
#include "training/run/conditioned_player.h"

namespace tz {

SearchOptions netPlaySearch(int simulations, uint64_t seed) {
  SearchOptions search;
  search.simulations = simulations;
  search.seed = seed;
  search.fpuReduction = 0.f;
  return search;
}

NetEvaluatorOptions playEvaluatorOptions(const SearchOptions& search) {
  NetEvaluatorOptions eval;
  eval.maxBatch = std::max(1, search.batchSize * search.threads);
  eval.maxWaitUs = 0;
  return eval;
}

std::unique_ptr<Player> NetForGame::seated(std::unique_ptr<Player> player) const {
  if (!conditioned) return player;
  return std::make_unique<RuleConditionedPlayer>(std::move(player), conditioned);
}

NetForGame loadNetForGame(const std::string& checkpoint, const Game& game, const std::string& device) {
  NetForGame out;
  out.net = loadCheckpoint(checkpoint, device);
  out.conditioned = conditionedGameOfModel(out.net->meta(), game);
  checkModelMatches(out.net->meta(), out.played(game), "checkpoint " + checkpoint);
  return out;
}

std::unique_ptr<Player> makeNetPlayer(const std::string& checkpoint, const Game& game, const SearchOptions& options,
                                      double rolloutMix, const std::string& device,
                                      std::shared_ptr<SharedEndgameTables> tables) {
  const NetForGame loaded = loadNetForGame(checkpoint, game, device);
  if (tables && loaded.conditioned) {
    throw Error("checkpoint " + checkpoint + ": a rule-conditioned network cannot search with endgame tables");
  }
  std::shared_ptr<Evaluator> network = std::make_shared<NetEvaluator>(loaded.net, playEvaluatorOptions(options));
  if (tables) network = std::make_shared<EndgameEvaluator>(network, std::move(tables));
  return loaded.seated(makeNetPlayer(network, loaded.played(game), options, rolloutMix));
}

std::unique_ptr<Player> makeNetPlayer(std::shared_ptr<Evaluator> network, const Game& game, const SearchOptions& options,
                                      double rolloutMix) {
  if (rolloutMix > 0) network = std::make_shared<RolloutMixEvaluator>(network, float(rolloutMix), options.seed);
  return makeMctsPlayer(game, std::move(network), options);
}

namespace {

// The checkpoint of a "net:CHECKPOINT[,options]" argument.
std::string checkpointOf(const std::string& argument) { return argument.substr(0, argument.find(',')); }

// The endgame tables in `dir` for `game`, shared by one player's search; null when `dir` is
// empty. Throws Error naming `spec` when the game has no tables.
std::shared_ptr<SharedEndgameTables> searchTables(const std::string& spec, const Game& game, const std::string& dir) {
  if (dir.empty()) return nullptr;
  return std::make_shared<SharedEndgameTables>(openPlayerTables(game, dir, "player " + quoted(spec) + ": option tables"));
}

}  // namespace

void registerNetPlayerKind() {
  registerValueHeadKind("net", [](const PlayerSpec& spec, const Game& game) -> std::shared_ptr<Evaluator> {
    return std::make_shared<NetEvaluator>(loadCheckpoint(checkpointOf(spec.argument), game, "cpu"),
                                          playEvaluatorOptions(SearchOptions{}));
  });
  registerPlayerKind("net", "net:CHECKPOINT[,sims=N,batch=N,mix=X,gumbel=1,candidates=M,cpuct=X,fpu=X,draw=X,tables=DIR,...]",
                     [](const PlayerSpec& spec, const Game& game, uint64_t seed) {
                       const std::string path = checkpointOf(spec.argument);
                       const std::string rest = spec.argument.substr(std::min(spec.argument.size(), path.size() + 1));
                       PlayerSpec optionsSpec{spec.text, spec.kind, rest};
                       SpecOptions o(optionsSpec);
                       SearchOptions search = netPlaySearch(200, seed);
                       readSearchSpec(o, search);
                       const double mix = o.real("mix", 0, 0, 1);
                       const std::string tables = o.text("tables", "");
                       o.finish();
                       return makeNetPlayer(path, game, search, mix, "cpu", searchTables(spec.text, game, tables));
                     });
}

}  // namespace tz
