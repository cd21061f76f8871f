#include "mcts/search.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "game/base/error.h"
#include "game/base/run_in_threads.h"

namespace tz {

Search::Search(const Game& game, std::shared_ptr<Evaluator> evaluator, const SearchOptions& options)
    : evaluator_(std::move(evaluator)), options_(options), tree_(game, std::max(1, options.threads)), rng_(options.seed) {
  options_.check();
  treeBytes_ = treeByteBudget(options_);
  for (int t = 0; t < options_.threads; ++t)
    batches_.push_back(std::make_unique<mcts::PlayoutBatch>(game, options_.batchSize, t));
}

void Search::setRoot(const State& state) { tree_.reset(state); }

void Search::work(mcts::PlayoutBatch& batch) {
  while (!abort_.load(std::memory_order_relaxed)) {
    if (timed_ && timeUp()) return;
    const mcts::GatherStop stop = batch.gather(tree_, options_, options_.batchSize);
    if (batch.size() > 0) {
      evaluator_->evaluate(batch.requests(), batch.size());
      batch.complete(options_);
    } else if (stop == mcts::GatherStop::kBudget) {
      return;
    } else {
      std::this_thread::yield();  // every path ends at a leaf other threads are evaluating
    }
  }
}

bool Search::timeUp() {
  if (timeUp_.load(std::memory_order_relaxed)) return true;
  const double ms = timed_->elapsed();
  const bool up = tree_.gumbel() ? ms >= timed_->time.limitMs
                                 : timeToStop(timed_->time, ms, tree_.completed(), rootShape(tree_.root()), timed_->rule);
  if (up) timeUp_.store(true, std::memory_order_relaxed);
  return up;
}

const SearchResult& Search::run(int simulations) {
  const ElapsedMs elapsed = wallClockFromNow();
  proofsTimeUp_ = nullptr;
  search(simulations);
  record(elapsed());
  return result_;
}

const SearchResult& Search::runFor(const MoveTime& time, int simulations, const TimeRule& rule, ElapsedMs elapsed) {
  const int cap = simulations < 0 ? options_.simulations : simulations;
  MoveTime playoutTime = time;
  if (options_.rootLookahead >= 3) {
    playoutTime.plannedMs *= 1 - kProofShare;
    playoutTime.limitMs *= 1 - kProofShare;
  }
  const Timed clock{playoutTime, rule, elapsed ? std::move(elapsed) : wallClockFromNow()};
  proofsTimeUp_ = [clock = clock.elapsed, limitMs = time.limitMs] { return clock() >= limitMs; };
  timed_ = &clock;
  timeUp_.store(false, std::memory_order_relaxed);
  try {
    if (options_.gumbel) gumbelFor(clock, cap);
    else search(cap);
  } catch (...) {
    timed_ = nullptr;
    throw;
  }
  timed_ = nullptr;
  record(clock.elapsed());
  return result_;
}

void Search::gumbelFor(const Timed& clock, int cap) {
  int probed = 0;
  if (rate_ <= 0) {
    // No rate known yet: a short search first measures it.
    search(std::min(cap, kGumbelProbe));
    probed = result_.simulations;
    record(clock.elapsed());
    if (timeUp_.load(std::memory_order_relaxed) || result_.proven != mcts::Proven::kUnknown || probed >= cap) return;
  }
  const double leftMs = clock.time.plannedMs - clock.elapsed();
  search(int(std::clamp(rate_ * leftMs, 1.0, double(cap - probed))));
  result_.simulations += probed;
}

void Search::record(double ms) {
  result_.ms = ms;
  if (ms >= 1.0 && result_.simulations > 0) rate_ = result_.simulations / ms;
}

const SearchResult& Search::search(int simulations) {
  try {
    playouts(simulations);
  } catch (...) {
    for (auto& batch : batches_) batch->discard();
    const auto root = tree_.rootState().clone();  // leaves were left half-expanded: start afresh
    tree_.reset(*root);
    throw;
  }
  describeRoot(tree_.root(), result_);
  result_.simulations = tree_.completed();
  result_.treeFull = tree_.memoryFull();
  return result_;
}

void Search::playouts(int simulations) {
  tree_.beginSearch(std::max(1, simulations < 0 ? options_.simulations : simulations), treeBytes_);
  mcts::PlayoutBatch& first = *batches_[0];
  if (!tree_.root().isExpanded()) {
    // The root's own evaluation (one playout) comes first: noise and the scan need its children.
    first.gather(tree_, options_, 1);
    evaluator_->evaluate(first.requests(), first.size());
    first.complete(options_);
  }
  // Dirichlet noise as options.dirichletFraction says; a Gumbel root without noise plays
  // deterministically (self-play draws its noise in BatchedSelfPlay).
  if (!tree_.prepared()) tree_.prepareRoot(options_, !options_.gumbel, rng_);

  abort_.store(false, std::memory_order_relaxed);
  runInThreads(options_.threads, abort_, [&](int t) { work(*batches_[size_t(t)]); });
}

Action Search::chooseMove() { return tree_.pickMove(options_, rng_, proofsTimeUp_); }

}  // namespace tz
