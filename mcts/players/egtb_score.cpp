#include "mcts/players/egtb_score.h"

#include <cmath>
#include <random>
#include <stdexcept>

#include "game/error.h"
#include "mcts/players/player_factory.h"

namespace tz::players {

namespace {

using namespace morris::egtb;

// The ply count of every drawn record (docs/EGTB.md 8): past the placing phase.
constexpr int kDrawnPlies = 40;

double share(int64_t part, int64_t whole) { return whole ? double(part) / double(whole) : std::nan(""); }

// A drawn position with the database's answer for it.
struct Drawn {
  morris::Setup setup;
  Probe probe;
};

// A position drawn uniformly from class `c`, with either side to move, redrawn until the
// side to move has a legal turn (docs/EGTB.md 8).
Drawn drawPosition(Database& db, const PieceClass& c, std::mt19937_64& rng) {
  for (;;) {
    morris::Mask own, opp;
    positionAt(c, uint32_t(rng() % c.size()), own, opp);
    Drawn d;
    d.setup.side = int(rng() & 1);
    d.setup.pieces[d.setup.side] = own;
    d.setup.pieces[d.setup.side ^ 1] = opp;
    d.setup.hand[morris::kWhite] = d.setup.hand[morris::kBlack] = 0;
    d.setup.plies = kDrawnPlies;
    d.probe = db.probe(d.setup);
    if (!d.probe.turns.empty()) return d;
  }
}

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
Result valueHeadResult(Evaluator& head, const State& state) {
  std::vector<Action> legal;
  state.legalActions(legal);
  std::vector<float> priors(legal.size());
  EvalRequest request;
  request.state = &state;
  request.legal = legal.data();
  request.numLegal = int(legal.size());
  request.priors = priors.data();
  head.evaluate(&request, 1);
  if (request.value > kValueHeadDrawBand) return Result::kWin;
  return request.value < -kValueHeadDrawBand ? Result::kLoss : Result::kDraw;
}

// Adds one drawn position to `score`: the agent's turn from it and the value head's sign.
void scorePosition(const morris::MorrisGame& game, const Drawn& d, Player& agent, Evaluator* valueHead,
                   ClassScore& score) {
  const std::unique_ptr<State> state = game.fromRecord(morris::writeRecord(d.setup), "");
  const Value truth = d.probe.value;
  const int r = int(truth.result);
  ++score.positions;
  ++score.byResult[r];
  if (valueHead && valueHeadResult(*valueHead, *state) == truth.result) ++score.valueHeadCorrect;
  const std::string played = agentTurn(agent, *state);
  for (const ScoredTurn& t : d.probe.turns) {
    if (morris::turnName(t.turn) != played) continue;
    if (t.value.result != truth.result) return;
    ++score.kept[r];
    if (truth.result == Result::kWin) score.winPliesLost += t.value.distance - truth.distance;
    return;
  }
  throw std::logic_error("egtb score: the agent's turn " + played + " is not a legal turn of " +
                         morris::writeRecord(d.setup));
}

// The figures of one class: its own draws and a fresh agent, both seeded from the options.
ClassScore scoreClass(const morris::MorrisGame& game, Database& db, const EgtbScoreOptions& options,
                      const PieceClass& c, Evaluator* valueHead) {
  std::seed_seq seeds{uint32_t(options.seed), uint32_t(options.seed >> 32), uint32_t(c.mover),
                      uint32_t(c.opponent)};
  std::mt19937_64 rng(seeds);
  const std::unique_ptr<Player> agent = makePlayer(options.agent, game, options.seed);
  ClassScore score;
  score.cls = c;
  score.hasValueHead = valueHead != nullptr;
  for (int i = 0; i < options.positions; ++i) scorePosition(game, drawPosition(db, c, rng), *agent, valueHead, score);
  return score;
}

// Throws Error when the database cannot value the positions of class `c` and their turns.
void checkCovered(const Database& db, const PieceClass& c) {
  morris::Setup setup;
  setup.hand[morris::kWhite] = setup.hand[morris::kBlack] = 0;
  positionAt(c, 0, setup.pieces[setup.side], setup.pieces[setup.side ^ 1]);
  const std::string why = db.whyNotCovered(setup);
  if (!why.empty()) throw Error("cannot score class " + c.name() + ": " + why);
}

}  // namespace

void EgtbScoreOptions::check() const {
  if (agent.empty()) throw Error("egtb score: the agent spec is empty (expected a player spec such as mcts:sims=200)");
  if (positions < 1 || positions > 10000000) {
    throw Error("egtb score: positions = " + std::to_string(positions) + ": expected an integer in [1, 10000000]");
  }
}

double ClassScore::keptShare() const { return share(kept[0] + kept[1] + kept[2], positions); }

double ClassScore::keptShare(Result result) const { return share(kept[int(result)], byResult[int(result)]); }

double ClassScore::meanWinPliesLost() const { return share(winPliesLost, kept[int(Result::kWin)]); }

double ClassScore::valueHeadAccuracy() const {
  return hasValueHead ? share(valueHeadCorrect, positions) : std::nan("");
}

std::vector<ClassScore> scoreAgainstDatabase(const morris::MorrisGame& game, Database& db,
                                             const EgtbScoreOptions& options, Evaluator* valueHead) {
  options.check();
  const std::vector<PieceClass> classes = options.classes.empty() ? db.classes() : options.classes;
  for (const PieceClass& c : classes) checkCovered(db, c);
  std::vector<ClassScore> out;
  for (const PieceClass& c : classes) out.push_back(scoreClass(game, db, options, c, valueHead));
  return out;
}

}  // namespace tz::players
