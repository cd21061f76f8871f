#include "mcts/self_play.h"

#include <random>

#include "game/base/error.h"
#include "game/base/run_in_threads.h"
#include "mcts/playouts.h"
#include "mcts/tree.h"

namespace tz {

/// One game in progress on a worker.
struct BatchedSelfPlay::Slot {
  explicit Slot(const Game& game) { trees[0] = std::make_unique<mcts::Tree>(game); }
  std::unique_ptr<mcts::Tree> trees[2];  // trees[1] is used only while the sides' evaluators differ
  SidePlayers players;                   // the evaluators of side 0 and side 1
  bool shared = true;                    // both sides search trees[0] with one evaluator
  bool active = false;                   // a game is being played
  int game = 0;                          // its number
  std::vector<Action> actions;           // actions played so far
  MoveBudget budget;                     // budget of the current move
  std::mt19937_64 rng;                   // noise and move choice of this game
  SelfPlayMove move;                     // the move report, reused

  /// The tree of the side to move.
  mcts::Tree& current() { return shared ? *trees[0] : *trees[trees[0]->rootState().toMove()]; }
  /// The evaluator of the side to move.
  Evaluator& evaluator() { return *players[size_t(trees[0]->rootState().toMove())]; }
};

/// The leaves of one evaluator awaiting a worker's evaluate() call.
struct BatchedSelfPlay::Group {
  std::shared_ptr<Evaluator> evaluator;       // who scores them
  std::unique_ptr<mcts::PlayoutBatch> batch;  // the leaves
};

void SelfPlayOptions::check() const {
  if (workers < 1 || gamesPerWorker < 1 || leavesPerGame < 1)
    throw Error("self-play: workers, games per worker and leaves per game must be at least 1");
  if (games < 0) throw Error("self-play: games must be at least 0, got " + std::to_string(games));
  search.check();
}

BatchedSelfPlay::BatchedSelfPlay(const Game& game, std::shared_ptr<Evaluator> evaluator,
                                 const SelfPlayOptions& options)
    : game_(game), evaluator_(std::move(evaluator)), options_(options) {
  options_.check();
  treeBytes_ = treeByteBudget(options_.search);
}

void BatchedSelfPlay::startGame(Slot& slot) {
  const int id = nextGame_.fetch_add(1, std::memory_order_relaxed);
  slot.active = id < options_.games && !stopStarting_.load(std::memory_order_relaxed);
  if (!slot.active) return;
  slot.game = id;
  slot.actions.clear();
  slot.rng.seed(options_.search.seed + uint64_t(id) * 0x9E3779B97F4A7C15ull);
  if (players_) {
    std::lock_guard<std::mutex> lock(callbackMutex_);
    slot.players = players_(id);
  } else {
    slot.players = {evaluator_, evaluator_};
  }
  if (!slot.players[0] || !slot.players[1]) throw Error("self-play: a game has no evaluator for one side");
  slot.shared = slot.players[0] == slot.players[1];
  std::unique_ptr<State> start;
  if (start_) {
    std::lock_guard<std::mutex> lock(callbackMutex_);
    start = start_(id);
  } else {
    start = game_.newGame();
  }
  slot.trees[0]->reset(*start);
  if (!slot.shared) {
    if (!slot.trees[1]) slot.trees[1] = std::make_unique<mcts::Tree>(game_);
    slot.trees[1]->reset(*start);
  }
  beginMove(slot);
}

void BatchedSelfPlay::beginMove(Slot& slot) {
  mcts::Tree& tree = slot.current();
  if (budget_) {
    std::lock_guard<std::mutex> lock(callbackMutex_);
    slot.budget = budget_(slot.game, tree.rootState());
  } else {
    slot.budget = MoveBudget{options_.search.simulations, true};
  }
  // An unexpanded root needs at least its own evaluation.
  const int minimum = tree.root().isExpanded() ? 0 : 1;
  tree.beginSearch(std::max(minimum, slot.budget.simulations), treeBytes_);
}

void BatchedSelfPlay::finishMove(Slot& slot) {
  mcts::Tree& tree = slot.current();
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
  slot.trees[0]->advance(move.action);
  if (!slot.shared) slot.trees[1]->advance(move.action);
  Outcome outcome = slot.trees[0]->rootState().outcome();
  if (!outcome.over && adjudicate_) {
    std::lock_guard<std::mutex> lock(callbackMutex_);
    outcome = adjudicate_(slot.trees[0]->rootState());
  }
  if (!outcome.over) {
    beginMove(slot);
    return;
  }
  if (onGame_) {
    std::lock_guard<std::mutex> lock(callbackMutex_);
    onGame_(SelfPlayGame{slot.game, slot.actions, outcome});
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
  // One batch per evaluator in use; most runs have one, a game against a past network two.
  std::vector<Group> groups;
  auto groupOf = [&](Evaluator& evaluator) -> mcts::PlayoutBatch& {
    for (Group& g : groups)
      if (g.evaluator.get() == &evaluator) return *g.batch;
    std::shared_ptr<Evaluator> owner;
    for (auto& s : slots)
      for (auto& p : s->players)
        if (p.get() == &evaluator) owner = p;
    groups.push_back({owner, std::make_unique<mcts::PlayoutBatch>(game_, options_.gamesPerWorker * options_.leavesPerGame)});
    return *groups.back().batch;
  };
  while (!abort_.load(std::memory_order_relaxed) && !stopNow_.load(std::memory_order_relaxed)) {
    bool any = false;
    for (auto& s : slots) {
      // Play the moves whose search is over, then add this game's leaves to its evaluator's batch.
      Slot& slot = *s;
      while (slot.active) {
        mcts::Tree& tree = slot.current();
        if (tree.root().isExpanded() && !tree.prepared()) tree.prepareRoot(options_.search, slot.budget.full, slot.rng);
        if (!tree.prepared() || !tree.searchDone()) break;
        finishMove(slot);
      }
      if (!slot.active) continue;
      any = true;
      groupOf(slot.evaluator()).gather(slot.current(), options_.search, options_.leavesPerGame);
    }
    if (!any) return;
    for (Group& g : groups) {
      if (g.batch->size() == 0) continue;
      g.evaluator->evaluate(g.batch->requests(), g.batch->size());
      evaluations_.fetch_add(g.batch->size(), std::memory_order_relaxed);
      batches_.fetch_add(1, std::memory_order_relaxed);
      g.batch->complete(options_.search);
    }
  }
}

void BatchedSelfPlay::run() {
  nextGame_.store(0);
  abort_.store(false);
  moves_.store(0);
  evaluations_.store(0);
  batches_.store(0);
  finished_.store(0);
  runInThreads(options_.workers, abort_, [&](int) { work(); });
}

BatchedSelfPlay::Stats BatchedSelfPlay::stats() const {
  return Stats{moves_.load(), evaluations_.load(), batches_.load(), finished_.load()};
}

}  // namespace tz
