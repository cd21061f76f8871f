#include "cli/tablut/client_session.h"

#include <chrono>
#include <cstdio>

#include "cli/engine/search_info.h"
#include "game/base/error.h"

namespace tz::cli::tablut {

namespace {

// "white" or "black" for a tafl side.
std::string colour(int side) { return side == sideToMove(Turn::kWhite) ? "white" : "black"; }

// Whether our rules' outcome of the final position is the server's final turn.
bool agrees(const Outcome& outcome, Turn result) {
  if (!outcome.over) return false;
  if (result == Turn::kDraw) return outcome.winner < 0;
  return outcome.winner == sideToMove(result == Turn::kWhiteWin ? Turn::kWhite : Turn::kBlack);
}

// Our rules' result: "defenders winning by escape", "a draw by repetition", "the game going on".
std::string ruling(const Game& game, const Outcome& outcome) {
  if (!outcome.over) return "the game going on";
  const std::string who = outcome.winner < 0 ? "a draw" : game.sideName(outcome.winner) + " winning";
  return who + " by " + std::string(outcome.reason);
}

// "  12. white": the number and colour of a move at ply `ply` by `side`.
std::string label(int ply, int side) {
  char text[32];
  std::snprintf(text, sizeof text, "%4d. %s", ply, colour(side).c_str());
  return text;
}

}  // namespace

ClientSession::ClientSession(const Game& game, Turn side, Player& player, std::ostream& out, std::ostream& warnings)
    : game_(game), side_(side), player_(player), out_(out), warnings_(warnings), tracker_(game) {}

std::optional<std::string> ClientSession::onMessage(const std::string& text) {
  if (result_) throw Error("unexpected message after the final state");
  Turn turn;
  try {
    const ServerState state = parseState(text);
    follow(state);
    turn = state.turn;
  } catch (const Error& e) {
    throw Error("unexpected message from the server (" + std::to_string(text.size()) + " bytes): " + e.what());
  }
  if (sideToMove(turn) < 0) finish(turn);
  // A state sent again after we answered it (the board unchanged) gets no second move.
  if (turn != side_ || sent_) return std::nullopt;
  return move();
}

void ClientSession::follow(const ServerState& state) {
  const auto before = tracker_.state().clone();
  const Step step = tracker_.follow(state.record, sideToMove(state.turn));
  if (step.kind == Step::Kind::kSame && !boards_.empty()) return;
  boards_.push_back(tracker_.state().record());
  if (step.kind == Step::Kind::kSame) return;
  ++plies_;
  const bool ours = sent_ && step.kind != Step::Kind::kFresh && step.action == *sent_;
  sent_.reset();
  moves_.push_back(step.kind == Step::Kind::kFresh ? "?" : step.notation);
  if (step.kind == Step::Kind::kPlayedOn) {
    player_.newGame();
    if (!ours) out_ << label(plies_, before->toMove()) << " " << step.notation << "\n";
    warnings_ << "taflzero: warning: the board received (" << state.record << " " << turnName(state.turn)
              << ") follows from " << step.notation << ", after which our rules end the game (" << step.ending
              << ") and the server plays on; playing on from it without the repetition history\n"
              << std::flush;
    return;
  }
  if (step.kind == Step::Kind::kFresh) {
    if (unreachedBy_ < 0) unreachedBy_ = before->toMove();
    player_.newGame();
    warnings_ << "taflzero: warning: the board received (" << state.record << " " << turnName(state.turn)
              << ") follows from the position held by no legal move; playing on from it without the repetition "
                 "history\n"
              << std::flush;
    return;
  }
  player_.observe(*before, step.action);
  if (!ours) out_ << label(plies_, before->toMove()) << " " << step.notation << "\n" << std::flush;
}

std::string ClientSession::move() {
  const State& state = tracker_.state();
  if (state.outcome().over) {
    throw Error(std::string("the server asks ") + turnName(side_) + " to move in a position our rules score as over (" +
                std::string(state.outcome().reason) + "): " + state.record());
  }
  const auto start = std::chrono::steady_clock::now();
  const Action action = player_.chooseAction(state);
  const long ms = long(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  const std::string notation = state.actionName(action);
  const std::string message = moveMessage(notation, side_);
  out_ << label(plies_ + 1, state.toMove()) << " " << notation << "  (ours, " << ms << " ms, sent " << message << ")\n";
  if (const auto report = player_.searchReport()) {
    out_ << "      " << infoLine(state, *report) << "\n";
    out_ << "      " << timeLine(*report) << "\n";
  }
  out_ << std::flush;
  sent_ = action;
  return message;
}

void ClientSession::finish(Turn result) {
  result_ = result;
  const Outcome& outcome = tracker_.state().outcome();
  std::string verdict = "draw";
  if (result != Turn::kDraw) verdict = (result == Turn::kWhiteWin) == (side_ == Turn::kWhite) ? "we win" : "we lose";
  const bool agreed = agrees(outcome, result);
  agrees_ = agreed;
  out_ << "result: " << turnName(result) << " after " << plies_ << " plies"
       << (agreed ? std::string(" (") + std::string(outcome.reason) + ")" : "") << ": " << verdict << "\n"
       << std::flush;
  if (!agreed) {
    warnings_ << "taflzero: warning: our rules score the final position otherwise, " << ruling(game_, outcome) << "\n"
              << std::flush;
  }
}

}  // namespace tz::cli::tablut
