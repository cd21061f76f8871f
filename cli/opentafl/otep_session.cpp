#include "cli/opentafl/otep_session.h"

#include <sstream>
#include <utility>

#include "cli/engine/printable.h"
#include "cli/opentafl/otn_moves.h"
#include "cli/opentafl/otn_variant.h"
#include "game/base/error.h"
#include "game/base/splitmix.h"
#include "game/turn_actions.h"
#include "mcts/players/agent_kinds.h"
#include "mcts/players/agent_spec.h"
#include "mcts/players/player_factory.h"

namespace tz::cli::opentafl {

namespace {

// An error after which the game cannot go on (no rules, no move): sent as `error -1`, which
// ends the game in OpenTafl; every other error is sent as `error 0` and the game goes on.
struct CriticalError : Error {
  explicit CriticalError(const std::string& what) : Error(what) {}
};

// OpenTafl's Brandub rules, on which a player spec without a game of its own (a network's) is
// tried before any game.
const char* const kSpecCheckRules = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

// The words of a line, split at blanks.
std::vector<std::string> splitWords(const std::string& line) {
  std::vector<std::string> words;
  std::istringstream in(line);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

}  // namespace

OtepSession::OtepSession(std::string playerSpec, uint64_t seed)
    : spec_(parseAgentSpec(playerSpec)), seed_(seed), fallbackState_(seed) {
  const AgentKind kind = agentKind(spec_.kind, playerSpec);
  const std::unique_ptr<Game> game = kind.ownGame ? kind.ownGame(spec_) : gameOfOtn(kSpecCheckRules);
  checkAgent(spec_, *game);
}

const std::map<std::string, OtepSession::Handler>& OtepSession::handlers() {
  static const std::map<std::string, Handler> table{
      {"rules", &OtepSession::rules},       {"position", &OtepSession::position},
      {"side", &OtepSession::side},         {"clock", &OtepSession::clock},
      {"play", &OtepSession::play},         {"move", &OtepSession::moveDone},
      {"error", &OtepSession::error},       {"opponent-move", &OtepSession::opponentMove},
      {"finish", &OtepSession::finish},     {"goodbye", &OtepSession::goodbye},
  };
  return table;
}

std::vector<std::string> OtepSession::handle(const std::string& line, size_t length) {
  Words out;
  std::string message;
  const char* code = "0";
  try {
    if (length > kMaxOtepLineBytes) {
      throw Error("line of " + std::to_string(length) + " bytes refused (at most " + std::to_string(kMaxOtepLineBytes) +
                  "), starting " + quoted(line.substr(0, 40)));
    }
    const Words words = splitWords(line);
    if (words.empty()) return out;
    const auto it = handlers().find(words[0]);
    if (it == handlers().end()) return out;  // OTEP messages are unacknowledged: an unknown one is ignored
    (this->*it->second)(words, out);
    return out;
  } catch (const CriticalError& e) {
    message = e.what();
    code = "-1";
  } catch (const Error& e) {
    message = e.what();
  } catch (const std::exception& e) {
    message = std::string("internal error: ") + e.what();
  }
  out.push_back(std::string("error ") + code + " taflzero: " + printable(message));
  return out;
}

void OtepSession::rules(const Words& words, Words& out) {
  // What was made from the old game goes first; a refused string leaves no game.
  timed_ = nullptr;
  player_.reset();
  state_.reset();
  game_.reset();
  clock_.reset();
  pending_.reset();
  refused_.clear();
  try {
    std::string text;
    for (size_t i = 1; i < words.size(); ++i) text += (i > 1 ? " " : "") + words[i];
    auto game = gameOfOtn(text);
    player_ = agentMaker(spec_, *game)(seed_);
    player_->newGame();
    game_ = std::move(game);
    state_ = game_->newGame();
  } catch (const Error& e) {
    player_.reset();
    throw CriticalError(e.what());
  }
  out.push_back("status taflzero plays " + printable(game_->name()) + " as " + printable(player_->name()));
}

void OtepSession::position(const Words& words, Words&) {
  requireGame();
  if (words.size() != 2) throw Error("usage: position RECORD");
  trustRecord(words[1], state_->toMove());
}

void OtepSession::side(const Words& words, Words&) {
  requireGame();
  if (words.size() != 2) throw Error("usage: side attackers|defenders");
  trustRecord(state_->record(), sideOf(words[1]));
}

void OtepSession::clock(const Words& words, Words&) { clock_ = parseClock(Words(words.begin() + 1, words.end())); }

void OtepSession::play(const Words& words, Words& out) {
  try {
    if (words.size() != 2) throw Error("usage: play attackers|defenders");
    requireGame();
    const int side = sideOf(words[1]);
    // The host decides whose turn it is; a game over under our rules starts afresh from the board.
    if (state_->toMove() != side || state_->outcome().over) trustRecord(state_->record(), side);
    if (state_->outcome().over) throw Error("no move: the game is over under our rules at " + state_->record());
    if (clock_) {
      const MoveTime time = moveTime(*clock_, side);
      if (!timed_) {
        // The player goes on under the clock with what it has searched.
        auto timed = std::make_unique<TimedPlayer>(std::move(player_), agentKind(spec_.kind, spec_.kind).timing(spec_),
                                                   int64_t(time.plannedMs));
        timed_ = timed.get();
        player_ = std::move(timed);
      }
      timed_->setBudget(time);
    }
    pending_ = chooseMove();
    out.push_back("move " + otnOfMove(state_->actionName(*pending_)));
  } catch (const Error& e) {
    throw CriticalError(e.what());
  }
}

void OtepSession::moveDone(const Words& words, Words&) {
  requireGame();
  if (words.size() != 2) throw Error("usage: move POSITION");
  int next = 1 - state_->toMove();
  if (pending_) {
    player_->observe(*state_, *pending_);
    state_->apply(*pending_);
    pending_.reset();
    refused_.clear();
    next = state_->toMove();
  }
  if (!matches(words[1], next)) trustRecord(words[1], next);
}

void OtepSession::error(const Words&, Words&) {
  if (pending_) refused_.insert(*pending_);  // the turn comes again: play another move
  pending_.reset();
}

void OtepSession::opponentMove(const Words& words, Words&) {
  requireGame();
  if (words.size() != 2 && words.size() != 3) throw Error("usage: opponent-move MOVES POSITION");
  const std::string& record = words.back();
  if (matches(record, state_->toMove())) return;  // the turn repeated after an error: nothing moved
  refused_.clear();
  pending_.reset();
  const int next = 1 - state_->toMove();
  try {
    for (const auto& move : movesOfOtnList(words.size() == 3 ? words[1] : "")) {
      for (const Action action : turnActions(*state_, move)) {
        player_->observe(*state_, action);  // a search player keeps the subtree of the move
        state_->apply(action);
      }
    }
  } catch (const Error&) {
    // The position record that comes with the moves decides.
  }
  if (!matches(record, next)) trustRecord(record, next);
}

void OtepSession::finish(const Words&, Words&) {
  pending_.reset();
  refused_.clear();
  if (game_) {
    state_ = game_->newGame();
    player_->newGame();
  }
}

void OtepSession::goodbye(const Words&, Words&) { finished_ = true; }

void OtepSession::requireGame() const {
  if (!game_) throw Error("no game: OpenTafl sent no rules, or rules taflzero cannot play");
}

void OtepSession::trustRecord(const std::string& record, int side) {
  auto state = game_->fromRecord(record, game_->sideName(side));
  state_ = std::move(state);
  player_->newGame();
  pending_.reset();
  refused_.clear();
}

bool OtepSession::matches(const std::string& record, int side) const {
  return state_->toMove() == side && game_->fromRecord(record, game_->sideName(side))->record() == state_->record();
}

int OtepSession::sideOf(const std::string& name) const {
  if (name != "attackers" && name != "defenders") throw Error("unknown side " + quoted(name) + ": expected attackers or defenders");
  return game_->sideFromName(name);
}

Action OtepSession::chooseMove() {
  const Action chosen = player_->chooseAction(*state_);
  if (!refused_.count(chosen)) return chosen;
  std::vector<Action> legal, left;
  state_->legalActions(legal);
  for (const Action action : legal) {
    if (!refused_.count(action)) left.push_back(action);
  }
  if (left.empty()) throw Error("OpenTafl refused every legal move in " + state_->record());
  return left[splitMix64(fallbackState_) % left.size()];
}

}  // namespace tz::cli::opentafl
