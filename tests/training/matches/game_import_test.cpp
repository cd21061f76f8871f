// Games files back into a database: an arena's games exported and imported into a fresh
// database are the same games, the arena resumes from them without replaying a round, and a
// file that conflicts with the database is refused before anything is stored.
#include <gtest/gtest.h>

#include <filesystem>

#include "game/registry.h"
#include "mcts/players/player_factory.h"
#include "tests/support/error_of.h"
#include "training/matches/arena.h"
#include "training/matches/game_file.h"
#include "training/matches/game_import.h"

namespace tz::test {
namespace {

std::string tempPath(const std::string& name) {
  const std::string path = ::testing::TempDir() + "/game_import_" + name;
  std::filesystem::remove(path);
  return path;
}

// Plays `games` rounds of greedy against random on brandubh under `tag` into `store`.
int playMatch(RecordStore& store, const std::string& tag, int games) {
  const auto game = loadGame("brandubh");
  const PlayerMaker greedy = agentMaker(parseAgentSpec("greedy"), *game);
  const PlayerMaker random = agentMaker(parseAgentSpec("random"), *game);
  return runMatch(*game, greedy, random, store, {tag, games, 7, "random_plies=1"}, [](const GameRecord&) {});
}

TEST(GameImport, ExportedGamesImportIntoAFreshDatabaseAndTheMatchResumesFromThem) {
  RecordStore original(tempPath("original.db"));
  ASSERT_EQ(playMatch(original, "m", 6), 6);
  const std::string file = tempPath("games.jsonl");
  writeGameFile(file, gamesOfStore(original, {}));

  RecordStore copy(tempPath("copy.db"));
  const ImportCount first = importGames(copy, readGameFile(file), file);
  EXPECT_EQ(first.added, 6);
  EXPECT_EQ(first.present, 0);
  EXPECT_EQ(copy.meta(matchSettingsKey("m")), original.meta(matchSettingsKey("m")));
  const auto a = original.gamesByTag("m"), b = copy.gamesByTag("m");
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].round, b[i].round);
    EXPECT_EQ(a[i].moves, b[i].moves);
    EXPECT_EQ(a[i].players[0], b[i].players[0]);
    EXPECT_EQ(a[i].winner, b[i].winner);
  }
  // Imported again: nothing added. The match resumes: only rounds 6 and 7 are played.
  EXPECT_EQ(importGames(copy, readGameFile(file), file).present, 6);
  EXPECT_EQ(copy.gamesByTag("m").size(), 6u);
  EXPECT_EQ(playMatch(copy, "m", 8), 2);
}

TEST(GameImport, AConflictingFileIsRefusedAndStoresNothing) {
  RecordStore original(tempPath("conflict_original.db"));
  playMatch(original, "m", 4);
  const std::string file = tempPath("conflict.jsonl");
  writeGameFile(file, gamesOfStore(original, {}));
  // Another match under the same tag in the target: its rounds hold other games.
  RecordStore other(tempPath("conflict_other.db"));
  const auto game = loadGame("brandubh");
  runMatch(*game, agentMaker(parseAgentSpec("random"), *game), agentMaker(parseAgentSpec("random"), *game), other,
           {"m", 2, 7, "random_plies=1"}, [](const GameRecord&) {});
  expectError([&] { importGames(other, readGameFile(file), file); }, "holds another game there");
  EXPECT_EQ(other.gamesByTag("m").size(), 2u);
  // Other settings for the tag.
  RecordStore settings(tempPath("conflict_settings.db"));
  settings.setMeta(matchSettingsKey("m"), "seed=7 random_plies=2");
  expectError([&] { importGames(settings, readGameFile(file), file); }, "where the database");
  EXPECT_TRUE(settings.gamesByTag("m").empty());
}

}  // namespace
}  // namespace tz::test
