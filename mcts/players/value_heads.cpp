#include "mcts/players/value_heads.h"

#include <map>
#include <mutex>

namespace tz {

namespace {

struct Registry {
  std::mutex mutex;
  std::map<std::string, ValueHeadCreator> kinds;
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

void registerValueHeadKind(const std::string& kind, ValueHeadCreator creator) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.kinds[kind] = std::move(creator);
}

std::shared_ptr<Evaluator> makeValueHead(const std::string& text, const Game& game) {
  const PlayerSpec spec = parsePlayerSpec(text);
  ValueHeadCreator create;
  {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    const auto it = r.kinds.find(spec.kind);
    if (it == r.kinds.end()) return nullptr;
    create = it->second;
  }
  return create(spec, game);
}

}  // namespace tz
