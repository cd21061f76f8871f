// Every command line the docs print (issue 76): each line of a fenced code block in README.md
// and docs/*.md that starts with `taflzero `, and each such inline span of README.md, is parsed by the program as written, with
// TAFLZERO_PARSE_ONLY set (cli/parse_only.h), so that a flag it no longer knows, a missing
// required option or a value out of range fails here. What the reader fills in gets a value
// of its kind first (N, T, SECONDS: a number), optional [brackets] are kept without their
// brackets, `...` is dropped and of alternatives (white|black) the first is taken; a
// trailing # comment, redirection or pipe is cut.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "tests/cli/cli_runner.h"

namespace tz::test {
namespace {

namespace fs = std::filesystem;

// A command line of a doc: where it is ("docs/COMMANDS.md:25") and its text (continuation
// lines joined).
struct DocCommand {
  std::string where, line;
};

// The `taflzero ...` spans of inline code in `line` (README.md's one-liners: the page a new
// user follows literally, where docs/ spans are often a command's name in a sentence).
std::vector<std::string> inlineCommands(const std::string& line) {
  std::vector<std::string> out;
  const std::regex span("`(taflzero [^`]*)`");
  for (auto it = std::sregex_iterator(line.begin(), line.end(), span); it != std::sregex_iterator(); ++it) {
    out.push_back((*it)[1].str());
  }
  return out;
}

// The `taflzero ...` lines of fenced code blocks in README.md and docs/*.md, and README.md's
// inline ones.
std::vector<DocCommand> documentedCommands() {
  const fs::path root(TAFLZERO_SOURCE_DIR);
  std::vector<fs::path> docs{root / "README.md"};
  for (const auto& entry : fs::directory_iterator(root / "docs")) {
    if (entry.path().extension() == ".md") docs.push_back(entry.path());
  }
  std::vector<DocCommand> commands;
  for (const fs::path& doc : docs) {
    std::ifstream in(doc);
    bool inside = false;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      if (line.rfind("```", 0) == 0) {
        inside = !inside;
        continue;
      }
      const std::string where = fs::relative(doc, root).string() + ":" + std::to_string(number);
      if (!inside && doc.filename() == "README.md" && doc.parent_path() == root) {
        for (const std::string& command : inlineCommands(line)) commands.push_back({where, command});
      }
      const size_t start = line.find_first_not_of(' ');
      if (!inside || start == std::string::npos || line.compare(start, 9, "taflzero ") != 0) continue;
      DocCommand c{where, line.substr(start)};
      while (!c.line.empty() && c.line.back() == '\\' && std::getline(in, line)) {
        ++number;
        c.line.pop_back();
        c.line += " " + line.substr(std::min(line.size(), line.find_first_not_of(' ')));
      }
      commands.push_back(c);
    }
  }
  return commands;
}

// The words of `line` as the shell splits them ('...', "..." and $(...) kept whole, with
// their quotes).
std::vector<std::string> shellWords(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote == 0 && (c == ' ' || c == '\t')) {
      if (!word.empty()) words.push_back(word);
      word.clear();
      continue;
    }
    if (quote == 0 && (c == '\'' || c == '"')) quote = c;
    else if (quote == 0 && c == '$' && i + 1 < line.size() && line[i + 1] == '(') quote = ')';
    else if (c == quote) quote = 0;
    word += c;
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

// The arguments after `taflzero` of a documented line, as the program is given them here.
std::string parseableArguments(const std::string& line) {
  // What a reader fills in where a number is expected.
  static const std::set<std::string> kNumbers = {"N", "T", "M", "G", "S", "D", "P", "K", "R", "SECONDS"};
  std::string out;
  const std::vector<std::string> words = shellWords(line);
  for (size_t i = 1; i < words.size(); ++i) {
    std::string w = words[i];
    if (w[0] == '#' || w == ">" || w == "|" || w == "2>" || w == "<") break;  // a comment, a redirection, a pipe
    if (w.rfind("$(", 0) == 0) w = "abc1234";  // a command's output: the shell's work, not ours
    if (w[0] != '\'' && w[0] != '"') {
      w.erase(std::remove(w.begin(), w.end(), '['), w.end());
      w.erase(std::remove(w.begin(), w.end(), ']'), w.end());
      if (std::regex_match(w, std::regex("[A-Za-z-]+(\\|[A-Za-z-]+)+"))) w = w.substr(0, w.find('|'));
      if (kNumbers.count(w)) w = "2";
    }
    if (w.empty() || w == "...") continue;
    out += (out.empty() ? "" : " ") + w;
  }
  return out;
}

// Runs `taflzero <arguments>` in an empty folder with TAFLZERO_PARSE_ONLY set.
CliResult parseOnly(const std::string& arguments) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("docs_commands_" + std::to_string(getpid()));
  fs::create_directories(dir);
  return runShell("cd " + dir.string() + " && TAFLZERO_PARSE_ONLY=1 " + std::getenv("TAFLZERO_BIN") + " " + arguments +
                  " < /dev/null");
}

TEST(DocsCommands, EveryDocumentedCommandLineParses) {
  const std::vector<DocCommand> commands = documentedCommands();
  EXPECT_GE(commands.size(), 50u);
  for (const DocCommand& c : commands) {
    const std::string arguments = parseableArguments(c.line);
    const CliResult r = parseOnly(arguments);
    if (r.out.find("needs the LibTorch build") != std::string::npos) continue;  // a build without it
    EXPECT_EQ(r.code, 0) << c.where << ": " << c.line << "\nrun as: taflzero " << arguments << "\n" << r.out;
  }
}

// The check fails on a flag the program does not know, and runs nothing it parses.
TEST(DocsCommands, AChangedFlagFailsAndNothingRuns) {
  const CliResult wrong = parseOnly("arena --variant brandubh --a random --b greedy --games 3 --gamez 3 --db m.db");
  EXPECT_EQ(wrong.code, 2) << wrong.out;
  EXPECT_NE(wrong.out.find("--gamez"), std::string::npos) << wrong.out;
  EXPECT_EQ(parseOnly("arena --variant brandubh --a random --b greedy --db m.db").code, 2);  // --games is required
  EXPECT_EQ(parseOnly("arena --variant brandubh --a random --b greedy --games 0 --db m.db").code, 2);  // out of range
  const fs::path dir = fs::path(::testing::TempDir()) / ("docs_commands_" + std::to_string(getpid()));
  const CliResult right = parseOnly("arena --variant brandubh --a random --b greedy --games 3 --db m.db");
  EXPECT_EQ(right.code, 0) << right.out;
  EXPECT_EQ(right.out, "");
  EXPECT_FALSE(fs::exists(dir / "m.db"));  // parsed, not played
  fs::remove_all(dir);
}

TEST(DocsCommands, WhatTheReaderFillsInGetsAValueOfItsKind) {
  EXPECT_EQ(parseableArguments("taflzero engine [--variant NAME|PATH] [--set KEY=VALUE ...] [--seed S]   # a comment"),
            "engine --variant NAME --set KEY=VALUE --seed 2");
  EXPECT_EQ(parseableArguments("taflzero tablut-client --side white|black --timeout SECONDS --player 'a b' > x.log"),
            "tablut-client --side white --timeout 2 --player 'a b'");
  EXPECT_EQ(parseableArguments("taflzero arena --a egtb:DIR|greedy --b \"x # y\" --c $(git rev-parse HEAD) --d e"),
            "arena --a egtb:DIR|greedy --b \"x # y\" --c abc1234 --d e");
}

}  // namespace
}  // namespace tz::test
