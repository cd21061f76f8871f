#include "training/run/endgame_teacher.h"

#include <algorithm>
#include <set>

#include "game/base/error.h"
#include "game/expertise.h"
#include "game/turn_actions.h"

namespace tz {

namespace {

// Whether `side` still has actions of its turn to play in `state`.
bool turnGoesOn(const State& state, int side) { return !state.outcome().over && state.toMove() == side; }

// Whether some way of finishing the turn that `side` began with `prefix` (ending in
// `state`) is one of the `best` turns.
bool finishesBest(const State& state, const std::string& prefix, int side, const std::set<std::string>& best) {
  if (!turnGoesOn(state, side)) return best.count(prefix) > 0;
  std::vector<Action> actions;
  state.legalActions(actions);
  for (Action a : actions) {
    auto next = state.clone();
    next->apply(a);
    if (finishesBest(*next, prefix + state.actionName(a), side, best)) return true;
  }
  return false;
}

// The actions of `state` that continue the turn begun with `prefix` towards a best turn.
std::vector<Action> bestActions(const State& state, const std::string& prefix, const std::set<std::string>& best) {
  std::vector<Action> actions, out;
  state.legalActions(actions);
  for (Action a : actions) {
    auto next = state.clone();
    next->apply(a);
    if (finishesBest(*next, prefix + state.actionName(a), state.toMove(), best)) out.push_back(a);
  }
  return out;
}

float resultValue(EndgameResult r) { return r == EndgameResult::kWin ? 1.f : r == EndgameResult::kLoss ? -1.f : 0.f; }

}  // namespace

EndgameTeacher::EndgameTeacher(const Game& game, std::unique_ptr<EndgameTables> tables, double critical, uint64_t seed)
    : game_(game), tables_(std::move(tables)), classes_(tables_->classes()), critical_(critical), rng_(seed) {
  if (classes_.empty()) throw Error("endgame teaching: the tables hold no class");
}

Sample EndgameTeacher::draw() { return lesson(*drawLessonPosition()); }

std::unique_ptr<State> EndgameTeacher::drawLessonPosition() {
  const std::string& cls = classes_[std::uniform_int_distribution<size_t>(0, classes_.size() - 1)(rng_)];
  if (std::uniform_real_distribution<double>(0, 1)(rng_) >= critical_) return tables_->drawPosition(cls, rng_);
  std::unique_ptr<State> position = drawCritical(cls);
  std::unique_ptr<State> reply = (rng_() & 1) ? bestReply(*position) : nullptr;
  return reply ? std::move(reply) : std::move(position);
}

std::unique_ptr<State> EndgameTeacher::drawCritical(const std::string& positionClass) {
  std::unique_ptr<State> position;
  for (int i = 0; i < kCriticalDraws; ++i) {
    position = tables_->drawPosition(positionClass, rng_);
    const EndgameProbe probe = tables_->probe(*position);
    const auto changes = [&](const EndgameTurn& t) { return t.value.result != probe.value.result; };
    if (std::any_of(probe.turns.begin(), probe.turns.end(), changes)) break;
  }
  return position;
}

std::unique_ptr<State> EndgameTeacher::bestReply(const State& position) {
  const std::vector<std::string> best = tables_->probe(position).best;
  auto reply = position.clone();
  for (Action a : turnActions(*reply, best[std::uniform_int_distribution<size_t>(0, best.size() - 1)(rng_)])) reply->apply(a);
  if (reply->outcome().over || !tables_->whyNotCovered(*reply).empty()) return nullptr;
  return reply;
}

Sample EndgameTeacher::lesson(const State& position) {
  const std::unique_ptr<State> state = position.clone();
  const EndgameProbe probe = tables_->probe(*state);
  const std::set<std::string> best(probe.best.begin(), probe.best.end());
  const int side = state->toMove();
  std::string prefix;
  std::vector<Action> targets = bestActions(*state, prefix, best);
  for (;;) {
    std::vector<Action> continuing;  // targets after which the same side still has actions of this turn to play
    for (Action a : targets) {
      auto next = state->clone();
      next->apply(a);
      if (turnGoesOn(*next, side)) continuing.push_back(a);
    }
    if (continuing.empty() || (rng_() & 1)) break;
    const Action a = continuing[std::uniform_int_distribution<size_t>(0, continuing.size() - 1)(rng_)];
    prefix += state->actionName(a);
    state->apply(a);
    targets = bestActions(*state, prefix, best);
  }
  Sample s;
  s.planes.resize(game_.inputShape().size());
  state->encode(s.planes.data());
  state->legalActions(s.legal);
  for (Action a : targets) s.policy.emplace_back(a, 1.f / float(targets.size()));
  s.value = resultValue(probe.value.result);
  s.result = s.value;
  s.toMove = side;
  return s;
}

void EndgameTeacher::replaceRows(Batch& batch, int n) {
  for (int row = batch.size - n; row < batch.size; ++row) writeSample(game_, draw(), 0, batch, row);
}

std::unique_ptr<EndgameTables> openEndgameTables(const Game& game, const EndgameTeachingConfig& config,
                                                 const std::string& file) {
  if (config.tables.empty()) return nullptr;
  const char* key = "training.endgame.tables";
  const GameExpertise* expertise = game.expertise();
  std::unique_ptr<EndgameTables> tables;
  try {
    if (expertise) tables = expertise->openEndgameTables(game, config.tables);
  } catch (const Error& e) {
    throw ConfigError(file, key,
                      "a folder of endgame tables for " + game.name() + " (" + config.tables + ": " + e.what() +
                          "; build them with taflzero egtb build --variant " + game.name() + " --out " + config.tables +
                          ", docs/EGTB.md)");
  }
  if (!tables) throw ConfigError(file, key, "no endgame tables: variant " + game.name() + " has none");
  return tables;
}

std::unique_ptr<EndgameTeacher> openEndgameTeacher(const Game& game, const EndgameTeachingConfig& config,
                                                   const std::string& file, uint64_t seed) {
  auto tables = openEndgameTables(game, config, file);
  return tables ? std::make_unique<EndgameTeacher>(game, std::move(tables), config.critical, seed) : nullptr;
}

}  // namespace tz
