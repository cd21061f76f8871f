// Hostile files from a stranger through the command line (issue 75), with the address space
// capped as `ulimit -v 2000000` caps it: each gives one line naming the file and exit 2, and
// nothing but the named output changes (a refused import makes no database); so does a disk
// that fills while a command writes. A server's forfeits count only when asked for.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>

#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

// Lowers a resource limit of this process, and so of the commands it starts, for the guard's
// life: RLIMIT_AS as `ulimit -v` does, RLIMIT_FSIZE as a full disk does to a file's growth
// (SIGXFSZ ignored meanwhile, so that a write fails instead of killing the writer).
class ResourceCap {
 public:
  ResourceCap(int resource, rlim_t value) : resource_(resource) {
    getrlimit(resource_, &before_);
    rlimit capped = before_;
    capped.rlim_cur = std::min(value, before_.rlim_max);
    if (resource_ == RLIMIT_FSIZE) signal_ = signal(SIGXFSZ, SIG_IGN);
    setrlimit(resource_, &capped);
  }
  ~ResourceCap() {
    setrlimit(resource_, &before_);
    if (resource_ == RLIMIT_FSIZE) signal(SIGXFSZ, signal_);
  }

 private:
  int resource_;
  rlimit before_{};
  sighandler_t signal_ = SIG_DFL;
};

// Every file under `dir` with its size: what a command may not change.
std::map<std::string, uintmax_t> filesUnder(const fs::path& dir) {
  std::map<std::string, uintmax_t> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    files[e.path().string()] = e.is_regular_file() ? e.file_size() : 0;
  }
  return files;
}

void writeText(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// A gzip file whose one line inflates to `megabytes` MiB of spaces.
void writeGzipBomb(const fs::path& path, int megabytes) {
  gzFile out = gzopen(path.c_str(), "wb9");
  ASSERT_NE(out, nullptr);
  const std::string chunk(1 << 20, ' ');
  for (int i = 0; i < megabytes; ++i) gzwrite(out, chunk.data(), unsigned(chunk.size()));
  gzclose(out);
}

class HostileFilesCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) / ("hostile_cli_" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // `taflzero ARGS` under the cap: one line naming `file` and holding `fragment`, exit 2,
  // every file under the test's folder as it was.
  void expectRefused(const std::string& args, const std::string& file, const std::string& fragment) {
    const auto before = filesUnder(dir_);
    {
      ResourceCap cap(RLIMIT_AS, rlim_t(2000000) * 1024);
      expectOneLineError(args, fragment);
      expectOneLineError(args, file);
    }
    EXPECT_EQ(filesUnder(dir_), before) << args;
  }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

TEST_F(HostileFilesCli, EachHostileGamesFileIsOneLineAndExit2UnderTheCap) {
  writeGzipBomb(path("bomb.jsonl.gz"), 400);
  expectRefused("records check " + path("bomb.jsonl.gz"), "bomb.jsonl.gz", "longer than");
  expectRefused("records import --db " + path("new/i.sqlite") + " " + path("bomb.jsonl.gz"), "bomb.jsonl.gz",
                "longer than");
  EXPECT_FALSE(fs::exists(path("new")));
  writeText(path("deep.jsonl"), std::string(100000, '[') + std::string(100000, ']') + "\n");
  expectRefused("records check " + path("deep.jsonl"), "deep.jsonl", "nested deeper than");
  writeText(path("keys.jsonl"), "{\"taflzero_games\": 1, \"taflzero_games\": 1}\n");
  expectRefused("records check " + path("keys.jsonl"), "keys.jsonl", "given twice in one object");
  ASSERT_EQ(mkfifo(path("pipe.jsonl").c_str(), 0600), 0);
  expectRefused("records check " + path("pipe.jsonl"), "pipe.jsonl", "is a pipe");
  // A committed games file with its first game given twice.
  const CliResult head = runShell("gzip -dc " + std::string(TAFLZERO_SOURCE_DIR) +
                                  "/docs/studies/linnaeus-candidates/games.jsonl.gz | head -n 8");
  ASSERT_EQ(head.code, 0) << head.out;
  const size_t game = head.out.find("{\"moves\"");
  ASSERT_NE(game, std::string::npos) << head.out.substr(0, 400);
  const std::string firstGame = head.out.substr(game, head.out.find('\n', game) + 1 - game);
  writeText(path("twice.jsonl"), head.out.substr(0, game) + firstGame + firstGame);
  expectRefused("records check " + path("twice.jsonl"), "twice.jsonl", "given twice");
}

TEST_F(HostileFilesCli, EachHostileYamlFileIsOneLineAndExit2UnderTheCap) {
  writeText(path("large.yaml"), "base: brandubh\n#" + std::string(2000000, 'x') + "\n");
  expectRefused("perft --variant " + path("large.yaml") + " --depth 1", "large.yaml", "too large");
  std::string laughs = "base: brandubh\na: &a [x, x, x, x, x, x, x, x, x, x]\n";
  for (int level = 1; level <= 12; ++level) {
    const std::string name = "l" + std::to_string(level), below = level == 1 ? "a" : "l" + std::to_string(level - 1);
    laughs += name + ": &" + name + " [";
    for (int i = 0; i < 10; ++i) laughs += (i ? ", *" : "*") + below;
    laughs += "]\n";
  }
  writeText(path("laughs.yaml"), laughs);
  expectRefused("perft --variant " + path("laughs.yaml") + " --depth 1", "laughs.yaml", "aliases");
  // A model folder whose card is past the YAML bound.
  fs::copy(fs::path(TAFLZERO_SOURCE_DIR) / "models" / "brandubh", path("brandubh"), fs::copy_options::recursive);
  std::ofstream(path("brandubh/card.yaml"), std::ios::app) << "#" << std::string(2000000, 'x') << "\n";
  expectRefused("models verify " + path("brandubh"), "card.yaml", "too large");
}

// A disk that fills while a command writes (files held to 20 KB): one line naming the file,
// exit 2, and nothing left behind, neither a database nor a temporary beside a model's games.
TEST_F(HostileFilesCli, AFullDiskIsOneLineAndLeavesNothingBehind) {
  const std::string source = TAFLZERO_SOURCE_DIR;
  fs::copy(fs::path(source) / "models" / "brandubh", path("brandubh"), fs::copy_options::recursive);
  fs::copy_file(path("brandubh/games/vs-mcts1000.jsonl"), path("again.jsonl"));
  const auto before = filesUnder(dir_);
  {
    ResourceCap cap(RLIMIT_FSIZE, 20 * 1024);
    expectOneLineError("records import --db " + path("new/i.sqlite") + " " + source +
                           "/docs/studies/linnaeus-candidates/games.jsonl.gz",
                       "new/i.sqlite");
    expectOneLineError("models score " + path("brandubh") + " --games " + path("again.jsonl") +
                           " --opponent mcts:sims=1000 --command arena --conditions test --force",
                       "brandubh/games/again.jsonl");
  }
  EXPECT_EQ(filesUnder(dir_), before);
}

// A server's forfeit counts in a card's row only when asked for (--forfeits), and the row
// then says how many: 50 two-ply forfeits must not score as wins unnoticed.
TEST_F(HostileFilesCli, ForfeitsJoinACardsRowOnlyWhenAskedForAndAreShown) {
  const fs::path source = fs::path(TAFLZERO_SOURCE_DIR) / "models" / "ashton";
  fs::copy(source, path("ashton"), fs::copy_options::recursive);
  std::ifstream in(source / "games" / "vs-champion.jsonl");
  std::string text, line;
  bool cut = false;
  while (std::getline(in, line)) {
    nlohmann::json j = nlohmann::json::parse(line);
    if (!cut && j.contains("boards")) {  // the first game, ended by a forfeit after 3 plies
      std::string moves = j["moves"], three;
      std::istringstream words(moves);
      for (int i = 0; i < 3 && words >> moves; ++i) three += (i ? " " : "") + moves;
      j["moves"] = three;
      j["boards"].erase(j["boards"].begin() + 4, j["boards"].end());
      j["reason"] = "forfeit";
      j["result"] = "attackers";
      cut = true;
    }
    text += j.dump() + "\n";
  }
  ASSERT_TRUE(cut);
  writeText(path("forfeit.jsonl"), text);
  const std::string score = "models score " + path("ashton") + " --games " + path("forfeit.jsonl") +
                            " --player model:ashton,temperature_plies=4,lookahead=6 --opponent tablut.cpp@d5698d2"
                            " --command arena --conditions test --force";
  const auto before = filesUnder(dir_);
  expectOneLineError(score, "1 of the games of 'model:ashton,temperature_plies=4,lookahead=6' against "
                            "'tablut.cpp@d5698d2' ended by a forfeit");
  EXPECT_EQ(filesUnder(dir_), before);
  const CliResult counted = runCli(score + " --forfeits");
  ASSERT_EQ(counted.code, 0) << counted.out;
  std::ifstream readme(path("ashton/README.md"));
  const std::string shown((std::istreambuf_iterator<char>(readme)), std::istreambuf_iterator<char>());
  EXPECT_NE(shown.find("1 of the games ended by a forfeit"), std::string::npos) << shown;
}

}  // namespace
}  // namespace tz::test
