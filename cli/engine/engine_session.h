#pragma once
// The engine protocol of docs/ENGINE.md without any I/O: a line goes in, its answer comes
// out. A session holds one variant, one player and the positions of the game so far.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "game/game.h"
#include "mcts/player.h"
#include "mcts/players/agent_spec.h"

namespace tz::cli {

/// Longest input line the protocol reads; a longer one is refused.
constexpr size_t kMaxLineBytes = 64 * 1024;

/// One engine: answers every protocol line, and no line, however malformed, makes it throw.
class EngineSession {
 public:
  /// A session on `variant` (a preset or a YAML path, with key=value `overrides`) whose
  /// player is `player`'s with `seed`. Throws Error when either cannot play.
  EngineSession(const std::string& variant, const std::vector<std::string>& overrides, AgentSpec player,
                uint64_t seed);
  /// A session on `game` (the variant a command chose: a network player's own without
  /// --variant) whose player is `player`'s with `seed`. Throws Error when it cannot play `game`.
  EngineSession(std::unique_ptr<Game> game, AgentSpec player, uint64_t seed);
  /// Not copyable (nor movable): the player and the positions refer to the session's game.
  EngineSession(const EngineSession&) = delete;
  /// Not assignable, for the same reason.
  EngineSession& operator=(const EngineSession&) = delete;

  /// The answer to one line (given without its newline) whose full length was `length`
  /// (where the reader kept only the line's start): `info` lines, then one line starting
  /// with "= " (success, maybe followed by more lines) or "? " (an error), then an empty line.
  std::string handle(const std::string& line, size_t length);
  /// The answer to a whole line.
  std::string handle(const std::string& line) { return handle(line, line.size()); }
  /// Whether `quit` was answered: the session takes no more lines.
  bool finished() const { return finished_; }

 private:
  using Words = std::vector<std::string>;

  /// What a command answers: lines before the status line, and the text after "= ".
  struct Answer {
    std::vector<std::string> info;
    std::string text;
  };

  /// A protocol command: its usage line, how many words may follow it, and its handler,
  /// which throws Error for an answer starting with "? ".
  struct Command {
    const char* usage;
    size_t minWords, maxWords;
    void (EngineSession::*run)(const Words& words, Answer& answer);
  };
  // Every command by name.
  static const std::map<std::string, Command>& commands();

  // The commands, one handler each (docs/ENGINE.md says what they answer).
  void protocolVersion(const Words& words, Answer& answer);
  void name(const Words& words, Answer& answer);
  void help(const Words& words, Answer& answer);
  void variant(const Words& words, Answer& answer);
  void position(const Words& words, Answer& answer);
  void play(const Words& words, Answer& answer);
  void genmove(const Words& words, Answer& answer);
  void legal(const Words& words, Answer& answer);
  void show(const Words& words, Answer& answer);
  void undo(const Words& words, Answer& answer);
  void result(const Words& words, Answer& answer);
  void player(const Words& words, Answer& answer);
  void quit(const Words& words, Answer& answer);

  // The answer to one command line split into words (the first names the command).
  Answer run(const Words& words);
  // Makes `spec` the player when it differs from the one playing (Error when it is bad).
  void usePlayer(const AgentSpec& spec);
  // Makes `player`, built from spec_ for game_, the one playing.
  void setPlayer(std::unique_ptr<Player> player);
  // Starts the game over at `state` (of game_): no history, a player told of a new game.
  void reset(std::unique_ptr<State> state);
  // Throws Error when the game is over, naming its result.
  void requireOngoing() const;
  // The result as the `result` command says it: "ongoing SIDE", "WINNER REASON", "draw REASON".
  std::string resultText() const;

  uint64_t seed_;
  std::unique_ptr<Game> game_;
  std::unique_ptr<State> state_;                 // the position now
  std::vector<std::unique_ptr<State>> history_;  // the position before each turn played since the last reset
  AgentSpec spec_;                               // the player as set by --player or `player`, read once
  std::unique_ptr<Player> player_;
  bool takesCount_ = false;                      // player_ takes `genmove sims N` (a search)
  bool takesClock_ = false;                      // player_ takes `genmove ms T` (a search, alphabeta)
  bool finished_ = false;
};

}  // namespace tz::cli
