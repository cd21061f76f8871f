#include "training/run/self_play_producer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <thread>

#include "game/base/splitmix.h"
#include "mcts/evaluators.h"
#include "training/run/endgame_teacher.h"

namespace tz {

namespace {

constexpr int kGamesPerSlot = 4;  // games each self-play slot plays per batch
const char* kBootstrapPlayer = "bootstrap:pure-mcts";

// A well-mixed 64-bit hash.
uint64_t mix(uint64_t x) { return splitMixHash(x + kSplitMixGamma); }

// A uniform draw in [0, 1) from a hash.
double unit(uint64_t h) { return double(h >> 11) * 0x1.0p-53; }

}  // namespace

std::optional<PositionRecord> trainingPosition(const SelfPlayMove& m) {
  if (!m.full) return std::nullopt;
  PositionRecord p;
  p.ply = m.state->ply();
  p.toMove = m.state->toMove();
  if (m.search.proven == mcts::Proven::kUnknown) {
    for (size_t i = 0; i < m.search.actions.size() && i < m.search.policy.size(); ++i) {
      if (m.search.policy[i] > 0) p.policy.emplace_back(m.search.actions[i], m.search.policy[i]);
    }
  }
  // A proven root (or a search without a target) teaches the move played: the proven win,
  // or the longest resistance the search found.
  if (p.policy.empty()) p.policy.emplace_back(m.action, 1.f);
  p.value = m.search.value;
  p.flags = kTrainingTarget;
  return p;
}

bool fullSearchCoin(uint64_t seed, int game, int ply, double fullFraction) {
  return unit(mix(mix(seed ^ 0xF011ull) ^ mix(uint64_t(game) << 20 ^ uint64_t(ply)))) < fullFraction;
}

std::array<double, 2> adjustHandicap(std::array<double, 2> handicap, int wins0, int wins1, double target) {
  const int decided = wins0 + wins1;
  if (target <= 0 || decided == 0) return handicap;
  constexpr double kLeast = 1.0 / 1024;
  const double share0 = double(wins0) / decided;
  for (int weak = 0; weak < 2; ++weak) {
    const double share = weak == 0 ? share0 : 1 - share0;
    if (share >= target) continue;
    const int strong = 1 - weak;
    if (handicap[size_t(weak)] < 1) handicap[size_t(weak)] = std::min(1.0, 2 * handicap[size_t(weak)]);
    else handicap[size_t(strong)] = std::max(kLeast, handicap[size_t(strong)] / 2);
  }
  return handicap;
}

std::string describeSelfPlay(const SelfPlayConfig& c, bool bootstrap) {
  auto budgets = [](const std::array<int, 2>& sims) {
    return sims[0] == sims[1] ? std::to_string(sims[0]) : std::to_string(sims[0]) + "/" + std::to_string(sims[1]);
  };
  char text[256];
  if (bootstrap) {
    const auto& b = c.bootstrap;
    std::snprintf(text, sizeof(text), "pure MCTS (%s root, informed playouts), %s simulations (%.0f%% of moves, else %d)",
                  c.search.gumbel ? "Gumbel" : "PUCT", budgets(b.simulations).c_str(), 100 * b.fullFraction,
                  b.cheapSimulations);
    return text;
  }
  const std::string playouts =
      c.mix > 0 ? ", leaf values " + std::to_string(int(100 * c.mix)) + "% playouts" : "";
  std::snprintf(text, sizeof(text), "network %s search, %s simulations (%.0f%% of moves, else %d)%s",
                c.search.gumbel ? "Gumbel" : "PUCT", budgets(c.simulations).c_str(), 100 * c.fullFraction,
                c.cheapSimulations, playouts.c_str());
  return text;
}

SelfPlayProducer::SelfPlayProducer(const RunVariants& variants, const ExperimentConfig& config,
                                   PublishedWeights& weights, RunMonitor& monitor, Sink sink)
    : variants_(variants), config_(config), weights_(weights), monitor_(monitor), sink_(std::move(sink)) {
  if (config.training.endgame.selfplay)
    tables_ = std::make_shared<SharedEndgameTables>(
        openEndgameTables(variants.network(), config.training.endgame, config.file));
}

std::shared_ptr<Evaluator> SelfPlayProducer::leafValues(std::shared_ptr<Evaluator> evaluator, uint64_t seed) const {
  if (config_.selfPlay.mix > 0)
    evaluator = std::make_shared<RolloutMixEvaluator>(std::move(evaluator), float(config_.selfPlay.mix), seed);
  return withTables(std::move(evaluator));
}

std::shared_ptr<Evaluator> SelfPlayProducer::withTables(std::shared_ptr<Evaluator> evaluator) const {
  if (!tables_) return evaluator;
  return std::make_shared<EndgameEvaluator>(std::move(evaluator), tables_);
}

SelfPlayProducer::Plan SelfPlayProducer::plan(SelfPlayOptions& options) {
  const SelfPlayConfig& sp = config_.selfPlay;
  Plan p;
  const int games = monitor_.games();
  p.bootstrap = games < sp.bootstrap.games;
  if (p.bootstrap) {
    options.games = std::min(options.games, sp.bootstrap.games - games);
    p.evaluator = withTables(std::make_shared<RolloutEvaluator>(1, options.search.seed));
    p.fullSimulations = sp.bootstrap.simulations;
    p.cheapSimulations = sp.bootstrap.cheapSimulations;
    p.fullFraction = sp.bootstrap.fullFraction;
    return p;
  }
  p.evaluator = leafValues(weights_.current(), options.search.seed);
  for (size_t side = 0; side < 2; ++side) {
    const int full = sp.simulations[side], least = std::min(full, sp.handicap.minSimulations);
    p.fullSimulations[side] = std::max(least, int(std::lround(full * handicap_[side])));
  }
  p.cheapSimulations = sp.cheapSimulations;
  p.fullFraction = sp.fullFraction;
  return p;
}

SidePlayers SelfPlayProducer::playersOf(const Plan& plan, int runGame, PastSide& past) {
  past = PastSide{};
  const uint64_t h = mix(config_.seed ^ mix(uint64_t(runGame) ^ 0xBA5Eull));
  if (plan.bootstrap || unit(h) >= config_.selfPlay.pastFraction) return {plan.evaluator, plan.evaluator};
  const auto pick = weights_.pickPast(mix(h));
  if (!pick) return {plan.evaluator, plan.evaluator};
  past.step = pick->step;
  past.side = int(mix(h ^ 1) & 1);
  SidePlayers players{plan.evaluator, plan.evaluator};
  players[size_t(past.side)] = leafValues(pick->evaluator, config_.seed + uint64_t(runGame));
  return players;
}

GameRecord SelfPlayProducer::recordOf(const Game& game, const SelfPlayGame& g, const std::string& player,
                                      const PastSide& past) const {
  GameRecord rec;
  rec.variant = game.name();
  rec.rules = game.rulesYaml();
  rec.players[0] = rec.players[1] = player;
  if (past.side >= 0) rec.players[past.side] = "past:" + checkpointId(past.step);
  rec.winner = g.outcome.winner;
  rec.reason = g.outcome.reason;
  rec.plies = int(g.actions.size());
  rec.actions = g.actions;
  auto state = game.newGame();
  rec.startPosition = state->record();
  rec.startSide = state->toMove();
  for (Action a : g.actions) {
    rec.moves += (rec.moves.empty() ? "" : " ") + state->actionName(a);
    state->apply(a);
  }
  return rec;
}

std::array<int, 2> SelfPlayProducer::playBatch(const Plan& plan, const SelfPlayOptions& options,
                                               const std::atomic<bool>& stop) {
  const int base = monitor_.games();  // run-wide number of the batch's first game
  BatchedSelfPlay sp(variants_.network(), plan.evaluator, options);
  sp.setStart([&](int g) { return variants_.ofRunGame(base + g).newGame(); });
  std::map<int, std::vector<PositionRecord>> pending;
  std::map<int, PastSide> pasts;
  sp.setPlayers([&](int g) { return playersOf(plan, base + g, pasts[g]); });
  sp.setBudget([&](int g, const State& state) {
    const bool full = fullSearchCoin(config_.seed, base + g, state.ply(), plan.fullFraction);
    const int side = state.toMove();
    return MoveBudget{full ? plan.fullSimulations[size_t(side)]
                           : std::min(plan.cheapSimulations, plan.fullSimulations[size_t(side)]),
                      full};
  });
  if (tables_) sp.setAdjudicate([&](const State& state) { return adjudicate(*tables_, state); });
  // A spent budget (or a stopped run) drops the games in progress: they would end past it.
  const auto stopWhenSpent = [&] {
    if (stop || monitor_.budgetSpent()) sp.stopNow();
  };
  int wins[2] = {0, 0}, draws = 0, plies = 0, finished = 0, againstPast = 0, adjudicated = 0;
  int64_t moves = 0;  // played in the batch so far, finished games or not
  double age = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const auto secondsSoFar = [&t0] {
    return std::max(1e-9, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  };
  sp.onMove([&](const SelfPlayMove& m) {
    stopWhenSpent();
    // The rate from every move played, so that a long bootstrap batch shows it from its first moves.
    monitor_.setPositionsPerSecond(double(++moves) / secondsSoFar());
    if (m.state->toMove() == pasts[m.game].side) return;  // the past network's moves teach nothing new
    if (auto p = trainingPosition(m)) pending[m.game].push_back(std::move(*p));
  });
  sp.onGame([&](const SelfPlayGame& g) {
    const int64_t published = weights_.step();
    const std::string player = plan.bootstrap ? kBootstrapPlayer : "selfplay:" + checkpointId(published);
    sink_(recordOf(variants_.ofRunGame(base + g.game), g, player, pasts[g.game]), std::move(pending[g.game]));
    pending.erase(g.game);
    if (g.outcome.winner >= 0) ++wins[g.outcome.winner];
    else ++draws;
    plies += int(g.actions.size());
    againstPast += pasts[g.game].side >= 0;
    adjudicated += g.outcome.reason == end_reason::kTablebase;
    age += double(monitor_.step() - published);
    ++finished;
    monitor_.show();
    // A bootstrap batch stops starting games once the run has its bootstrap games (other
    // processes' games count: see RunMonitor::raiseGames); the games in progress finish.
    if (plan.bootstrap && monitor_.games() >= config_.selfPlay.bootstrap.games) sp.stopStarting();
    stopWhenSpent();
  });
  sp.run();
  const double seconds = secondsSoFar();
  const auto stats = sp.stats();
  monitor_.setPositionsPerSecond(double(stats.moves) / seconds);
  monitor_.metric({{"kind", "selfplay"}, {"games", monitor_.games()}, {"chunk_games", finished},
                   {"wins", {wins[0], wins[1]}}, {"draws", draws}, {"bootstrap", plan.bootstrap},
                   {"search", describeSelfPlay(config_.selfPlay, plan.bootstrap)}, {"against_past", againstPast},
                   {"adjudicated", adjudicated},
                   {"weights_step", weights_.step()}, {"weights_age", finished ? age / finished : 0.0},
                   {"simulations", {plan.fullSimulations[0], plan.fullSimulations[1]}},
                   {"mean_plies", finished ? double(plies) / finished : 0.0},
                   {"positions_per_second", double(stats.moves) / seconds},
                   {"evaluations_per_second", double(stats.evaluations) / seconds},
                   {"mean_batch", stats.batches ? double(stats.evaluations) / double(stats.batches) : 0.0}});
  return {wins[0], wins[1]};
}

void SelfPlayProducer::run(const std::atomic<bool>& stop) {
  const BudgetConfig& budget = config_.budget;
  while (!stop && !monitor_.budgetSpent()) {
    SelfPlayOptions o;
    o.search = config_.selfPlay.search;
    o.search.seed = config_.seed + uint64_t(monitor_.games()) * 1000003ULL + uint64_t(batches_++);
    o.workers = config_.selfPlay.workers;
    o.gamesPerWorker = config_.selfPlay.gamesPerWorker;
    // Each slot plays several games in a row, so that the slots emptying at the batch's end
    // (its longest games) leave the evaluator's batches short less often.
    o.games = o.workers * o.gamesPerWorker * kGamesPerSlot;
    if (budget.games > 0) o.games = std::min(o.games, budget.games - monitor_.games());
    if (o.games <= 0) break;
    if (monitor_.games() >= config_.selfPlay.bootstrap.games && !bootstrapDone_) {
      // The network phase starts on weights trained on the whole bootstrap: wait for the
      // trainer to publish them (it does so as soon as it sees the flag).
      const int published = weights_.publications();
      bootstrapDone_ = true;
      while (config_.selfPlay.bootstrap.games > 0 && weights_.publications() == published && !stop &&
             !monitor_.budgetSpent())
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      if (stop || monitor_.budgetSpent()) break;
    }
    const Plan p = plan(o);
    const std::array<int, 2> wins = playBatch(p, o, stop);
    if (!p.bootstrap) handicap_ = adjustHandicap(handicap_, wins[0], wins[1], config_.selfPlay.handicap.target);
  }
}

}  // namespace tz
