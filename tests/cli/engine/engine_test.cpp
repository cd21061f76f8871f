// The engine protocol (docs/ENGINE.md): every command of EngineSession, its errors, undo, a
// whole game between two sessions, thousands of fuzzed lines that must all be answered,
// the line reader, and `taflzero engine` processes (garbage on stdin, two engines playing
// each other through scripts/engine_match.py).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli/engine/engine_session.h"
#include "cli/engine/line_reader.h"
#include "game/base/error.h"
#include "game/registry.h"
#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

using cli::EngineSession;

// The lines of `text` (split at '\n', the empty last piece dropped).
std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Checks the framing of one answer: printable ASCII, info lines, one status line ("= " or
// "? "), more lines only after a success, and one empty line at the end.
void expectFramed(const std::string& answer, const std::string& input) {
  const std::string shown = "input " + quoted(input) + "\nanswer " + answer.substr(0, 300);
  ASSERT_GE(answer.size(), 4u) << shown;
  EXPECT_EQ(answer.substr(answer.size() - 2), "\n\n") << shown;
  EXPECT_EQ(answer.find("\n\n"), answer.size() - 2) << shown;
  for (const char c : answer) EXPECT_TRUE(c == '\n' || (c >= ' ' && c <= '~')) << shown;
  const auto lines = linesOf(answer.substr(0, answer.size() - 1));
  size_t status = 0;
  while (status < lines.size() && lines[status].rfind("info ", 0) == 0) ++status;
  ASSERT_LT(status, lines.size()) << shown;
  const std::string head = lines[status].substr(0, 2);
  EXPECT_TRUE(head == "= " || head == "? ") << shown;
  if (head == "? ") {
    EXPECT_EQ(lines.size(), 1u) << shown;
  }
}

// The text after "= " of the status line of a successful answer to `line`.
std::string ok(EngineSession& session, const std::string& line) {
  const std::string answer = session.handle(line);
  expectFramed(answer, line);
  for (const auto& l : linesOf(answer)) {
    if (l.rfind("info ", 0) == 0) continue;
    EXPECT_EQ(l.rfind("= ", 0), 0u) << quoted(line) << " -> " << answer;
    return l.size() >= 2 ? l.substr(2) : "";
  }
  return "";
}

// The message of the error answering `line`.
std::string refused(EngineSession& session, const std::string& line) {
  const std::string answer = session.handle(line);
  expectFramed(answer, line);
  EXPECT_EQ(answer.rfind("? ", 0), 0u) << line << " -> " << answer;
  return answer.substr(2, answer.size() - 4);
}

// A session on brandubh with `player`.
EngineSession brandubh(const std::string& player = "greedy") {
  return EngineSession("brandubh", {}, parseAgentSpec(player), 1);
}

TEST(EngineSession, AnswersTheSimpleCommands) {
  auto s = brandubh();
  EXPECT_EQ(s.handle("protocol_version"), "= 1\n\n");
  EXPECT_EQ(s.handle("name"), "= taflzero\n\n");
  const std::string help = s.handle("help");
  for (const char* usage : {"protocol_version", "variant [NAME|PATH [key=value ...]]", "position startpos",
                            "play MOVE", "genmove [sims N] [ms T]", "legal", "show", "undo", "result",
                            "player [SPEC]", "quit"}) {
    EXPECT_NE(help.find(usage), std::string::npos) << usage;
  }
  EXPECT_EQ(ok(s, "variant"), "brandubh");
  EXPECT_EQ(ok(s, "player"), "greedy");
  EXPECT_EQ(ok(s, "result"), "ongoing attackers");
  EXPECT_EQ(ok(s, "  result \t\r"), "ongoing attackers");  // blanks around words, a CRLF line
  const std::string show = s.handle("show");
  EXPECT_EQ(show.rfind("= ongoing attackers\n", 0), 0u) << show;
  EXPECT_NE(show.find("K"), std::string::npos) << show;
  EXPECT_NE(show.find("\nposition /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ attackers\n\n"), std::string::npos) << show;
  EXPECT_FALSE(s.finished());
  EXPECT_EQ(s.handle("quit"), "= \n\n");
  EXPECT_TRUE(s.finished());
}

TEST(EngineSession, LegalPlayUndoAndPositions) {
  auto s = brandubh();
  const auto game = loadGame("brandubh");
  std::string expected;
  for (const auto& t : game->newGame()->legalTurns()) expected += (expected.empty() ? "" : " ") + t;
  EXPECT_EQ(ok(s, "legal"), expected);
  EXPECT_EQ(s.handle("play d7-e7"), "= \n\n");
  EXPECT_EQ(ok(s, "result"), "ongoing defenders");
  ok(s, "genmove");
  EXPECT_EQ(ok(s, "undo"), "");  // takes back the genmove
  EXPECT_EQ(ok(s, "result"), "ongoing defenders");
  ok(s, "undo");
  EXPECT_EQ(ok(s, "legal"), expected);
  EXPECT_NE(refused(s, "undo").find("nothing to undo"), std::string::npos);

  // The position line of `show` is a command that sets the same position.
  ok(s, "play d7-e7");
  std::string show = s.handle("show");
  const std::string line = show.substr(show.rfind("\nposition ") + 1, show.size() - show.rfind("\nposition ") - 3);
  ok(s, "position startpos");
  EXPECT_EQ(ok(s, "result"), "ongoing attackers");
  EXPECT_NE(refused(s, "undo").find("nothing to undo"), std::string::npos);  // a position starts a new history
  ok(s, line);
  EXPECT_EQ(s.handle("show"), show);
  ok(s, "position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");  // the rules' first side
  EXPECT_EQ(ok(s, "result"), "ongoing attackers");
  ok(s, "position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ defenders");
  EXPECT_EQ(ok(s, "result"), "ongoing defenders");
}

// A tafl side may be named by its colour, white the defenders, as the Tablut Challenge names
// them (issue 76).
TEST(EngineSession, APositionsSideMayBeItsColour) {
  auto s = brandubh();
  ok(s, "position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ white");
  EXPECT_EQ(ok(s, "result"), "ongoing defenders");
  ok(s, "position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ black");
  EXPECT_EQ(ok(s, "result"), "ongoing attackers");
}

TEST(EngineSession, ErrorsAreOneLineAndChangeNothing) {
  auto s = brandubh();
  ok(s, "play d7-e7");
  const std::string before = s.handle("show");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "empty line"},
      {"   \t ", "empty line"},
      {"fly", "unknown command 'fly'"},
      {"PLAY d7-e7", "unknown command 'PLAY'"},
      {"play", "usage: play MOVE"},
      {"play d3-c3 d4-d5", "usage: play MOVE"},
      {"name now", "usage: name"},
      {"play zz", "malformed move 'zz'"},
      {"play d1-d2", "illegal move 'd1-d2'"},
      {"genmove sims", "budget 'sims' needs a value"},
      {"genmove sims -3", "expected a positive integer"},
      {"genmove sims 1e5", "expected a positive integer"},
      {"genmove sims 1 sims 2", "given twice"},
      {"genmove depth 3", "unknown budget 'depth'"},
      {"genmove sims 5", "player 'greedy' takes no budget 'sims'"},
      {"genmove sims 0 ms 0 x", "usage: genmove [sims N] [ms T]"},
      {"variant nowhere", "unknown variant 'nowhere'"},
      {"variant /no/such/file.yaml", "cannot open"},
      {"variant brandubh king.capture=sideways", "king.capture"},
      {"variant brandubh nokey", "expected key=value"},
      {"position", "usage: position startpos | position RECORD [SIDE]"},
      {"position /3t3/", "/3t3/"},
      {"position startpos attackers", "startpos"},
      {"player minimax", "unknown player 'minimax'"},
      {"player mcts:sims=0", "expected an integer in [1, "},
      {"player random greedy", "usage: player [SPEC]"},
      {std::string("\x01\x1b[31mred\x7f\xff", 11), "[31mred"},
      {std::string("play d7\0-e7", 11), "malformed move"},
  };
  for (const auto& [line, fragment] : cases) {
    EXPECT_NE(refused(s, line).find(fragment), std::string::npos) << quoted(line) << " -> " << s.handle(line);
    EXPECT_EQ(s.handle("show"), before) << quoted(line);
  }
  EXPECT_EQ(ok(s, "player"), "greedy");
  EXPECT_EQ(ok(s, "variant"), "brandubh");
  EXPECT_EQ(ok(s, "undo"), "");  // the history survived every error
}

// A tafl position without a king is refused like one with two (issue 38, item 7).
TEST(EngineSession, APositionWithoutAKingIsRefused) {
  auto s = brandubh();
  EXPECT_NE(refused(s, "position /7/7/7/7/7/7/7/").find("/7/7/7/7/7/7/7/': no king"), std::string::npos);
  EXPECT_NE(refused(s, "position /3t3/7/7/3T3/7/7/7/ defenders").find("no king"), std::string::npos);
  EXPECT_EQ(ok(s, "result"), "ongoing attackers");
}

TEST(EngineSession, HugeLinesAreRefusedWithoutBeingEchoed) {
  auto s = brandubh();
  const std::string huge(200000, 'a');
  const std::string answer = s.handle(huge);
  expectFramed(answer, "200000 x a");
  EXPECT_LT(answer.size(), 200u) << answer;
  EXPECT_NE(answer.find("line of 200000 bytes refused (at most 65536)"), std::string::npos) << answer;
  // A reader that kept only the start of the line passes its full length.
  EXPECT_NE(s.handle(huge.substr(0, 100), 5000000).find("line of 5000000 bytes"), std::string::npos);
  // 64 KiB is still a line: it gets an ordinary answer.
  EXPECT_NE(refused(s, "play " + std::string(cli::kMaxLineBytes - 5, 'b')).find("malformed move"), std::string::npos);
  EXPECT_EQ(ok(s, "result"), "ongoing attackers");
}

TEST(EngineSession, SearchPlayersReportInfoAndTakeBudgets) {
  auto s = brandubh("uniform-mcts:sims=64");
  std::string answer = s.handle("genmove");
  expectFramed(answer, "genmove");
  ASSERT_EQ(answer.rfind("info visits ", 0), 0u) << answer;
  const auto lines = linesOf(answer);
  ASSERT_EQ(lines.size(), 3u) << answer;  // info, status, the empty line
  std::istringstream info(lines[0]);
  std::string word, pvWord, first;
  int visits = 0;
  double value = 2;
  info >> word >> word >> visits >> word >> value >> pvWord >> first;
  EXPECT_GE(visits, 64);
  EXPECT_GE(value, -1.0);
  EXPECT_LE(value, 1.0);
  EXPECT_EQ(pvWord, "pv");
  const std::string move = lines[1].substr(2);
  EXPECT_EQ(first.rfind(move, 0), 0u) << answer;  // the pv starts with the move played (with its marks)

  // A budget replaces the spec's simulations for that genmove.
  ok(s, "undo");
  answer = s.handle("genmove sims 8");
  EXPECT_EQ(answer.rfind("info visits 8 ", 0), 0u) << answer;
  EXPECT_EQ(ok(s, "player"), "uniform-mcts:sims=64");  // the spec itself is unchanged
  // A time budget: the search stops by the clock and says how fast and how long it searched.
  ok(s, "undo");
  answer = s.handle("genmove ms 30");
  expectFramed(answer, "genmove ms 30");
  EXPECT_EQ(answer.rfind("info visits ", 0), 0u) << answer;
  EXPECT_NE(answer.find("\ninfo simulations "), std::string::npos) << answer;
  EXPECT_NE(answer.find(" budget 30 used "), std::string::npos) << answer;

  // Players without a search answer without info; alpha-beta takes a time budget.
  EXPECT_EQ(ok(s, "player alphabeta:depth=2"), "alphabeta:depth=2");
  answer = s.handle("genmove ms 20");
  expectFramed(answer, "genmove ms 20");
  EXPECT_EQ(answer.rfind("= ", 0), 0u) << answer;
  EXPECT_NE(refused(s, "genmove sims 10").find("player 'alphabeta:depth=2' takes no budget 'sims'"), std::string::npos);
}

// A budget changes the search, not the player: the next search starts from the subtree of
// the move just played.
TEST(EngineSession, BudgetsKeepTheSearchTree) {
  auto s = brandubh("uniform-mcts:sims=400");
  s.handle("genmove");
  std::istringstream next(linesOf(s.handle("genmove sims 8"))[0]);
  std::string word;
  int visits = 0;
  next >> word >> word >> visits;
  EXPECT_GT(visits, 8) << "the subtree of the move played was not kept";
}

// A search player is told the moves played to it: after `play` of the reply its search
// foresaw, it keeps that subtree, so its next root has more visits than one search gives.
TEST(EngineSession, PlayedMovesKeepTheSearchTree) {
  auto s = brandubh("uniform-mcts:sims=400");
  const auto lines = linesOf(s.handle("genmove"));
  std::istringstream info(lines[0]);
  std::string word, first, reply;
  for (int i = 0; i < 6; ++i) info >> word;  // info visits V value X pv
  info >> first >> reply;
  ASSERT_FALSE(reply.empty()) << lines[0];
  ok(s, "play " + reply);
  std::istringstream next(linesOf(s.handle("genmove"))[0]);
  int visits = 0;
  next >> word >> word >> visits;
  EXPECT_GT(visits, 400) << "the subtree of the played reply was not kept";
}

TEST(EngineSession, VariantsResetTheGame) {
  auto s = brandubh();
  ok(s, "play d7-e7");
  EXPECT_EQ(ok(s, "variant brandubh first=defenders"), "brandubh");
  EXPECT_EQ(ok(s, "result"), "ongoing defenders");
  EXPECT_NE(refused(s, "undo").find("nothing to undo"), std::string::npos);
  EXPECT_EQ(ok(s, "variant " + configDir() + "/variants/linnaeus.yaml"), "linnaeus");
  EXPECT_EQ(ok(s, "play e3-b3"), "");
  EXPECT_EQ(ok(s, "variant morris"), "morris");
  EXPECT_EQ(ok(s, "result"), "ongoing white");
  EXPECT_EQ(ok(s, "player"), "greedy");
}

TEST(EngineSession, MorrisTurnsIncludeTheirRemoval) {
  EngineSession a("morris", {}, parseAgentSpec("greedy"), 1), b("morris", {}, parseAgentSpec("random"), 1);
  const std::string position = "position WW.B.................... white 7 7 4";
  ok(a, position);
  ok(b, position);
  const std::string move = ok(a, "genmove");
  EXPECT_EQ(move, "a7xb2");  // the mill, with the removal it earns, in one turn
  EXPECT_EQ(ok(b, "play " + move), "");
  EXPECT_EQ(ok(a, "show"), ok(b, "show"));
  EXPECT_NE(refused(b, "play a7").find("a7"), std::string::npos);  // black to move; a7 is taken
}

TEST(EngineSession, TwoSessionsPlayAWholeGame) {
  EngineSession a("brandubh", {}, parseAgentSpec("random"), 3), b("brandubh", {}, parseAgentSpec("greedy"), 4);
  int turns = 0;
  for (std::string status = ok(a, "result"); status.rfind("ongoing", 0) == 0; status = ok(a, "result")) {
    ASSERT_LT(++turns, 2000);
    EngineSession& mover = status == "ongoing attackers" ? a : b;
    EngineSession& other = &mover == &a ? b : a;
    const std::string legal = " " + ok(other, "legal") + " ";
    const std::string move = ok(mover, "genmove");
    EXPECT_NE(legal.find(" " + move + " "), std::string::npos) << move;
    ASSERT_EQ(ok(other, "play " + move), "") << move;
  }
  const std::string result = ok(a, "result");
  EXPECT_EQ(ok(b, "result"), result);
  EXPECT_TRUE(result.rfind("attackers ", 0) == 0 || result.rfind("defenders ", 0) == 0 ||
              result.rfind("draw ", 0) == 0)
      << result;
  EXPECT_EQ(ok(a, "legal"), "");
  EXPECT_NE(refused(a, "genmove").find("the game is over: " + result), std::string::npos);
  EXPECT_NE(refused(b, "play d7-e7").find("the game is over"), std::string::npos);
  EXPECT_EQ(ok(b, "undo"), "");
  EXPECT_EQ(ok(b, "result").rfind("ongoing ", 0), 0u);
}

TEST(EngineSession, FuzzedLinesAreAlwaysAnswered) {
  const std::vector<std::string> corpus = {
      "protocol_version", "name", "help", "variant", "variant brandubh", "variant morris",
      "variant brandubh first=defenders", "variant linnaeus king.capture=strong", "position startpos",
      "position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ defenders", "position ........................ white 9 9 0",
      "play d7-e7", "play e3-b3", "play d2", "play d2-d3xa1", "play d3-c3", "genmove", "genmove sims 3",
      "genmove ms 5", "legal", "show", "undo", "result", "player", "player random", "player greedy"};
  const int runs = std::getenv("TAFLZERO_FUZZ_RUNS") ? std::atoi(std::getenv("TAFLZERO_FUZZ_RUNS")) : 4000;
  std::mt19937_64 rng(20240601);
  auto pick = [&rng](size_t n) { return size_t(rng() % n); };
  std::optional<EngineSession> session;
  session.emplace("brandubh", std::vector<std::string>{}, parseAgentSpec("greedy"), 1);
  for (int run = 0; run < runs; ++run) {
    std::string line;
    switch (pick(5)) {
      case 0:  // random bytes (no newline)
        for (size_t n = pick(80); n > 0; --n) line += char(1 + pick(255));
        break;
      case 1:  // a command from the corpus, as it is
        line = corpus[pick(corpus.size())];
        break;
      case 2:  // two corpus lines spliced
        line = corpus[pick(corpus.size())].substr(0, pick(20)) + corpus[pick(corpus.size())];
        break;
      case 3:  // a long line, sometimes over the limit
        line = corpus[pick(corpus.size())] + " " + std::string(pick(2) ? 70000 : pick(3000), char('!' + pick(90)));
        break;
      default:  // a corpus line with bytes replaced, inserted or erased
        line = corpus[pick(corpus.size())];
        for (size_t edits = 1 + pick(4); edits > 0; --edits) {
          const size_t at = pick(line.size() + 1);
          const char c = pick(3) ? char(' ' + pick(95)) : char(pick(256));
          if (pick(3) == 0 && at < line.size()) line.erase(at, 1);
          else if (pick(2) && at < line.size()) line[at] = c;
          else line.insert(at, 1, c);
        }
    }
    if (line.find('\n') != std::string::npos) line.erase(line.find('\n'));
    const std::string answer = session->handle(line);
    expectFramed(answer, line);
    if (::testing::Test::HasFailure()) return;
    if (session->finished()) session.emplace("brandubh", std::vector<std::string>{}, parseAgentSpec("greedy"), 1);  // a mutated "quit"
  }
  EXPECT_EQ(session->handle("protocol_version"), "= 1\n\n");
}

TEST(EngineLineReader, KeepsTheStartOfHugeLines) {
  std::istringstream in("abc\r\n\n" + std::string(200000, 'z') + "\nlast");
  std::string line;
  size_t length = 0;
  ASSERT_TRUE(cli::readLine(in, line, length, 100));
  EXPECT_EQ(line, "abc\r");
  EXPECT_EQ(length, 4u);
  ASSERT_TRUE(cli::readLine(in, line, length, 100));
  EXPECT_EQ(length, 0u);
  ASSERT_TRUE(cli::readLine(in, line, length, 100));
  EXPECT_EQ(line, std::string(100, 'z'));
  EXPECT_EQ(length, 200000u);
  ASSERT_TRUE(cli::readLine(in, line, length, 100));
  EXPECT_EQ(line, "last");
  EXPECT_FALSE(cli::readLine(in, line, length, 100));
}

// A file holding `text`, for the engine's stdin.
std::string inputFile(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(EngineCli, AnswersEveryLineOfGarbageAndEndsAtEof) {
  std::string input = "protocol_version\n\n" + std::string(3 << 20, 'x') + "\nplay d7-e7\n";
  input += std::string("\0\x01\x02\xfe\xff garbage\n", 14) + "genmove\nresult";  // no newline at the end
  const auto r = runCli("engine --variant brandubh < " + inputFile("engine_garbage.txt", input), false);
  EXPECT_EQ(r.code, 0) << r.out.substr(0, 400);
  size_t answers = 0;
  for (size_t at = r.out.find("\n\n"); at != std::string::npos; at = r.out.find("\n\n", at + 2)) ++answers;
  EXPECT_EQ(answers, 7u) << r.out.substr(0, 600);
  EXPECT_LT(r.out.size(), 2000u);
  EXPECT_NE(r.out.find("? line of 3145728 bytes refused"), std::string::npos) << r.out.substr(0, 600);
  EXPECT_NE(r.out.find("= ongoing attackers\n\n"), std::string::npos) << r.out;
}

// A NUL byte in a quoted word cut the answer short at it (issue 38, item 8): it is shown as
// '?' like every other control byte.
TEST(EngineCli, NulBytesAreShownAsQuestionMarks) {
  std::string input = "name@\nvariant no@where\nplayer mini@max\nplay d7@-e7\n";
  std::replace(input.begin(), input.end(), '@', '\0');
  const auto r = runCli("engine --variant brandubh < " + inputFile("engine_nul.txt", input), false);
  EXPECT_EQ(r.code, 0);
  for (const std::string answer : {"? unknown command 'name?' (help lists the commands)\n\n",
                                   "? unknown variant 'no?where': expected one of ",
                                   "? unknown player 'mini?max': expected one of ",
                                   "? malformed move 'd7?-e7': expected "}) {
    EXPECT_NE(r.out.find(answer), std::string::npos) << answer << "\n" << r.out.substr(0, 800);
  }
}

TEST(EngineCli, StopsReadingAtQuit) {
  const auto r = runCli("engine --variant morris --player random < " +
                        inputFile("engine_quit.txt", "name\nquit\nname\n"), false);
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "= taflzero\n\n= \n\n");
}

TEST(EngineCli, BadCommandLineIsAOneLineError) {
  expectOneLineError("engine --variant brandubh --player minimax < /dev/null", "unknown player 'minimax'");
  expectOneLineError("engine --variant nowhere < /dev/null", "unknown variant 'nowhere'");
}

TEST(EngineMatch, TwoEngineProcessesPlayAGameThroughTheDriver) {
  if (std::system("python3 -c '' > /dev/null 2>&1") != 0) GTEST_SKIP() << "python3 is not installed";
  const char* bin = std::getenv("TAFLZERO_BIN");
  ASSERT_NE(bin, nullptr);
  const std::string driver = std::string(TAFLZERO_SOURCE_DIR) + "/scripts/engine_match.py";
  for (const std::string& players : {std::string("--variant brandubh --a random --b uniform-mcts:sims=16"),
                                     std::string("--variant morris --a greedy --b random")}) {
    const std::string cmd = "timeout 300 python3 " + driver + " --binary " + bin + " " + players + " 2>&1";
    FILE* pipe = popen(cmd.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string out;
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
    EXPECT_EQ(pclose(pipe), 0) << out;
    const auto lines = linesOf(out);
    ASSERT_GE(lines.size(), 3u) << out;
    EXPECT_EQ(lines.front().rfind("A = ", 0), 0u) << out;
    EXPECT_EQ(lines[1].rfind("   1. ", 0), 0u) << out;
    EXPECT_EQ(lines.back().rfind("result: ", 0), 0u) << out;
    EXPECT_EQ(lines.back().find("ongoing"), std::string::npos) << out;
    if (players.find("mcts") != std::string::npos) {
      EXPECT_NE(out.find("[visits "), std::string::npos) << out;
    }
  }
}

}  // namespace
}  // namespace tz::test
