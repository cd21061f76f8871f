#pragma once
// Games from actors to the learner through the run's store, each acknowledged once the
// learner has committed it to its record store. Keys:
//   actors                 counter: each actor takes the next number as its id (1, 2, ...)
//   sent                   counter: games sent by all actors (the learner scans when it grows)
//   actor/<id>/sent        counter: games actor <id> has sent; its n-th game (0-based) is at
//   actor/<id>/game/<n>    the game's message (game_message.h), removed once committed
//   actor/<id>/acked       counter: games of actor <id> the learner has committed, in order
//   games                  the run's stored game count (an actor starts counting from it)
//   stop                   set by the learner when the run ends
//   done                   counter: actors that saw `stop` and left
// A game is written before the counters that announce it, and acknowledged only after its
// SQLite transaction commits, so an acknowledged game is stored once and only once.
#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "training/distributed/run_store.h"
#include "training/matches/records.h"

namespace tz {

/// An actor's side: sends games and reads how many the learner acknowledged.
class ActorOutbox {
 public:
  /// Registers a new actor in `store` (taking its id).
  explicit ActorOutbox(RunStore& store);
  /// This actor's id in the run (1, 2, ...).
  int id() const { return id_; }
  /// Sends a finished game (returns once it is in the store, before it is acknowledged).
  void send(const GameRecord& record, const std::vector<PositionRecord>& positions);
  /// Games sent.
  int sent() const { return sent_; }
  /// Bytes of the game messages sent.
  int64_t bytesSent() const { return bytes_; }
  /// Games the learner has acknowledged (asks the store).
  int acknowledged();

 private:
  RunStore& store_;
  int id_ = 0;
  std::atomic<int> sent_{0};
  std::atomic<int64_t> bytes_{0};
};

/// The learner's side: takes the actors' games in order and acknowledges each after `sink`.
class LearnerInbox {
 public:
  /// Receives each game; returns once it is durably stored.
  using Sink = std::function<void(GameRecord&& record, std::vector<PositionRecord>&& positions)>;

  /// The inbox of the run served by `store`.
  explicit LearnerInbox(RunStore& store) : store_(store) {}
  /// Hands every game sent since the last call to `sink` and acknowledges it, stopping early
  /// when `accept()` turns false; returns the number of games taken.
  int take(const Sink& sink, const std::function<bool()>& accept);

 private:
  RunStore& store_;
  int64_t seen_ = 0;              // value of `sent` at the last full scan
  std::map<int, int64_t> next_;  // per actor id: its next game number
};

/// The store key of a counter or message of actor `id` ("actor/<id>/<what>").
std::string actorKey(int id, const std::string& what);

}  // namespace tz
