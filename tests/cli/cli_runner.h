#pragma once
// Runs the taflzero binary (path in $TAFLZERO_BIN), or any shell command, and captures its
// output and exit code.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace tz::test {

/// Output and exit status of one command.
struct CliResult {
  int code = -1;       // exit status
  std::string out;     // stdout and stderr together (stderr after "2>&1")
};

/// Runs the shell command `cmd` (stderr merged into the output when `mergeStderr`).
inline CliResult runShell(const std::string& cmd, bool mergeStderr = true) {
  CliResult r;
  const std::string line = cmd + (mergeStderr ? " 2>&1" : " 2>/dev/null");
  FILE* pipe = popen(line.c_str(), "r");
  if (!pipe) {
    ADD_FAILURE() << "cannot run " << line.substr(0, 200);
    return r;
  }
  std::array<char, 4096> buf{};
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  const int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

/// Runs `taflzero <args>`; `args` is passed through the shell.
inline CliResult runCli(const std::string& args, bool mergeStderr = true) {
  const char* bin = std::getenv("TAFLZERO_BIN");
  EXPECT_NE(bin, nullptr) << "TAFLZERO_BIN is not set (run through ctest)";
  if (!bin) return {};
  return runShell(std::string(bin) + " " + args, mergeStderr);
}

/// Runs `taflzero <args>` and expects a user error: exit status 2 and one line,
/// "taflzero: error: ...", holding `fragment`.
inline void expectOneLineError(const std::string& args, const std::string& fragment) {
  const CliResult r = runCli(args);
  const std::string shown = args.substr(0, 200);
  EXPECT_EQ(r.code, 2) << shown << "\n" << r.out.substr(0, 400);
  EXPECT_EQ(r.out.rfind("taflzero: error: ", 0), 0u) << shown << "\n" << r.out.substr(0, 400);
  EXPECT_NE(r.out.find(fragment), std::string::npos) << shown << "\n" << r.out.substr(0, 400);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out.substr(0, 400);
}

}  // namespace tz::test
