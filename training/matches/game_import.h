#pragma once
// Games files back into a record database (`taflzero records import`): a study or an arena
// whose games were committed as a games file resumes from them in a later sitting, on any
// machine, as from its own database.
#include <map>
#include <string>
#include <vector>

#include "training/matches/game_file.h"

namespace tz {

/// What importing a games file did.
struct ImportCount {
  int added = 0;    // games stored
  int present = 0;  // games the store held already (same tag, round, players, rules and moves)
};

/// An import of games files into a record database: every game of every file is replayed
/// and every conflict looked for before anything is stored. Throws Error naming the file
/// (and the line, for a file read here) when a game is illegal, when the database or an
/// earlier file holds another game at a game's tag and round, when a tag's settings differ
/// from the database's or an earlier game's, or for a game played on a server (its boards
/// have no place in the store).
class GameImport {
 public:
  /// Checks against the games of `store`; null for a database not made yet (it holds none).
  explicit GameImport(const RecordStore* store);

  /// Reads the games file at `path` a game at a time and checks its games.
  ImportCount addFile(const std::string& path);
  /// Checks `games`, read from `path` (named in errors).
  ImportCount addGames(const std::vector<FiledGame>& games, const std::string& path);
  /// Whether no checked game is missing from the store (storeIn would store nothing).
  bool nothingToStore() const { return fresh_.empty(); }
  /// Stores every checked game the store lacks, with its tag's settings, in `store`.
  void storeIn(RecordStore& store) const;

 private:
  // A game as compared with another at its tag and round.
  struct Held {
    std::string players[2], moves;
    int rules = 0;  // index in rulesTexts_
    int winner = 0;
  };
  const RecordStore* store_;
  std::vector<std::string> rulesTexts_;                  // every rules text met, once
  std::map<std::string, int> rulesIds_;                  // rules text -> index in rulesTexts_
  std::map<std::string, std::string> settings_;          // per tag, the files'
  std::map<std::string, std::map<int, Held>> held_;      // per tag and round, the store's and the files'
  std::vector<std::pair<FiledGame, int>> fresh_;         // games to store (their rules left out) and their rules' index

  int rulesId(const std::string& text);
  void add(const FiledGame& filed, const std::string& rulesText, const std::string& where, ImportCount& count);
};

/// Stores `games` (read from `path`) in `store` under their tags and rounds, each tag with its
/// match's settings, so that an arena or a study resumes from them as from its own games;
/// checked first as GameImport checks them.
ImportCount importGames(RecordStore& store, const std::vector<FiledGame>& games, const std::string& path);

}  // namespace tz
