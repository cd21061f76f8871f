#include "training/matches/game_import.h"

#include "game/base/error.h"
#include "training/matches/arena.h"
#include "training/matches/game_check.h"

namespace tz {

GameImport::GameImport(const RecordStore* store) : store_(store) {}

int GameImport::rulesId(const std::string& text) {
  const auto [at, fresh] = rulesIds_.emplace(text, int(rulesTexts_.size()));
  if (fresh) rulesTexts_.push_back(text);
  return at->second;
}

void GameImport::add(const FiledGame& filed, const std::string& rulesText, const std::string& where, ImportCount& count) {
  const GameRecord& g = filed.record;
  if (!filed.boards.empty()) {
    throw Error(where + ": a game played on a server (with its boards) stays in its games file; a database keeps no boards");
  }
  const auto [known, first] = settings_.emplace(g.tag, filed.settings);
  if (!first && known->second != filed.settings) {
    throw Error(where + ": settings " + quoted(filed.settings) + ", where the tag's earlier games have " +
                quoted(known->second));
  }
  if (first && store_) {
    const auto inStore = store_->meta(matchSettingsKey(g.tag));
    if (inStore && *inStore != filed.settings) {
      throw Error(where + ": settings " + quoted(filed.settings) + ", where the database " + store_->path() + " has " +
                  quoted(*inStore) + " for the tag");
    }
    for (const GameRecord& s : store_->gamesByTag(g.tag)) {
      held_[g.tag].emplace(s.round, Held{{s.players[0], s.players[1]}, s.moves, rulesId(s.rules), s.winner});
    }
  }
  const Held game{{g.players[0], g.players[1]}, g.moves, rulesId(rulesText), g.winner};
  const auto [same, fresh] = held_[g.tag].emplace(g.round, game);
  if (fresh) {
    fresh_.emplace_back(filed, game.rules);
    fresh_.back().first.record.rules.clear();
    return;
  }
  const Held& h = same->second;
  if (h.players[0] != game.players[0] || h.players[1] != game.players[1] || h.moves != game.moves ||
      h.rules != game.rules || h.winner != game.winner) {
    throw Error(where + ": the database " + (store_ ? store_->path() : std::string("(new)")) +
                " (or a file before it) holds another game there");
  }
  ++count.present;
}

ImportCount GameImport::addFile(const std::string& path) {
  ImportCount count;
  const size_t before = fresh_.size();
  visitGameFile(path, [&](const GameOnLine& on) {
    const GameRecord& g = on.filed.record;
    const std::string where = "games file " + path + " line " + std::to_string(on.line) + ": tag " + quoted(g.tag) +
                              " round " + std::to_string(g.round);
    replayFiledGame(on.game, on.filed, where);
    add(on.filed, on.rulesText, where, count);
  });
  count.added = int(fresh_.size() - before);
  return count;
}

ImportCount GameImport::addGames(const std::vector<FiledGame>& games, const std::string& path) {
  checkGames(games, path);  // every game legal, every result the rules'
  ImportCount count;
  const size_t before = fresh_.size();
  for (const FiledGame& filed : games) {
    const GameRecord& g = filed.record;
    add(filed, g.rules, "games file " + path + ": tag " + quoted(g.tag) + " round " + std::to_string(g.round), count);
  }
  count.added = int(fresh_.size() - before);
  return count;
}

void GameImport::storeIn(RecordStore& store) const {
  for (const auto& [tag, text] : settings_)
    if (!store.meta(matchSettingsKey(tag))) store.setMeta(matchSettingsKey(tag), text);
  for (const auto& [filed, rules] : fresh_) {
    GameRecord record = filed.record;
    record.rules = rulesTexts_[size_t(rules)];
    store.addGame(record);
  }
}

ImportCount importGames(RecordStore& store, const std::vector<FiledGame>& games, const std::string& path) {
  GameImport import(&store);
  const ImportCount count = import.addGames(games, path);
  import.storeIn(store);
  return count;
}

}  // namespace tz
