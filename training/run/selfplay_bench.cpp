#include "training/run/selfplay_bench.h"

#include <time.h>

#include <chrono>
#include <cmath>

#include "game/registry.h"
#include "mcts/self_play.h"
#include "nets/net_bench.h"
#include "nets/net_evaluator.h"
#include "nets/network_config.h"

namespace tz {

namespace {

double cpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

}  // namespace

SelfPlayBenchResult benchSelfPlay(const std::string& variant, const std::string& network, int games, int simulations,
                                  bool gumbel) {
  auto game = loadGame(variant);
  std::shared_ptr<const Network> net = std::make_shared<Network>(*game, loadNetworkConfig(network), "cpu", 1);
  NetEvaluatorOptions eval;
  eval.maxBatch = games;
  eval.maxWaitUs = 300;
  eval.clients = 1;  // one worker: once it waits, nothing can join its batch
  SelfPlayOptions o;
  o.search.simulations = simulations;
  o.search.dirichletFraction = 0.25f;
  o.search.temperaturePlies = 8;
  o.search.gumbel = gumbel;
  o.workers = 1;
  o.gamesPerWorker = games;
  o.games = games;
  BatchedSelfPlay sp(*game, std::make_shared<NetEvaluator>(net, eval), o);
  const auto start = std::chrono::steady_clock::now();
  const double cpu0 = cpuSeconds();
  sp.run();
  const double cpu = cpuSeconds() - cpu0;
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto stats = sp.stats();
  SelfPlayBenchResult r;
  r.games = stats.games;
  r.positionsPerSecond = stats.moves / wall;
  r.evaluationsPerSecond = stats.evaluations / wall;
  r.evaluationsPerCpuSecond = stats.evaluations / cpu;
  r.meanBatch = stats.batches ? double(stats.evaluations) / double(stats.batches) : 0;
  const Throughput f = forwardThroughput(*net, *game, std::max(1, int(std::lround(r.meanBatch))), 3.0);
  r.forwardPerSecond = f.perSecond;
  r.forwardPerCpuSecond = f.perCpuSecond;
  return r;
}

}  // namespace tz
