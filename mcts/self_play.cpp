#include "mcts/self_play.h"

#include <exception>
#include <random>
#include <thread>

#include "game/error.h"
#include "mcts/playouts.h"
#include "mcts/tree.h"

namespace tz {

/// One game in progress on a worker.
struct BatchedSelfPlay::Slot {
  explicit Slot(const Game& game) : tree(game) {}
  mcts::Tree tree;              // its search tree; the root is the current position
  bool active = false;          // a game is being played
  int game = 0;                 // its number
  std::vector<Action> actions;  // actions played so far
  MoveBudget budget;            // budget of the current move
  std::mt19937_64 rng;          // noise and move choice of this game
  SelfPlayMove move;            // the move report, reused
};

BatchedSelfPlay::BatchedSelfPlay(const Game& game, std::shared_ptr<Evaluator> evaluator,
                                 const SelfPlayOptions& options)
    : game_(game), evaluator_(std::move(evaluator)), options_(options) {
  if (options_.workers < 1 || options_.gamesPerWorker < 1 || options_.leavesPerGame < 1)
    throw Error("self-play: workers, games per worker and leaves per game must be at least 1");
}

void BatchedSelfPlay::startGame(Slot& slot) {
  const int id = nextGame_.fetch_add(1, std::memory_order_relaxed);
  slot.active = id < options_.games && !stopStarting_.load(std::memory_order_relaxed);
  if (!slot.active) return;
  slot.game = id;
  slot.actions.clear();
  slot.rng.seed(options_.search.seed + uint64_t(id) * 0x9E3779B97F4A7C15ull);
  slot.tree.reset(*game_.newGame());
  beginMove(slot);
}

void BatchedSelfPlay::beginMove(Slot& slot) {
  slot.budget = budget_ ? budget_(slot.game, slot.tree.rootState()) : MoveBudget{options_.search.simulations, true};
  // An unexpanded root needs at least its own evaluation.
  const int minimum = slot.tree.root().isExpanded() ? 0 : 1;
  slot.tree.beginSearch(std::max(minimum, slot.budget.simulations));
}

void BatchedSelfPlay::finishMove(Slot& slot) {
  mcts::Tree& tree = slot.tree;
  SelfPlayMove& move = slot.move;
  describeRoot(tree.root(), move.search);
  move.search.simulations = tree.completed();
  move.game = slot.game;
  move.state = &tree.rootState();
  move.action = tree.pickMove(options_.search, slot.rng);
  move.full = slot.budget.full;
  if (onMove_) {
    std::lock_guard<std::mutex> lock(callbackMutex_);
    onMove_(move);
  }
  moves_.fetch_add(1, std::memory_order_relaxed);
  slot.actions.push_back(move.action);
  tree.advance(move.action);
  if (!tree.rootState().outcome().over) {
    beginMove(slot);
    return;
  }
  if (onGame_) {
    std::lock_guard<std::mutex> lock(callbackMutex_);
    onGame_(SelfPlayGame{slot.game, slot.actions, tree.rootState().outcome()});
  }
  finished_.fetch_add(1, std::memory_order_relaxed);
  startGame(slot);
}

void BatchedSelfPlay::work() {
  std::vector<std::unique_ptr<Slot>> slots;
  for (int i = 0; i < options_.gamesPerWorker; ++i) {
    slots.push_back(std::make_unique<Slot>(game_));
    startGame(*slots.back());
  }
  mcts::PlayoutBatch batch(game_, options_.gamesPerWorker * options_.leavesPerGame);
  while (!abort_.load(std::memory_order_relaxed)) {
    bool any = false;
    for (auto& s : slots) {
      // Play the moves whose search is over, then add this game's leaves to the batch.
      Slot& slot = *s;
      while (slot.active) {
        mcts::Tree& tree = slot.tree;
        if (tree.root().isExpanded() && !tree.prepared()) tree.prepareRoot(options_.search, slot.budget.full, slot.rng);
        if (!tree.prepared() || !tree.searchDone()) break;
        finishMove(slot);
      }
      if (!slot.active) continue;
      any = true;
      batch.gather(slot.tree, options_.search, options_.leavesPerGame);
    }
    if (!any) return;
    if (batch.size() == 0) continue;
    evaluator_->evaluate(batch.requests(), batch.size());
    evaluations_.fetch_add(batch.size(), std::memory_order_relaxed);
    batches_.fetch_add(1, std::memory_order_relaxed);
    batch.complete(options_.search);
  }
}

void BatchedSelfPlay::run() {
  nextGame_.store(0);
  abort_.store(false);
  moves_.store(0);
  evaluations_.store(0);
  batches_.store(0);
  finished_.store(0);
  std::exception_ptr failure;
  std::mutex failureMutex;
  std::vector<std::thread> threads;
  for (int w = 0; w < options_.workers; ++w) {
    threads.emplace_back([&] {
      try {
        work();
      } catch (...) {
        std::lock_guard<std::mutex> lock(failureMutex);
        if (!failure) failure = std::current_exception();
        abort_.store(true);
      }
    });
  }
  for (auto& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
}

BatchedSelfPlay::Stats BatchedSelfPlay::stats() const {
  return Stats{moves_.load(), evaluations_.load(), batches_.load(), finished_.load()};
}

}  // namespace tz
