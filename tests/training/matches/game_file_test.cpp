// Games files: games written as text read back unchanged, replayed legal and re-scored as
// the arena tallied them; a changed move, result, rules text or key is refused naming the
// file and line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "game/registry.h"
#include "mcts/players/player_factory.h"
#include "tests/support/error_of.h"
#include "training/matches/arena.h"
#include "training/matches/game_check.h"
#include "training/matches/game_file.h"
#include "training/matches/game_import.h"
#include "training/matches/gzip_text.h"

namespace tz::test {
namespace {

// `n` games of `a` against `b` on `variant`, colours alternating as in the arena.
std::vector<FiledGame> playedGames(const std::string& variant, const std::string& a, const std::string& b, int n) {
  const auto game = loadGame(variant);
  std::vector<FiledGame> out;
  for (int round = 0; round < n; ++round) {
    auto pa = agentMaker(parseAgentSpec(a), *game)(11 + round), pb = agentMaker(parseAgentSpec(b), *game)(101 + round);
    GameRecord r = round % 2 == 0 ? playGame(*game, *pa, *pb) : playGame(*game, *pb, *pa);
    r.tag = "t";
    r.round = round;
    out.push_back({r, "seed=1 random_plies=0", {}});
  }
  return out;
}

std::string tempFile(const std::string& name) { return ::testing::TempDir() + "/" + name; }

std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void writeText(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

TEST(GameFile, WrittenGamesReadBackAndRescoreAsTheArenaTalliedThem) {
  const auto games = playedGames("brandubh", "greedy", "random", 6);
  const std::string path = tempFile("brandubh.jsonl");
  writeGameFile(path, games);
  const auto read = readGameFile(path);
  ASSERT_EQ(read.size(), games.size());
  std::vector<GameRecord> records;
  for (size_t i = 0; i < games.size(); ++i) {
    const GameRecord &w = games[i].record, &r = read[i].record;
    EXPECT_EQ(r.tag, w.tag);
    EXPECT_EQ(r.round, w.round);
    EXPECT_EQ(r.players[0], w.players[0]);
    EXPECT_EQ(r.players[1], w.players[1]);
    EXPECT_EQ(r.winner, w.winner);
    EXPECT_EQ(r.reason, w.reason);
    EXPECT_EQ(r.moves, w.moves);
    EXPECT_EQ(r.plies, w.plies);
    EXPECT_EQ(r.rules, w.rules);
    EXPECT_EQ(read[i].settings, "seed=1 random_plies=0");
    records.push_back(w);
  }
  // One rules line for six games of one variant.
  const std::string text = readText(path);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1 + 1 + 6);
  const GameFileCheck check = checkGames(read, path);
  EXPECT_EQ(check.games, 6);
  ASSERT_EQ(check.pairings.size(), 1u);
  const MatchTally arena = tallyMatch(records);
  for (int side = 0; side < 2; ++side) {
    EXPECT_EQ(check.pairings[0].tally.bySide[side].wins, arena.bySide[side].wins);
    EXPECT_EQ(check.pairings[0].tally.bySide[side].draws, arena.bySide[side].draws);
    EXPECT_EQ(check.pairings[0].tally.bySide[side].losses, arena.bySide[side].losses);
  }
  EXPECT_EQ(check.pairings[0].a, "greedy");
  EXPECT_EQ(check.pairings[0].sideNames[0], "attackers");
}

TEST(GameFile, OnePairingOverSeveralRuleSetsIsAlsoTalliedPerTag) {
  // The same two players on two rule sets, one tag each (a rule-conditioned agent's
  // measurement): the pairing pools them, and each tag keeps its own tally.
  std::vector<FiledGame> games = playedGames("brandubh", "greedy", "random", 4);
  for (FiledGame& g : playedGames("linnaeus", "greedy", "random", 2)) {
    g.record.tag = "u";
    games.push_back(g);
  }
  const std::string path = tempFile("two_rule_sets.jsonl");
  writeGameFile(path, games);
  const GameFileCheck check = checkGames(readGameFile(path), path);
  ASSERT_EQ(check.pairings.size(), 1u);
  const PairingTally& p = check.pairings[0];
  ASSERT_EQ(p.tags.size(), 2u);
  EXPECT_EQ(p.tags[0].tag, "t");
  EXPECT_EQ(p.tags[1].tag, "u");
  EXPECT_EQ(p.tags[0].tally.overall().games(), 4);
  EXPECT_EQ(p.tags[1].tally.overall().games(), 2);
  for (int side = 0; side < 2; ++side) {
    EXPECT_EQ(p.tags[0].tally.bySide[side].wins + p.tags[1].tally.bySide[side].wins, p.tally.bySide[side].wins);
    EXPECT_EQ(p.tags[0].tally.bySide[side].losses + p.tags[1].tally.bySide[side].losses, p.tally.bySide[side].losses);
  }
}

TEST(GameFile, APairingIsTalliedFromTheSideOfThePlayerAskedFor) {
  const std::string path = tempFile("pairing.jsonl");
  writeGameFile(path, playedGames("brandubh", "greedy", "random", 6));
  const GameFileCheck check = checkGames(readGameFile(path), path);
  const PairingTally greedy = pairingOf(check, "greedy", "random", path);
  const PairingTally random = pairingOf(check, "random", "greedy", path);
  EXPECT_EQ(random.a, "random");
  for (int side = 0; side < 2; ++side) {
    // Random as side s met greedy as the other side: its wins are greedy's losses there.
    EXPECT_EQ(random.tally.bySide[side].wins, greedy.tally.bySide[1 - side].losses);
    EXPECT_EQ(random.tally.bySide[side].draws, greedy.tally.bySide[1 - side].draws);
    EXPECT_EQ(random.tally.bySide[side].losses, greedy.tally.bySide[1 - side].wins);
    EXPECT_EQ(random.tags[0].tally.bySide[side].wins, greedy.tags[0].tally.bySide[1 - side].losses);
  }
  EXPECT_GT(greedy.tally.overall().wins, 0);
  EXPECT_NE(errorOf([&] { pairingOf(check, "greedy", "mcts", path); }).find("holds no game of 'greedy' against 'mcts'"),
            std::string::npos);
}

TEST(GameFile, MorrisGamesWithRemovalsReplay) {
  const auto games = playedGames("morris", "random", "greedy", 4);
  const std::string path = tempFile("morris.jsonl");
  writeGameFile(path, games);
  const GameFileCheck check = checkGames(readGameFile(path), path);
  EXPECT_EQ(check.games, 4);
  EXPECT_GT(check.plies, 0);
}

// The file with the first game's line changed by `edit`.
std::string editedFirstGame(const std::string& name, const std::function<std::string(std::string)>& edit) {
  const std::string path = tempFile(name);
  writeGameFile(path, playedGames("brandubh", "greedy", "random", 2));
  std::istringstream in(readText(path));
  std::string out, line;
  for (int n = 1; std::getline(in, line); ++n) out += (n == 3 ? edit(line) : line) + "\n";
  writeText(path, out);
  return path;
}

TEST(GameFile, AnIllegalMoveIsRefusedNamingTheGameAndPly) {
  const std::string path = editedFirstGame("illegal.jsonl", [](std::string line) {
    // The first move played twice: the second time it is the other side's turn.
    const std::smatch m = [&] {
      std::smatch s;
      std::regex_search(line, s, std::regex("\"moves\":\"([^ \"]+)"));
      return s;
    }();
    return std::regex_replace(line, std::regex("\"moves\":\""), "\"moves\":\"" + m[1].str() + " ");
  });
  expectError([&] { checkGames(readGameFile(path), path); }, "round 0: ply 2:");
  expectError([&] { checkGames(readGameFile(path), path); }, path);
}

TEST(GameFile, AResultTheRulesDoNotGiveIsRefused) {
  const std::string path = editedFirstGame("result.jsonl", [](std::string line) {
    const bool attackers = line.find("\"result\":\"attackers\"") != std::string::npos;
    return std::regex_replace(line, std::regex("\"result\":\"[a-z]+\""),
                              attackers ? "\"result\":\"defenders\"" : "\"result\":\"attackers\"");
  });
  expectError([&] { checkGames(readGameFile(path), path); }, "the recorded result is");
}

TEST(GameFile, MalformedLinesAreRefusedNamingFileAndLine) {
  const std::string unknown = editedFirstGame("unknown.jsonl", [](std::string line) {
    return "{\"colour\":1," + line.substr(1);
  });
  expectError([&] { readGameFile(unknown); }, "line 3: unknown key 'colour'");
  const std::string missing = editedFirstGame("missing.jsonl", [](std::string line) {
    return std::regex_replace(line, std::regex("\"reason\":\"[a-z_]+\","), "");
  });
  expectError([&] { readGameFile(missing); }, "line 3: missing key 'reason'");
  const std::string notJson = editedFirstGame("notjson.jsonl", [](std::string line) { return line.substr(2); });
  expectError([&] { readGameFile(notJson); }, "line 3: not JSON");
  // The rules text edited under its hash.
  const std::string path = tempFile("rules.jsonl");
  writeGameFile(path, playedGames("brandubh", "greedy", "random", 1));
  writeText(path, std::regex_replace(readText(path), std::regex("size: 7"), "size: 9"));
  expectError([&] { readGameFile(path); }, "line 2: the rules text's hash is");
  expectError([&] { readGameFile(tempFile("no-such-file.jsonl")); }, "no-such-file.jsonl");
}

TEST(GameFile, AGzPathIsWrittenCompressedAndReadsBackAsThePlainFile) {
  const auto games = playedGames("brandubh", "greedy", "random", 20);
  const std::string plain = tempFile("gz-plain.jsonl"), packed = tempFile("gz-packed.jsonl.gz");
  writeGameFile(plain, games);
  writeGameFile(packed, games);
  const std::string text = readText(plain), bytes = readText(packed);
  ASSERT_GE(bytes.size(), 2u);
  EXPECT_EQ(static_cast<unsigned char>(bytes[0]), 0x1f);
  EXPECT_EQ(static_cast<unsigned char>(bytes[1]), 0x8b);
  EXPECT_LT(bytes.size() * 2, text.size());
  EXPECT_EQ(gunzipText(bytes, "test", 1 << 20), text);
  // The same games give the same bytes: a re-export leaves git nothing to commit.
  writeGameFile(packed, games);
  EXPECT_EQ(readText(packed), bytes);
  const auto read = readGameFile(packed);
  ASSERT_EQ(read.size(), games.size());
  for (size_t i = 0; i < games.size(); ++i) EXPECT_EQ(read[i].record.moves, games[i].record.moves);
  // gzip's own concatenation (`cat a.gz b.gz`) reads as the texts one after the other.
  EXPECT_EQ(gunzipText(gzipText("ab") + gzipText("cd"), "test", 100), "abcd");
}

TEST(GameFile, ACutOrCorruptGzFileIsRefusedNamingIt) {
  const std::string packed = tempFile("cut.jsonl.gz");
  writeGameFile(packed, playedGames("brandubh", "greedy", "random", 4));
  const std::string bytes = readText(packed);
  writeText(packed, bytes.substr(0, bytes.size() / 2));
  expectError([&] { readGameFile(packed); }, "cut.jsonl.gz is not whole gzip data (truncated)");
  std::string corrupt = bytes;
  for (size_t i = 10; i < corrupt.size() - 8; ++i) corrupt[i] = char(corrupt[i] ^ 0x5a);
  writeText(packed, corrupt);
  expectError([&] { readGameFile(packed); }, "cut.jsonl.gz is not whole gzip data (corrupt)");
  expectError([&] { gunzipText(gzipText(std::string(5000, 'x')), "bomb", 4096); }, "bomb inflates to more than 4096 bytes");
}

// A game of greedy against random on ashton as a server's game: its boards the positions
// after each ply, the start first.
FiledGame serverGame() {
  FiledGame filed = playedGames("ashton", "greedy", "random", 1)[0];
  const auto game = loadGame("ashton");
  auto state = game->newGame();
  filed.boards.push_back(state->record());
  std::istringstream moves(filed.record.moves);
  std::vector<Action> legal;
  for (std::string move; moves >> move;) {
    state->legalActions(legal);
    for (const Action a : legal) {
      if (state->actionName(a) != move) continue;
      state->apply(a);
      break;
    }
    filed.boards.push_back(state->record());
  }
  return filed;
}

TEST(GameFile, AServersGameIsReplayedAgainstTheBoardsItSent) {
  const FiledGame served = serverGame();
  ASSERT_EQ(served.boards.size(), size_t(served.record.plies) + 1);
  const std::string path = tempFile("served.jsonl");
  writeGameFile(path, {served});
  EXPECT_EQ(readText(path).substr(0, readText(path).find('\n')), "{\"taflzero_games\":2}");
  const auto read = readGameFile(path);
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].boards, served.boards);
  EXPECT_EQ(checkGames(read, path).games, 1);
  // A file without a server's game is still version 1, and version 1 has no boards.
  const std::string plain = tempFile("unserved.jsonl");
  writeGameFile(plain, playedGames("brandubh", "greedy", "random", 1));
  EXPECT_EQ(readText(plain).substr(0, readText(plain).find('\n')), "{\"taflzero_games\":1}");
  writeText(path, std::regex_replace(readText(path), std::regex("\\{\"taflzero_games\":2\\}"), "{\"taflzero_games\":1}"));
  expectError([&] { readGameFile(path); }, "line 3: unknown key 'boards'");
  // A board other than the moves give, or one too few, is refused.
  FiledGame changed = served;
  changed.boards[3] = changed.boards[5];
  expectError([&] { checkGames({changed}, "edited"); }, "the board after ply 3 is");
  FiledGame cut = served;
  cut.boards.pop_back();
  expectError([&] { checkGames({cut}, "edited"); }, "boards for " + std::to_string(served.record.plies) + " plies");
  // A database keeps no boards: importing a server's game is refused, nothing stored.
  RecordStore store(tempFile("served.db"));
  expectError([&] { importGames(store, {served}, path); }, "stays in its games file; a database keeps no boards");
  EXPECT_TRUE(store.tags("").empty());
}

TEST(GameFile, AForfeitIsAServersJudgementWhereTheRulesGoOn) {
  FiledGame forfeit = serverGame();
  GameRecord& g = forfeit.record;
  ASSERT_GE(g.plies, 4);
  // The game cut after 3 plies, won by the attackers on the defenders' timeout.
  std::istringstream moves(g.moves);
  std::string first3, move;
  for (int i = 0; i < 3 && moves >> move; ++i) first3 += (i ? " " : "") + move;
  g.moves = first3;
  g.plies = 3;
  forfeit.boards.resize(4);
  g.reason = kForfeit;
  g.winner = 0;
  const GameFileCheck check = checkGames({forfeit}, "forfeit");
  EXPECT_EQ(check.forfeits, 1);
  EXPECT_EQ(check.pairings[0].tally.overall().games(), 1);
  FiledGame drawn = forfeit;
  drawn.record.winner = -1;
  expectError([&] { checkGames({drawn}, "forfeit"); }, "a forfeit is won by a side, not drawn");
  FiledGame unserved = forfeit;
  unserved.boards.clear();
  expectError([&] { checkGames({unserved}, "forfeit"); }, "only a server's game (with its boards) ends by a forfeit");
  FiledGame ended = serverGame();
  ended.record.reason = kForfeit;
  expectError([&] { checkGames({ended}, "forfeit"); }, "recorded as a forfeit, but the rules end the game");
}

}  // namespace
}  // namespace tz::test
