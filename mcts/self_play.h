#pragma once
// Many games searched at once for self-play throughput: each worker thread runs a set of
// concurrent games, collects a few leaves from every game's tree and scores them all in
// one evaluate() call per evaluator. A game's two sides may search with different
// evaluators (a past network on one side): each side then has its own tree. The training
// loop builds its self-play on this class through the per-move and per-game callbacks.
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "game/game.h"
#include "mcts/evaluator.h"
#include "mcts/root_policy.h"
#include "mcts/search_options.h"

namespace tz {

/// Settings of a self-play run.
struct SelfPlayOptions {
  SearchOptions search;     // per-move search (simulations: the default budget; threads and batchSize unused)
  int workers = 1;          // threads, each playing gamesPerWorker games at once
  int gamesPerWorker = 16;  // concurrent games of one worker, evaluated together
  int leavesPerGame = 1;    // leaves each game adds to a worker's batch per step
  int games = 1;            // games to finish in total

  /// Throws Error naming the first option out of range, its search's included.
  void check() const;
};

/// The search budget of one move (playout cap randomization: full or cheap).
struct MoveBudget {
  int simulations = 0;  // new playouts for this move
  bool full = true;     // full search: root noise on and worth a policy target; cheap: neither
};

/// The evaluators searching for side 0 and side 1 of one game.
using SidePlayers = std::array<std::shared_ptr<Evaluator>, 2>;

/// One move played, as the move callback sees it.
struct SelfPlayMove {
  int game = 0;                  // game number, 0 .. games-1
  const State* state = nullptr;  // position before the move
  SearchResult search;           // root visits over the actions (the policy target), value, proof
  Action action = 0;             // the action played
  bool full = true;              // the budget was a full search
};

/// One finished game, as the game callback sees it.
struct SelfPlayGame {
  int game = 0;                 // game number
  std::vector<Action> actions;  // every action played from the start position
  Outcome outcome;              // the result
};

/// Plays self-play games with batched evaluation across games.
class BatchedSelfPlay {
 public:
  /// Chooses the budget of each move: (game number, position) -> budget.
  using BudgetFn = std::function<MoveBudget(int game, const State& state)>;
  /// Receives each move played.
  using MoveFn = std::function<void(const SelfPlayMove& move)>;
  /// Receives each finished game.
  using GameFn = std::function<void(const SelfPlayGame& game)>;
  /// Chooses the evaluators of each side of a game, by game number.
  using PlayersFn = std::function<SidePlayers(int game)>;
  /// Ends a game early (adjudication): the outcome of a position reached, not over to play on.
  using AdjudicateFn = std::function<Outcome(const State& state)>;
  /// Chooses the start position of each game, by game number.
  using StartFn = std::function<std::unique_ptr<State>(int game)>;

  /// Counters of a run.
  struct Stats {
    int64_t moves = 0;        // moves played
    int64_t evaluations = 0;  // leaves evaluated
    int64_t batches = 0;      // evaluate() calls
    int games = 0;            // games finished
  };

  /// Self-play of `game` (which must outlive this) scored by `evaluator`.
  BatchedSelfPlay(const Game& game, std::shared_ptr<Evaluator> evaluator, const SelfPlayOptions& options);

  /// Sets the budget chooser (default: options.search.simulations, full).
  void setBudget(BudgetFn fn) { budget_ = std::move(fn); }
  /// Sets the chooser of each game's side evaluators (default: the constructor's for both).
  /// Sides with different evaluators search separate trees, each scored by its own.
  void setPlayers(PlayersFn fn) { players_ = std::move(fn); }
  /// Sets the chooser of each game's start position (default: the game's): a state of the
  /// constructor's game or of another with the same state type and actions (the members of
  /// a rule-conditioned set, game/conditioned/rule_conditioned_game.h).
  void setStart(StartFn fn) { start_ = std::move(fn); }
  /// Sets the adjudicator, asked after every move that does not end the game by the rules
  /// (default: none, games end by the rules alone).
  void setAdjudicate(AdjudicateFn fn) { adjudicate_ = std::move(fn); }
  /// Sets the move callback; callbacks (budget, players, adjudicate, move, game) never run concurrently
  /// with each other.
  void onMove(MoveFn fn) { onMove_ = std::move(fn); }
  /// Sets the game callback.
  void onGame(GameFn fn) { onGame_ = std::move(fn); }

  /// Plays options.games games and returns when all have finished (or an exception
  /// from the evaluator or a callback is rethrown here).
  void run();
  /// From now on starts no more games; run() returns once the games in progress finish.
  /// Any thread, a callback included, may call it.
  void stopStarting() { stopStarting_.store(true, std::memory_order_relaxed); }
  /// From now on starts no more games and drops those in progress (never reported): run()
  /// returns once the leaves being evaluated are back. Any thread, a callback included, may call it.
  void stopNow() {
    stopStarting();
    stopNow_.store(true, std::memory_order_relaxed);
  }
  /// Counters of the last run().
  Stats stats() const;

 private:
  struct Slot;
  struct Group;
  void work();
  void startGame(Slot& slot);
  void beginMove(Slot& slot);
  void finishMove(Slot& slot);

  const Game& game_;
  std::shared_ptr<Evaluator> evaluator_;
  SelfPlayOptions options_;
  size_t treeBytes_ = 0;  // memory budget of each tree (treeByteBudget of options_.search)
  BudgetFn budget_;
  PlayersFn players_;
  StartFn start_;
  AdjudicateFn adjudicate_;
  MoveFn onMove_;
  GameFn onGame_;
  std::mutex callbackMutex_;
  std::atomic<int> nextGame_{0};
  std::atomic<bool> abort_{false};
  std::atomic<bool> stopStarting_{false};
  std::atomic<bool> stopNow_{false};
  std::atomic<int64_t> moves_{0}, evaluations_{0}, batches_{0};
  std::atomic<int> finished_{0};
};

}  // namespace tz
