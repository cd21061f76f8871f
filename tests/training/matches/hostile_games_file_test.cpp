// Games files from a stranger (issue 75): every reader refuses, in one line naming the file
// and the line, a game given twice at its tag and round, JSON nested 10^5 deep or with a key
// given twice, a rules text past its bound, a line or an inflated text past theirs, and a pipe;
// every game is counted once, a server's forfeits apart.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "game/registry.h"
#include "mcts/players/player_factory.h"
#include "tests/support/error_of.h"
#include "training/matches/arena.h"
#include "training/matches/digest.h"
#include "training/matches/game_check.h"
#include "training/matches/game_file.h"
#include "training/matches/game_import.h"
#include "training/matches/gzip_text.h"
#include "training/matches/text_lines.h"

namespace tz::test {
namespace {

std::string tempFile(const std::string& name) {
  const std::string path = ::testing::TempDir() + "/hostile_" + name;
  std::filesystem::remove(path);
  return path;
}

std::string readText(const std::string& path) {
  std::stringstream s;
  s << std::ifstream(path, std::ios::binary).rdbuf();
  return s.str();
}

void writeText(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// A games file of two greedy-against-random games on brandubh; its lines.
std::vector<std::string> twoGameLines() {
  const auto game = loadGame("brandubh");
  std::vector<FiledGame> games;
  for (int round = 0; round < 2; ++round) {
    auto a = agentMaker(parseAgentSpec("greedy"), *game)(11 + round), b = agentMaker(parseAgentSpec("random"), *game)(101 + round);
    GameRecord r = playGame(*game, *a, *b);
    r.tag = "t";
    r.round = round;
    games.push_back({r, "seed=1", {}});
  }
  const std::string path = tempFile("two.jsonl");
  writeGameFile(path, games);
  std::istringstream in(readText(path));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;  // format, rules, game 0, game 1
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  return text;
}

TEST(HostileGamesFile, AGameGivenTwiceIsRefusedNamingBothLinesByEveryReader) {
  std::vector<std::string> lines = twoGameLines();
  lines.push_back(lines[2]);  // game 0 again, on line 5
  const std::string path = tempFile("twice.jsonl");
  writeText(path, joined(lines));
  const std::string message = "line 5: tag 't' round 0 is given twice (lines 3 and 5)";
  expectError([&] { readGameFile(path); }, message);
  expectError([&] { checkGameFile(path); }, message);
  GameImport import(nullptr);
  expectError([&] { import.addFile(path); }, message);
}

TEST(HostileGamesFile, DeepOrRepeatedJsonIsRefusedWhileParsing) {
  std::vector<std::string> lines = twoGameLines();
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  lines.push_back(deep);
  const std::string path = tempFile("deep.jsonl");
  writeText(path, joined(lines));
  expectError([&] { checkGameFile(path); }, "line 5: JSON nested deeper than");
  lines.back() = "{\"tag\":\"t\"," + lines[3].substr(1);  // "tag" given twice
  writeText(path, joined(lines));
  expectError([&] { checkGameFile(path); }, "line 5: JSON key 'tag' given twice in one object");
}

TEST(HostileGamesFile, ARulesTextPastItsBoundIsRefused) {
  std::vector<std::string> lines = twoGameLines();
  const std::string yaml = "variant: brandubh\npadding: [" + std::string(70000, '0') + "]\n";
  lines[1] = "{\"rules\":\"" + rulesHash(yaml) + "\",\"variant\":\"brandubh\",\"yaml\":\"" +
             std::regex_replace(yaml, std::regex("\n"), "\\n") + "\"}";
  const std::string path = tempFile("long-rules.jsonl");
  writeText(path, joined(lines));
  expectError([&] { readGameFile(path); }, "line 2: rules " + rulesHash(yaml) + ": the rules text is too long (");
}

TEST(HostileGamesFile, AGzipBombStopsAtTheLongLineItInflatesTo) {
  // 8 MB of one line compress to a few kilobytes; reading stops past the 4 MB a line may hold.
  const std::string path = tempFile("bomb.jsonl.gz");
  writeText(path, gzipText("{\"taflzero_games\":1}\n" + std::string(size_t(8) << 20, ' ')));
  EXPECT_LT(std::filesystem::file_size(path), 100000u);
  expectError([&] { checkGameFile(path); }, "bomb.jsonl.gz has a line longer than 4194304 bytes");
}

TEST(HostileGamesFile, TheInflatedTextIsCappedWithoutHoldingIt) {
  const std::string path = tempFile("many-lines.gz");
  std::string text;
  for (int i = 0; i < 200000; ++i) text += "line\n";
  writeText(path, gzipText(text));
  FileLines lines(path, "the file", 100000, 100);
  std::string line;
  int read = 0;
  expectError([&] {
    while (lines.next(line)) ++read;
  }, "the file holds more than 100000 bytes of text once inflated");
  EXPECT_LT(read, 20000);
  FileLines all(path, "the file", text.size(), 100);
  read = 0;
  while (all.next(line)) ++read;
  EXPECT_EQ(read, 200000);
}

TEST(HostileGamesFile, APipeIsRefusedNotWaitedOn) {
  const std::string fifo = tempFile("pipe.jsonl");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expectError([&] { checkGameFile(fifo); }, "is a pipe, not a regular file");
  expectError([&] { fileSha256Hex(fifo); }, "is a pipe, not a regular file");
  expectError([&] { fileSha256Hex("/dev/zero"); }, "is a device, not a regular file");
}

}  // namespace
}  // namespace tz::test
