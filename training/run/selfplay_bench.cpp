#include "training/run/selfplay_bench.h"

#include <time.h>

#include <chrono>
#include <cmath>

#include "game/base/error.h"
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

void SelfPlayBenchOptions::check() const {
  if (games < 1 || games > 4096) throw Error("bench selfplay: --games must be in [1, 4096], got " + std::to_string(games));
  if (simulations < 1) throw Error("bench selfplay: --simulations must be >= 1, got " + std::to_string(simulations));
  if (workers < 1 || workers > 64) throw Error("bench selfplay: --workers must be in [1, 64], got " + std::to_string(workers));
  if (maxWaitUs < 0 || maxWaitUs > 1000000)
    throw Error("bench selfplay: --max-wait-us must be in [0, 1000000], got " + std::to_string(maxWaitUs));
}

SelfPlayBenchResult benchSelfPlay(const SelfPlayBenchOptions& options) {
  options.check();
  auto game = loadGame(options.variant);
  std::shared_ptr<const Network> net = std::make_shared<Network>(*game, loadNetworkConfig(options.network), "cpu", 1);
  NetEvaluatorOptions eval;
  eval.maxBatch = options.games;
  eval.maxWaitUs = options.maxWaitUs;
  eval.clients = options.workers;  // once every worker waits, nothing more can join a batch
  eval.precision = options.precision;
  SelfPlayOptions o;
  o.search.simulations = options.simulations;
  o.search.dirichletFraction = 0.25f;
  o.search.temperaturePlies = 8;
  o.search.gumbel = options.gumbel;
  o.workers = options.workers;
  o.gamesPerWorker = options.games;
  o.games = options.games * options.workers;
  const auto evaluator = std::make_shared<NetEvaluator>(net, eval);
  BatchedSelfPlay sp(*game, evaluator, o);
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
  const NetEvaluatorStats forward = evaluator->stats();
  r.meanBatch = forward.batches ? double(forward.positions) / double(forward.batches) : 0;
  const ForwardPass pass(net, options.precision);
  const Throughput f = forwardThroughput(pass, *game, std::max(1, int(std::lround(r.meanBatch))), 3.0);
  r.forwardPerSecond = f.perSecond;
  r.forwardPerCpuSecond = f.perCpuSecond;
  return r;
}

}  // namespace tz
