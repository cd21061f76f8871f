// `taflzero balance` killed with SIGKILL in the middle of a study keeps every finished game,
// and the same command resumes it: the stored games stay as they were, no round is stored
// twice, and the finished study holds the same games as an uninterrupted run.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <filesystem>
#include <map>
#include <thread>

#include "game/base/error.h"
#include "tests/training/balance/balance_test_helpers.h"
#include "tests/cli/cli_runner.h"
#include "tests/support/child_process.h"
#include "tests/support/error_of.h"
#include "training/balance/balance_run.h"
#include "training/matches/game_file.h"
#include "training/matches/game_import.h"

namespace tz::test {
namespace {

constexpr int kMaxGames = 20;  // resume.yaml: every cell plays max_games
const char* kTags[] = {"balance|attackers|ab2", "balance|defenders|ab2"};

using Games = std::map<std::string, std::map<int, std::string>>;  // tag -> round -> moves

// The stored games of the study; fails the test on a round stored twice.
Games storedGames(const std::string& dir) {
  Games out;
  RecordStore store(StudyPaths::of(dir).records);
  for (const char* tag : kTags) {
    for (const GameRecord& g : store.gamesByTag(tag)) {
      EXPECT_TRUE(out[tag].emplace(g.round, g.moves).second) << tag << " round " << g.round << " stored twice";
    }
  }
  return out;
}

int storedCount(const std::string& dir) {
  const std::string db = StudyPaths::of(dir).records;
  if (access(db.c_str(), F_OK) != 0) return 0;
  RecordStore store(db);
  return store.countResults(kTags[0]).total() + store.countResults(kTags[1]).total();
}

pid_t startStudy(const std::string& dir) {
  return startTaflzero({"balance", studyConfig("resume.yaml"), "--out", dir, "--quiet", "--accept-unreachable"});
}

TEST(BalanceResume, KilledStudyKeepsItsGamesAndResumesWithoutReplaying) {
  const std::string dir = freshDir("balance_kill");
  const pid_t pid = startStudy(dir);
  ASSERT_GT(pid, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    ASSERT_EQ(waitpid(pid, &status, WNOHANG), 0) << "the study ended on its own, status " << status;
    if (storedCount(dir) >= 5) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_EQ(kill(pid, SIGKILL), 0);
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status));

  const Games before = storedGames(dir);
  int stored = 0;
  for (const auto& [tag, rounds] : before) {
    int expected = 0;
    for (const auto& [round, moves] : rounds) EXPECT_EQ(round, expected++) << tag << ": rounds stored in order";
    stored += int(rounds.size());
  }
  ASSERT_GE(stored, 5);
  ASSERT_LT(stored, 2 * kMaxGames) << "the study finished before it was killed";

  // The same command resumes: the stored games are kept, the missing rounds played once.
  ASSERT_EQ(waitForExit(startStudy(dir)), 0);
  const Games after = storedGames(dir);
  for (const char* tag : kTags) ASSERT_EQ(after.at(tag).size(), size_t(kMaxGames)) << tag;
  for (const auto& [tag, rounds] : before)
    for (const auto& [round, moves] : rounds) EXPECT_EQ(after.at(tag).at(round), moves) << tag << " round " << round;

  // An uninterrupted run of the study stores the same games; running it again plays none.
  const std::string reference = freshDir("balance_reference");
  runBalance(studyConfig("resume.yaml"), reference, false);
  EXPECT_EQ(storedGames(reference), after);
  runBalance(studyConfig("resume.yaml"), dir, false);
  EXPECT_EQ(storedGames(dir), after);
}

TEST(BalanceResume, RefusesToMixGamesPlayedUnderOtherSettings) {
  const std::string dir = freshDir("balance_settings");
  const std::string file = dir + "/study.yaml";
  std::string text = readFile(studyConfig("resume.yaml"));
  const auto at = text.find("max_games: 20");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 13, "max_games: 8");
  writeFile(file, text);
  runBalance(file, dir, false);
  // Another opening: the stored games no longer belong to the study.
  const auto plies = text.find("random_plies: 2");
  ASSERT_NE(plies, std::string::npos);
  text.replace(plies, 15, "random_plies: 3");
  writeFile(file, text);
  try {
    runBalance(file, dir, false);
    FAIL() << "a changed study resumed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("were played with other settings (random_plies changed)"), std::string::npos)
        << e.what();
  }
  // A study of another base variant in the same folder.
  try {
    runBalance(std::string(TAFLZERO_SOURCE_DIR) + "/configs/balance/linnaeus.yaml", dir, false);
    FAIL() << "a linnaeus study ran in a brandubh study folder";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("holds a study of brandubh"), std::string::npos) << e.what();
  }
}

// Every file under `dir` with its bytes.
std::map<std::string, std::string> folderBytes(const std::string& dir) {
  std::map<std::string, std::string> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    out[entry.path().string()] = std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return out;
}

// A study that is refused (another base, a changed player, a network of another variant)
// leaves the study folder byte for byte as it was: the study file, its description and
// the cells' settings are written only once everything is checked.
TEST(BalanceResume, ARefusedStudyLeavesTheFolderAsItWas) {
  const std::string dir = freshDir("balance_refused");
  const std::string file = ::testing::TempDir() + "/balance_refused_study.yaml";  // outside the folder
  std::string text = readFile(studyConfig("resume.yaml"));
  text.replace(text.find("max_games: 20"), 13, "max_games: 8");
  writeFile(file, text);
  runBalance(file, dir, false);
  const auto before = folderBytes(dir);
  ASSERT_GE(before.size(), 2u);  // records.sqlite, study.yaml
  const auto refused = [&](const std::string& study, const std::string& expected) {
    const std::string message = errorOf([&] { runBalance(study, dir, false); });
    EXPECT_NE(message.find(expected), std::string::npos) << message;
    EXPECT_EQ(folderBytes(dir), before) << "refused with: " << message;
  };
  // Another base.
  refused(std::string(TAFLZERO_SOURCE_DIR) + "/configs/balance/linnaeus.yaml", "holds a study of brandubh");
  // A changed player.
  std::string changed = text;
  changed.replace(changed.find("alphabeta:depth=2"), 17, "alphabeta:depth=1");
  refused(writeFile(file, changed), "were played with other settings (agent changed)");
  // Networks of another variant: a checkpoint of brandubh with a strong king.
  const std::string checkpoint = ::testing::TempDir() + "/balance_refused_strong.ckpt";
  const CliResult init = runCli("net init --variant brandubh --set king.capture=strong --network small --force --out " + checkpoint);
  ASSERT_EQ(init.code, 0) << init.out;
  const std::string networks =
      "base: brandubh\nfactors:\n  - {key: first, values: [attackers, defenders]}\n"
      "agent:\n  mode: checkpoints\n  checkpoints: {attackers: " + checkpoint + ", defenders: " + checkpoint +
      "}\n  strengths: [{name: ab2, sims: 8}]\ngames: {seed: 3, min_games: 8, max_games: 8, batch: 4}\n";
  refused(writeFile(file, networks), "were played with other settings (agent, random_plies changed)");
  // The same study into a new folder is refused for its networks, and makes no folder.
  const std::string fresh = ::testing::TempDir() + "/balance_refused_new";
  std::filesystem::remove_all(fresh);
  const std::string message = errorOf([&] { runBalance(file, fresh, false); });
  EXPECT_NE(message.find("checkpoint " + checkpoint), std::string::npos) << message;
  EXPECT_NE(message.find("king.capture"), std::string::npos) << message;
  EXPECT_FALSE(std::filesystem::exists(fresh));
}

// A study whose games were committed as a games file resumes from them in a fresh folder
// (records import), on any machine: nothing is played again, and a changed study is refused
// there as in its own folder, leaving the folder as it was.
TEST(BalanceResume, AStudyResumesFromItsGamesFileInAFreshFolder) {
  const std::string dir = freshDir("balance_exported");
  const std::string file = ::testing::TempDir() + "/balance_exported_study.yaml";
  std::string text = readFile(studyConfig("resume.yaml"));
  text.replace(text.find("max_games: 20"), 13, "max_games: 8");
  writeFile(file, text);
  runBalance(file, dir, false);
  const Games played = storedGames(dir);
  const std::string games = ::testing::TempDir() + "/balance_exported.jsonl";
  {
    const RecordStore store(StudyPaths::of(dir).records);
    writeGameFile(games, gamesOfStore(store, {}));
  }
  const std::string fresh = freshDir("balance_imported");
  {
    RecordStore store(StudyPaths::of(fresh).records);
    EXPECT_EQ(importGames(store, readGameFile(games), games).added, 16);
  }
  runBalance(file, fresh, false);
  EXPECT_EQ(storedGames(fresh), played);  // every cell had its games: none played again
  // Another opening against the imported games: refused, the folder unchanged.
  const auto before = folderBytes(fresh);
  std::string changed = text;
  changed.replace(changed.find("random_plies: 2"), 15, "random_plies: 3");
  const std::string message = errorOf([&] { runBalance(writeFile(file, changed), fresh, false); });
  EXPECT_NE(message.find("were played with other settings (random_plies changed)"), std::string::npos) << message;
  EXPECT_EQ(folderBytes(fresh), before);
  // A folder holding only the imported games (no study stored yet) refuses it by their match settings.
  const std::string bare = freshDir("balance_imported_bare");
  {
    RecordStore store(StudyPaths::of(bare).records);
    importGames(store, readGameFile(games), games);
  }
  const auto bareBefore = folderBytes(bare);
  const std::string bareMessage = errorOf([&] { runBalance(file, bare, false); });
  EXPECT_NE(bareMessage.find("were played with settings seed=3 cell="), std::string::npos) << bareMessage;
  EXPECT_EQ(folderBytes(bare), bareBefore);
}

TEST(BalanceResume, ATrainingRunsFolderIsNoStudysFolder) {
  const std::string dir = freshDir("balance_into_run");
  writeFile(dir + "/config.yaml", "variant: brandubh\n");  // what every run folder holds
  const std::string why = errorOf([&] { runBalance(studyConfig("resume.yaml"), dir, false); });
  EXPECT_NE(why.find("folder " + dir + " holds a training run (config.yaml); choose another --out"), std::string::npos) << why;
  EXPECT_FALSE(std::filesystem::exists(StudyPaths::of(dir).records));
}

}  // namespace
}  // namespace tz::test
