#include "training/matches/game_import.h"

#include <map>

#include "game/base/error.h"
#include "training/matches/arena.h"
#include "training/matches/game_check.h"

namespace tz {

namespace {

// Whether two records are the same game.
bool sameGame(const GameRecord& a, const GameRecord& b) {
  return a.players[0] == b.players[0] && a.players[1] == b.players[1] && a.rules == b.rules && a.moves == b.moves &&
         a.winner == b.winner;
}

}  // namespace

ImportCount importGames(RecordStore& store, const std::vector<FiledGame>& games, const std::string& path) {
  checkGames(games, path);  // every game legal, every result the rules'
  std::map<std::string, std::string> settings;                   // per tag, the file's
  std::map<std::string, std::map<int, GameRecord>> stored;       // per tag and round, the store's
  std::vector<const FiledGame*> fresh;
  ImportCount count;
  for (const FiledGame& filed : games) {
    const GameRecord& g = filed.record;
    const std::string where = "games file " + path + ": tag " + quoted(g.tag) + " round " + std::to_string(g.round);
    if (!filed.boards.empty()) {
      throw Error(where + ": a game played on a server (with its boards) stays in its games file; a database keeps no boards");
    }
    const auto [known, first] = settings.emplace(g.tag, filed.settings);
    if (!first && known->second != filed.settings) {
      throw Error(where + ": settings '" + filed.settings + "', where the tag's earlier games have '" + known->second + "'");
    }
    if (first) {
      const auto inStore = store.meta(matchSettingsKey(g.tag));
      if (inStore && *inStore != filed.settings) {
        throw Error(where + ": settings '" + filed.settings + "', where the database " + store.path() + " has '" +
                    *inStore + "' for the tag");
      }
      for (GameRecord& s : store.gamesByTag(g.tag)) stored[g.tag].emplace(s.round, std::move(s));
    }
    const auto same = stored[g.tag].find(g.round);
    if (same == stored[g.tag].end()) {
      stored[g.tag].emplace(g.round, g);
      fresh.push_back(&filed);
    } else if (sameGame(same->second, g)) {
      ++count.present;
    } else {
      throw Error(where + ": the database " + store.path() + " (or the file before it) holds another game there");
    }
  }
  for (const auto& [tag, text] : settings)
    if (!store.meta(matchSettingsKey(tag))) store.setMeta(matchSettingsKey(tag), text);
  for (const FiledGame* filed : fresh) {
    store.addGame(filed->record);
    ++count.added;
  }
  return count;
}

}  // namespace tz
