#include "mcts/players/egtb_score.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <random>
#include <stdexcept>

#include "game/base/error.h"
#include "mcts/players/player_factory.h"

namespace tz::players {

namespace {

double share(int64_t part, int64_t whole) { return whole ? double(part) / double(whole) : std::nan(""); }

// The notation of the turn `agent` plays in `state` (its actions until the other side is
// to move or the game ends); the state is left after the turn.
std::string agentTurn(Player& agent, State& state) {
  const int side = state.toMove();
  std::string name;
  agent.newGame();
  do {
    const Action a = agent.chooseAction(state);
    name += state.actionName(a);
    agent.observe(state, a);
    state.apply(a);
  } while (!state.outcome().over && state.toMove() == side);
  return name;
}

// The result the value head gives `state` (an ongoing game) for its side to move.
EndgameResult valueHeadResult(Evaluator& head, const State& state) {
  std::vector<Action> legal;
  state.legalActions(legal);
  std::vector<float> priors(legal.size());
  EvalRequest request;
  request.state = &state;
  request.legal = legal.data();
  request.numLegal = int(legal.size());
  request.priors = priors.data();
  head.evaluate(&request, 1);
  if (request.draw > 0.f) {  // a win/draw/loss head: its likeliest result
    const float win = (1 + request.value - request.draw) / 2, loss = (1 - request.value - request.draw) / 2;
    if (request.draw >= std::max(win, loss)) return EndgameResult::kDraw;
    return win > loss ? EndgameResult::kWin : EndgameResult::kLoss;
  }
  if (request.value > kValueHeadDrawBand) return EndgameResult::kWin;
  return request.value < -kValueHeadDrawBand ? EndgameResult::kLoss : EndgameResult::kDraw;
}

// Adds one position drawn from the tables to `score`: the agent's turn from it and the
// value head's sign.
void scorePosition(EndgameTables& tables, State& state, Player& agent, Evaluator* valueHead, ClassScore& score) {
  const EndgameProbe probe = tables.probe(state);
  const std::string record = state.record();
  const EndgameValue truth = probe.value;
  const int r = int(truth.result);
  ++score.positions;
  ++score.byResult[r];
  if (valueHead && valueHeadResult(*valueHead, state) == truth.result) ++score.valueHeadCorrect;
  const std::string played = agentTurn(agent, state);
  for (const EndgameTurn& t : probe.turns) {
    if (t.turn != played) continue;
    if (t.value.result != truth.result) return;
    ++score.kept[r];
    if (truth.result == EndgameResult::kWin) score.winPliesLost += t.value.distance - truth.distance;
    return;
  }
  throw std::logic_error("egtb score: the agent's turn " + played + " is not a legal turn of " + record);
}

// The figures of one class: its own draws and a fresh agent, both seeded from the options.
ClassScore scoreClass(const PlayerMaker& makeAgent, EndgameTables& tables, const EgtbScoreOptions& options,
                      const std::string& c, Evaluator* valueHead) {
  std::vector<uint32_t> seedWords{uint32_t(options.seed), uint32_t(options.seed >> 32)};
  for (size_t i = 0; i < c.size(); ++i) {  // the numbers in the class's name: M and O of "MvO"
    if (!std::isdigit(static_cast<unsigned char>(c[i]))) continue;
    uint32_t n = 0;
    for (; i < c.size() && std::isdigit(static_cast<unsigned char>(c[i])); ++i) n = 10 * n + uint32_t(c[i] - '0');
    seedWords.push_back(n);
  }
  std::seed_seq seeds(seedWords.begin(), seedWords.end());
  std::mt19937_64 rng(seeds);
  const std::unique_ptr<Player> agent = makeAgent(options.seed);
  ClassScore score;
  score.cls = c;
  score.hasValueHead = valueHead != nullptr;
  for (int i = 0; i < options.positions; ++i) {
    const std::unique_ptr<State> state = tables.drawPosition(c, rng);
    scorePosition(tables, *state, *agent, valueHead, score);
  }
  return score;
}

}  // namespace

void EgtbScoreOptions::check() const {
  if (positions < 1 || positions > 10000000) {
    throw Error("egtb score: positions = " + std::to_string(positions) + ": expected an integer in [1, 10000000]");
  }
}

double ClassScore::keptShare() const { return share(kept[0] + kept[1] + kept[2], positions); }

double ClassScore::keptShare(EndgameResult result) const { return share(kept[int(result)], byResult[int(result)]); }

double ClassScore::meanWinPliesLost() const { return share(winPliesLost, kept[int(EndgameResult::kWin)]); }

double ClassScore::valueHeadAccuracy() const {
  return hasValueHead ? share(valueHeadCorrect, positions) : std::nan("");
}

std::vector<ClassScore> scoreAgainstDatabase(const Game& game, EndgameTables& tables, const EgtbScoreOptions& options,
                                             Evaluator* valueHead) {
  options.check();
  const std::vector<std::string> classes = options.classes.empty() ? tables.classes() : options.classes;
  for (const std::string& c : classes) {
    const std::string why = tables.whyClassNotCovered(c);
    if (!why.empty()) throw Error("cannot score class " + c + ": " + why);
  }
  const PlayerMaker makeAgent = agentMaker(options.agent, game);
  std::vector<ClassScore> out;
  for (const std::string& c : classes) out.push_back(scoreClass(makeAgent, tables, options, c, valueHead));
  return out;
}

}  // namespace tz::players
