#pragma once
// Games files back into a record database (`taflzero records import`): a study or an arena
// whose games were committed as a games file resumes from them in a later sitting, on any
// machine, as from its own database.
#include <string>
#include <vector>

#include "training/matches/game_file.h"

namespace tz {

/// What importing a games file did.
struct ImportCount {
  int added = 0;    // games stored
  int present = 0;  // games the store held already (same tag, round, players, rules and moves)
};

/// Stores `games` (read from `path`) in `store` under their tags and rounds, each tag with its
/// match's settings, so that an arena or a study resumes from them as from its own games.
/// Every game is replayed and every conflict looked for before anything is stored: throws
/// Error naming `path` when a game is illegal, when the store holds another game at a game's
/// tag and round, when a tag's settings differ from the store's or between the file's games,
/// or for a game played on a server (its boards have no place in the store).
ImportCount importGames(RecordStore& store, const std::vector<FiledGame>& games, const std::string& path);

}  // namespace tz
