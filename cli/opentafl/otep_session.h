#pragma once
// The OpenTafl Engine Protocol (OTEP, docs/OPENTAFL.md) without any I/O: a line from the
// host goes in, the lines to send back come out. A session holds the game of the last
// `rules` message, the position the host says, and one player from a spec.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli/opentafl/otep_clock.h"
#include "mcts/players/timed_player.h"
#include "game/game.h"
#include "mcts/player.h"
#include "mcts/players/agent_spec.h"

namespace tz::cli::opentafl {

/// Longest host line the session reads; a longer one is answered with an error.
constexpr size_t kMaxOtepLineBytes = 64 * 1024;

/// One engine seen by OpenTafl: answers every host message, and no line, however
/// malformed, makes it throw.
class OtepSession {
 public:
  /// A session whose moves come from the player of `playerSpec` with `seed`. Throws Error
  /// for a spec that makes no player (tried on its network's rules, or OpenTafl's Brandub
  /// rules for a player without), though a spec can still fail for the game a `rules`
  /// message brings (that game is then refused).
  OtepSession(std::string playerSpec, uint64_t seed);
  /// Not copyable: the player refers to the session's game.
  OtepSession(const OtepSession&) = delete;
  /// Not assignable, for the same reason.
  OtepSession& operator=(const OtepSession&) = delete;

  /// The line an engine sends as soon as it has started.
  static std::string greeting() { return "hello"; }
  /// The lines (each without its newline) that answer one host line given without its
  /// newline, whose full length was `length` (where the reader kept only its start).
  std::vector<std::string> handle(const std::string& line, size_t length);
  /// The answer to a whole line.
  std::vector<std::string> handle(const std::string& line) { return handle(line, line.size()); }
  /// Whether `goodbye` arrived: the session takes no more lines.
  bool finished() const { return finished_; }
  /// The position now (none before a `rules` message was accepted).
  const State* position() const { return state_.get(); }

 private:
  using Words = std::vector<std::string>;
  using Handler = void (OtepSession::*)(const Words& words, Words& out);

  // Every host message by name.
  static const std::map<std::string, Handler>& handlers();

  // The host messages, one handler each (docs/OPENTAFL.md says what they do).
  void rules(const Words& words, Words& out);
  void position(const Words& words, Words& out);
  void side(const Words& words, Words& out);
  void clock(const Words& words, Words& out);
  void play(const Words& words, Words& out);
  void moveDone(const Words& words, Words& out);
  void error(const Words& words, Words& out);
  void opponentMove(const Words& words, Words& out);
  void finish(const Words& words, Words& out);
  void goodbye(const Words& words, Words& out);

  // Throws Error when no rules were accepted.
  void requireGame() const;
  // Makes the position the host's `record` with `side` to move, without history (the host
  // is trusted), and tells the player of a new game.
  void trustRecord(const std::string& record, int side);
  // Whether the position now has the board of `record` with `side` to move.
  bool matches(const std::string& record, int side) const;
  // The side named by `name` (attackers or defenders); Error for another word.
  int sideOf(const std::string& name) const;
  // Our move now: the player's, or another legal one when the host refused the player's.
  Action chooseMove();

  AgentSpec spec_;  // the player, read once
  uint64_t seed_;
  std::unique_ptr<Game> game_;
  std::unique_ptr<State> state_;
  std::unique_ptr<Player> player_;
  TimedPlayer* timed_ = nullptr;  // player_ once a clock times it
  std::optional<OtepClock> clock_;
  std::optional<Action> pending_;         // the move sent, until the host confirms or refuses it
  std::set<Action> refused_;              // moves the host refused in the position now
  uint64_t fallbackState_;                // draws the replacement of a refused move
  bool finished_ = false;
};

}  // namespace tz::cli::opentafl
