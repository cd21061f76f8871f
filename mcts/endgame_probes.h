#pragma once
// Solved endgame tables inside search and self-play (docs/EGTB.md 10), as chess engines use
// theirs: a leaf the tables cover is valued exactly, and a self-play game that reaches a
// covered position ends there with the tables' result.
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "game/endgame_tables.h"
#include "mcts/evaluator.h"

namespace tz {

/// Endgame tables that many threads probe: each probe holds a lock.
class SharedEndgameTables {
 public:
  /// Shares `tables` (not null).
  explicit SharedEndgameTables(std::unique_ptr<EndgameTables> tables);
  /// The exact value of `state` for its side to move, or nothing where the tables do not cover it.
  std::optional<EndgameValue> valueOf(const State& state);

 private:
  std::mutex mutex_;
  std::unique_ptr<EndgameTables> tables_;
};

/// The tables' verdict on a game at `state`: over (reason end_reason::kTablebase), won by the
/// side the tables' result favours or drawn; not over where the tables do not cover `state`.
Outcome adjudicate(SharedEndgameTables& tables, const State& state);

/// `inner`'s priors, and the exact value (1, 0 or -1 for the side to move) of every position
/// the tables cover; `inner`'s value elsewhere. Thread-safe if `inner` is.
class EndgameEvaluator final : public Evaluator {
 public:
  /// Values from `tables` where they cover a position, from `inner` elsewhere.
  EndgameEvaluator(std::shared_ptr<Evaluator> inner, std::shared_ptr<SharedEndgameTables> tables);
  void evaluate(EvalRequest* requests, int count) override;
  std::string name() const override;
  SearchOptions preferredSearch(SearchOptions base) const override { return inner_->preferredSearch(base); }

 private:
  std::shared_ptr<Evaluator> inner_;
  std::shared_ptr<SharedEndgameTables> tables_;
};

}  // namespace tz
