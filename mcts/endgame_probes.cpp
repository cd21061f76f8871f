#include "mcts/endgame_probes.h"

namespace tz {

namespace {

// The result as a value for the side to move.
float valueFor(EndgameResult r) { return r == EndgameResult::kWin ? 1.f : r == EndgameResult::kLoss ? -1.f : 0.f; }

}  // namespace

SharedEndgameTables::SharedEndgameTables(std::unique_ptr<EndgameTables> tables) : tables_(std::move(tables)) {}

std::optional<EndgameValue> SharedEndgameTables::valueOf(const State& state) {
  std::lock_guard<std::mutex> lock(mutex_);
  return tables_->valueOf(state);
}

Outcome adjudicate(SharedEndgameTables& tables, const State& state) {
  const auto value = tables.valueOf(state);
  if (!value) return Outcome{};
  const int side = state.toMove();
  const int winner = value->result == EndgameResult::kWin ? side : value->result == EndgameResult::kLoss ? 1 - side : -1;
  return Outcome{true, winner, end_reason::kTablebase};
}

EndgameEvaluator::EndgameEvaluator(std::shared_ptr<Evaluator> inner, std::shared_ptr<SharedEndgameTables> tables)
    : inner_(std::move(inner)), tables_(std::move(tables)) {}

void EndgameEvaluator::evaluate(EvalRequest* requests, int count) {
  inner_->evaluate(requests, count);
  for (int i = 0; i < count; ++i) {
    if (const auto value = tables_->valueOf(*requests[i].state)) {
      requests[i].value = valueFor(value->result);
      requests[i].draw = value->result == EndgameResult::kDraw ? 1.f : 0.f;
    }
  }
}

std::string EndgameEvaluator::name() const { return inner_->name() + "+tables"; }

}  // namespace tz
