#include "training/distributed/game_mailbox.h"

#include "training/distributed/game_message.h"

namespace tz {

std::string actorKey(int id, const std::string& what) { return "actor/" + std::to_string(id) + "/" + what; }

ActorOutbox::ActorOutbox(RunStore& store) : store_(store), id_(int(store.add("actors", 1))) {}

void ActorOutbox::send(const GameRecord& record, const std::vector<PositionRecord>& positions) {
  const int n = sent_;
  const std::string message = encodeGame(record, positions);
  store_.set(actorKey(id_, "game/" + std::to_string(n)), message);
  store_.add(actorKey(id_, "sent"), 1);
  store_.add("sent", 1);
  bytes_ += int64_t(message.size());
  ++sent_;
}

int ActorOutbox::acknowledged() { return int(store_.add(actorKey(id_, "acked"), 0)); }

int LearnerInbox::take(const Sink& sink, const std::function<bool()>& accept) {
  const int64_t sent = store_.add("sent", 0);
  if (sent == seen_) return 0;
  const int actors = int(store_.add("actors", 0));
  int taken = 0;
  for (int id = 1; id <= actors; ++id) {
    int64_t& next = next_[id];
    for (const int64_t announced = store_.add(actorKey(id, "sent"), 0); next < announced; ++next) {
      if (!accept()) return taken;  // the rest waits (and stays unacknowledged)
      const std::string key = actorKey(id, "game/" + std::to_string(next));
      auto [record, positions] = decodeGame(store_.get(key));
      sink(std::move(record), std::move(positions));
      store_.add(actorKey(id, "acked"), 1);
      store_.erase(key);
      ++taken;
    }
  }
  // Games announced while scanning are found by the next call (`sent` has grown past them).
  seen_ = sent;
  return taken;
}

}  // namespace tz
