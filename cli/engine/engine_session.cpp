#include "cli/engine/engine_session.h"

#include <limits>
#include <optional>
#include <map>
#include <utility>

#include "cli/engine/printable.h"
#include "cli/engine/search_info.h"
#include "game/base/error.h"
#include "game/turn_actions.h"
#include "game/registry.h"
#include "mcts/players/player_factory.h"
#include "mcts/time_control.h"

namespace tz::cli {

namespace {

constexpr size_t kAny = std::numeric_limits<size_t>::max();

// The words of a line, split at spaces, tabs and carriage returns.
std::vector<std::string> splitWords(const std::string& line) {
  std::vector<std::string> words;
  const char* blanks = " \t\r\v\f";
  for (size_t start = line.find_first_not_of(blanks); start != std::string::npos;) {
    const size_t end = line.find_first_of(blanks, start);
    words.push_back(line.substr(start, end - start));
    start = end == std::string::npos ? end : line.find_first_not_of(blanks, end);
  }
  return words;
}

// `words[from, to)` joined by single spaces.
std::string joinWords(const std::vector<std::string>& words, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to; ++i) out += (i > from ? " " : "") + words[i];
  return out;
}

// The budgets of a `genmove` line ("genmove sims 50 ms 10"), checked, by name.
std::map<std::string, std::string> budgetsOf(const std::vector<std::string>& words) {
  std::map<std::string, std::string> budgets;
  for (size_t i = 1; i < words.size(); i += 2) {
    const std::string& key = words[i];
    const std::string usage = " (usage: genmove [sims N] [ms T])";
    if (key != "sims" && key != "ms") throw Error("unknown budget " + quoted(key) + usage);
    if (i + 1 == words.size()) throw Error("budget '" + key + "' needs a value" + usage);
    if (budgets.count(key)) throw Error("budget '" + key + "' given twice");
    const std::string& value = words[i + 1];
    if (value.size() > 9 || value.find_first_not_of("0123456789") != std::string::npos || value.find_first_not_of('0') == std::string::npos) {
      throw Error("budget " + key + " " + quoted(value) + ": expected a positive integer");
    }
    budgets[key] = value;
  }
  return budgets;
}

// `budgets` as a search budget: `ms T` searches T ms (a search uncapped unless `sims` is given
// too, as it `counts` playouts).
SearchBudget searchBudgetOf(const std::map<std::string, std::string>& budgets, bool counts) {
  SearchBudget budget;
  const auto sims = budgets.find("sims"), ms = budgets.find("ms");
  if (sims != budgets.end()) budget.simulations = std::stoi(sims->second);
  if (ms != budgets.end()) {
    budget.time = MoveTime{std::stod(ms->second), std::stod(ms->second)};
    if (sims == budgets.end() && counts) budget.simulations = kTimedSimulationCap;
  }
  return budget;
}

// Whether `word` names a side of `game` (tafl's "white" and "black" too).
bool namesSide(const Game& game, const std::string& word) {
  try {
    game.sideFromName(word);
    return true;
  } catch (const Error&) {
    return false;
  }
}

// The legal turn of `before` that reaches `after` (the same position, side to move and end).
std::string turnName(const State& before, const State& after) {
  for (const auto& turn : before.legalTurns()) {
    auto reached = before.clone();
    reached->playTurn(turn);
    if (reached->hash() == after.hash() && reached->toMove() == after.toMove() &&
        reached->outcome().over == after.outcome().over) {
      return turn;
    }
  }
  throw Error("the player's actions match no legal turn");
}

}  // namespace

EngineSession::EngineSession(const std::string& variant, const std::vector<std::string>& overrides, AgentSpec player,
                             uint64_t seed)
    : EngineSession(loadGame(variant, overrides), std::move(player), seed) {}

EngineSession::EngineSession(std::unique_ptr<Game> game, AgentSpec player, uint64_t seed)
    : seed_(seed), game_(std::move(game)), state_(game_->newGame()), spec_(std::move(player)) {
  setPlayer(agentMaker(spec_, *game_)(seed_));
}

const std::map<std::string, EngineSession::Command>& EngineSession::commands() {
  static const std::map<std::string, Command> table{
      {"protocol_version", {"protocol_version", 0, 0, &EngineSession::protocolVersion}},
      {"name", {"name", 0, 0, &EngineSession::name}},
      {"help", {"help", 0, 0, &EngineSession::help}},
      {"variant", {"variant [NAME|PATH [key=value ...]]", 0, kAny, &EngineSession::variant}},
      {"position", {"position startpos | position RECORD [SIDE]", 1, kAny, &EngineSession::position}},
      {"play", {"play MOVE", 1, 1, &EngineSession::play}},
      {"genmove", {"genmove [sims N] [ms T]", 0, 4, &EngineSession::genmove}},
      {"legal", {"legal", 0, 0, &EngineSession::legal}},
      {"show", {"show", 0, 0, &EngineSession::show}},
      {"undo", {"undo", 0, 0, &EngineSession::undo}},
      {"result", {"result", 0, 0, &EngineSession::result}},
      {"player", {"player [SPEC]", 0, 1, &EngineSession::player}},
      {"quit", {"quit", 0, 0, &EngineSession::quit}},
  };
  return table;
}

std::string EngineSession::handle(const std::string& line, size_t length) {
  std::string error;
  try {
    if (length > kMaxLineBytes) {
      throw Error("line of " + std::to_string(length) + " bytes refused (at most " + std::to_string(kMaxLineBytes) +
                  "), starting " + quoted(line.substr(0, 40)));
    }
    const Answer answer = run(splitWords(line));
    std::string out;
    for (const auto& info : answer.info) out += info + "\n";
    return out + "= " + answer.text + "\n\n";
  } catch (const Error& e) {
    error = e.what();
  } catch (const std::exception& e) {
    error = std::string("internal error: ") + e.what();
  }
  return "? " + printable(error) + "\n\n";
}

EngineSession::Answer EngineSession::run(const Words& words) {
  if (words.empty()) throw Error("empty line (help lists the commands)");
  const auto it = commands().find(words[0]);
  if (it == commands().end()) throw Error("unknown command " + quoted(words[0]) + " (help lists the commands)");
  const Command& command = it->second;
  if (words.size() - 1 < command.minWords || words.size() - 1 > command.maxWords) {
    throw Error("usage: " + std::string(command.usage));
  }
  Answer answer;
  (this->*command.run)(words, answer);
  return answer;
}

void EngineSession::protocolVersion(const Words&, Answer& answer) { answer.text = "1"; }

void EngineSession::name(const Words&, Answer& answer) { answer.text = "taflzero"; }

void EngineSession::help(const Words&, Answer& answer) {
  for (const auto& entry : commands()) {
    answer.text += (answer.text.empty() ? "" : "\n") + std::string(entry.second.usage);
  }
}

void EngineSession::variant(const Words& words, Answer& answer) {
  if (words.size() > 1) {
    auto game = loadGame(words[1], Words(words.begin() + 2, words.end()));
    auto player = agentMaker(spec_, *game)(seed_);  // refused before anything changes
    // Everything made from the old game goes before it does.
    player_.reset();
    history_.clear();
    state_.reset();
    game_ = std::move(game);
    setPlayer(std::move(player));
    reset(game_->newGame());
  }
  answer.text = game_->name();
}

void EngineSession::position(const Words& words, Answer&) {
  if (words[1] == "startpos" && words.size() == 2) {
    reset(game_->newGame());
    return;
  }
  // A last word naming a side is the side to move; the words before it are the record.
  const std::string& last = words.back();
  const bool sideGiven = words.size() > 2 && namesSide(*game_, last);
  const size_t end = sideGiven ? words.size() - 1 : words.size();
  reset(game_->fromRecord(joinWords(words, 1, end), sideGiven ? last : ""));
}

void EngineSession::play(const Words& words, Answer&) {
  requireOngoing();
  const std::vector<Action> actions = turnActions(*state_, words[1]);  // a refused turn changes nothing
  history_.push_back(state_->clone());
  for (Action action : actions) {
    player_->observe(*state_, action);  // a search player keeps the subtree of the move
    state_->apply(action);
  }
}

void EngineSession::genmove(const Words& words, Answer& answer) {
  requireOngoing();
  const auto budgets = budgetsOf(words);
  for (const auto& [key, takes] : {std::pair{"sims", takesCount_}, std::pair{"ms", takesClock_}}) {
    if (budgets.count(key) && !takes) throw Error("player " + quoted(spec_.text()) + " takes no budget '" + key + "'");
  }
  player_->setSearchBudget(searchBudgetOf(budgets, takesCount_));  // the tree (or table) is kept
  // The player acts until the turn passes (a morris mill is followed by its removal).
  auto next = state_->clone();
  const int mover = next->toMove();
  std::optional<SearchReport> report;
  do {
    const Action action = player_->chooseAction(*next);
    if (!report) report = player_->searchReport();
    player_->observe(*next, action);
    next->apply(action);
  } while (!next->outcome().over && next->toMove() == mover);
  answer.text = turnName(*state_, *next);
  if (report) answer.info.push_back(infoLine(*state_, *report));
  if (report && report->limitMs > 0) answer.info.push_back(timeLine(*report));
  history_.push_back(std::move(state_));
  state_ = std::move(next);
}

void EngineSession::legal(const Words&, Answer& answer) {
  const Words turns = state_->legalTurns();
  answer.text = joinWords(turns, 0, turns.size());
}

void EngineSession::show(const Words&, Answer& answer) {
  answer.text = resultText() + "\n" + state_->diagram() + "position " + state_->record() + " " +
                game_->sideName(state_->toMove());
}

void EngineSession::undo(const Words&, Answer&) {
  if (history_.empty()) throw Error("nothing to undo: no turn was played since the variant or position was set");
  state_ = std::move(history_.back());
  history_.pop_back();
  player_->newGame();
}

void EngineSession::result(const Words&, Answer& answer) { answer.text = resultText(); }

void EngineSession::player(const Words& words, Answer& answer) {
  if (words.size() > 1) usePlayer(parseAgentSpec(words[1]));
  answer.text = spec_.text();
}

void EngineSession::quit(const Words&, Answer&) { finished_ = true; }

void EngineSession::usePlayer(const AgentSpec& spec) {
  if (spec.text() == spec_.text()) return;  // the same player keeps its tree
  setPlayer(agentMaker(spec, *game_)(seed_));
  spec_ = spec;
}

void EngineSession::setPlayer(std::unique_ptr<Player> player) {
  player->newGame();
  takesCount_ = player->setSearchBudget(SearchBudget{1, std::nullopt});
  takesClock_ = player->setSearchBudget(SearchBudget{0, MoveTime{1, 1}});
  player_ = std::move(player);
}

void EngineSession::reset(std::unique_ptr<State> state) {
  history_.clear();
  state_ = std::move(state);
  player_->newGame();
}

void EngineSession::requireOngoing() const {
  if (state_->outcome().over) throw Error("the game is over: " + resultText());
}

std::string EngineSession::resultText() const {
  const Outcome& outcome = state_->outcome();
  if (!outcome.over) return "ongoing " + game_->sideName(state_->toMove());
  return (outcome.winner < 0 ? std::string("draw") : game_->sideName(outcome.winner)) + " " +
         std::string(outcome.reason);
}

}  // namespace tz::cli
