// `taflzero arena` and `taflzero play` through the real binary: the JSON summary, random
// opening plies, bad player specs, and a terminal game fed from a file (illegal input explained, quit, EOF).
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "tests/cli/cli_runner.h"
#include "training/matches/arena.h"
#include "training/matches/records.h"

namespace tz::test {
namespace {

// A file holding `text`, for a command's stdin.
std::string inputFile(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// The move lists of a match's games by round, from its database.
std::set<std::string> distinctGames(const std::string& db) {
  std::set<std::string> games;
  for (const auto& g : RecordStore(db).gamesByTag("uniform-mcts:sims=8 vs uniform-mcts:sims=8 on brandubh"))
    games.insert(g.moves);
  return games;
}

TEST(ArenaCli, RandomOpeningPliesMakeDeterministicPlayersPlayDifferentGames) {
  const std::string players = "arena --variant brandubh --a uniform-mcts:sims=8 --b uniform-mcts:sims=8 --games 4 ";
  for (const int plies : {0, 2}) {
    const std::string db = ::testing::TempDir() + "/arena_random_plies_" + std::to_string(plies) + ".db";
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
    const auto r = runCli(players + "--random-plies " + std::to_string(plies) + " --db " + db);
    ASSERT_EQ(r.code, 0) << r.out;
    // Noise-free searches repeat one game; random first plies give four.
    EXPECT_EQ(distinctGames(db).size(), plies == 0 ? 1u : 4u) << plies;
  }
  EXPECT_NE(runCli(players + "--random-plies 5000 --db " + ::testing::TempDir() + "/x.db").code, 0);
}

TEST(ArenaCli, JsonSummaryAddsUp) {
  const std::string db = ::testing::TempDir() + "/arena_cli.db";
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
  auto r = runCli("arena --variant brandubh --a greedy --b random --games 6 --seed 2 --json --db " + db, false);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["games"], 6);
  EXPECT_EQ(j["played"], 6);
  EXPECT_EQ(j["tag"], "greedy vs random on brandubh");
  const auto& all = j["overall"];
  EXPECT_EQ(all["wins"].get<int>() + all["draws"].get<int>() + all["losses"].get<int>(), 6);
  EXPECT_EQ(j["sides"]["attackers"]["games"], 3);
  EXPECT_EQ(j["sides"]["defenders"]["games"], 3);
  EXPECT_EQ(j["sides"]["attackers"]["wins"].get<int>() + j["sides"]["defenders"]["wins"].get<int>(),
            all["wins"].get<int>());
  EXPECT_LE(all["score_low"].get<double>(), all["score"].get<double>());
  EXPECT_GE(all["score_high"].get<double>(), all["score"].get<double>());
  // The same command again finds the match complete and plays nothing.
  auto again = runCli("arena --variant brandubh --a greedy --b random --games 6 --seed 2 --json --db " + db, false);
  EXPECT_EQ(nlohmann::json::parse(again.out)["played"], 0);
  EXPECT_EQ(nlohmann::json::parse(again.out)["overall"], all);
}

// Progress on a stderr that is no terminal (a pipe here, a log file in use) is plain lines,
// not one line rewritten with carriage returns (issue 76).
TEST(ArenaCli, ProgressIntoAFileIsPlainLines) {
  const std::string db = ::testing::TempDir() + "/progress_" + std::to_string(getpid()) + ".db";
  std::remove(db.c_str());
  const CliResult r = runShell("(" + std::string(std::getenv("TAFLZERO_BIN")) +
                               " arena --variant brandubh --a greedy --b random --games 4 --db " + db + " 2>&1 >/dev/null)");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.find('\r'), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("4/4 games"), std::string::npos) << r.out;
  std::remove(db.c_str());
}

TEST(ArenaCli, ATimePerMoveIsPartOfTheMatchsSettings) {
  const std::string db = ::testing::TempDir() + "/arena_move_ms.db";
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
  const std::string match = "arena --variant brandubh --a uniform-mcts --b alphabeta:ms=100 --games 2 --tag t --db " + db;
  const auto r = runCli(match + " --move-ms 20");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(RecordStore(db).meta(matchSettingsKey("t")), "seed=1 random_plies=0 move_ms=20");
  // The match resumes only at its own time per move.
  const auto other = runCli(match + " --move-ms 30");
  EXPECT_EQ(other.code, 2) << other.out;
  EXPECT_NE(other.out.find("move_ms=20"), std::string::npos) << other.out;
  EXPECT_EQ(runCli(match + " --move-ms 20").code, 0);
  EXPECT_NE(runCli(match + " --move-ms -1").code, 0);
}

TEST(ArenaCli, DatabasesThatAreNotFilesAreRefusedBeforeSqliteOpensThem) {
  const std::string dir = ::testing::TempDir() + "/arena-fifo";
  std::filesystem::create_directories(dir);
  const std::string fifo = dir + "/fifo.db";
  std::filesystem::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expectOneLineError("arena --variant brandubh --a random --b random --games 2 --db " + fifo,
                     "records database " + fifo + " is a pipe; name a file to write");
  EXPECT_FALSE(std::filesystem::exists(fifo + "-journal"));
  EXPECT_TRUE(std::filesystem::is_fifo(fifo));
}

TEST(ArenaCli, StoredRulesThatAreNotYamlNameTheDatabaseTagAndRound) {
  const std::string db = ::testing::TempDir() + "/arena-garbage.db";
  std::filesystem::remove(db);
  const std::string match = "arena --variant brandubh --a random --b random --games 2 --tag T --db " + db;
  ASSERT_EQ(runCli(match).code, 0);
  ASSERT_EQ(runShell("sqlite3 " + db + " \"update games set rules='garbage: [' where round=1\"").code, 0);
  // The arena's log line comes first; the error is the last line, and names its place.
  const CliResult r = runCli(match);
  EXPECT_EQ(r.code, 2) << r.out;
  const std::string last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
  EXPECT_EQ(last.rfind("taflzero: error: records " + db + ": tag 'T' round 1: the stored rules: malformed YAML", 0), 0u)
      << r.out;
}

TEST(ArenaCli, UnknownPlayerIsAOneLineError) {
  auto r = runCli("arena --variant brandubh --a greedy --b minimax --games 2 --db /dev/null");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.out.find("unknown player 'minimax': expected one of"), std::string::npos) << r.out;
}

// A NUL byte in a move cut the explanation short at it (issue 38, item 8).
TEST(PlayCli, ShowsNulBytesOfAMoveAsQuestionMarks) {
  const auto in = inputFile("play_nul.txt", std::string("d7\0-e7\nquit\n", 12));
  auto r = runCli("play --variant brandubh --human attackers --opponent random < " + in);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("malformed move 'd7?-e7': expected"), std::string::npos) << r.out;
}

TEST(PlayCli, ExplainsIllegalInputAndQuits) {
  const auto in = inputFile("play_input.txt", "zz\na1-a2\nmoves\nd7-e7\nquit\nd6-f6\n");
  auto r = runCli("play --variant brandubh --human attackers --opponent random < " + in);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("malformed move 'zz'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("illegal move 'a1-a2'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("d7-e7 "), std::string::npos) << r.out;  // listed by 'moves'
  EXPECT_NE(r.out.find("random (defenders) plays"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Game over"), std::string::npos);
  EXPECT_NE(r.out.find("stopped after 2 plies: the game has no result\n"), std::string::npos) << r.out;
}

// `undo` takes back the person's last move and the reply; `help` lists the commands.
TEST(PlayCli, UndoTakesBackAMoveAndItsReply) {
  const auto in = inputFile("play_undo.txt", "undo\nd7-e7\nundo\nhelp\nd7-c7\nquit\n");
  auto r = runCli("play --variant brandubh --human attackers --opponent greedy < " + in);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("nothing to undo"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("undo: take back your last move and the reply"), std::string::npos) << r.out;
  // d7-c7 is legal only if d7-e7 was taken back: then two plies stand, d7-c7 and its reply.
  EXPECT_EQ(r.out.find("illegal move"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stopped after 2 plies"), std::string::npos) << r.out;
}

TEST(PlayCli, EndOfInputEndsCleanly) {
  const auto in = inputFile("play_empty.txt", "");
  auto r = runCli("play --variant linnaeus --opponent greedy --human attackers < " + in);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("greedy (defenders) plays"), std::string::npos) << r.out;  // defenders move first
  EXPECT_NE(r.out.find("input ended after 1 plies: the game has no result\n"), std::string::npos) << r.out;
}

TEST(PlayCli, PlaysAGameToTheEnd) {
  // A ply limit of 4 ends the game after two moves each; a move made illegal by the
  // opponent's reply is explained and the next line is tried.
  const auto in = inputFile("play_short.txt", "a4-a5\na5-a4\nb4-b5\ng4-g5\n");
  auto r = runCli("play --variant brandubh --set ply_limit=4 --opponent greedy --human attackers < " + in);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("Game over: draw (ply_limit)"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace tz::test
