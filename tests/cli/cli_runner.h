#pragma once
// Runs the taflzero binary (path in $TAFLZERO_BIN) and captures its output and exit code.
#include <gtest/gtest.h>
#include <sys/wait.h>

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

/// Runs `taflzero <args>`; `args` is passed through the shell.
inline CliResult runCli(const std::string& args, bool mergeStderr = true) {
  const char* bin = std::getenv("TAFLZERO_BIN");
  EXPECT_NE(bin, nullptr) << "TAFLZERO_BIN is not set (run through ctest)";
  CliResult r;
  if (!bin) return r;
  const std::string cmd = std::string(bin) + " " + args + (mergeStderr ? " 2>&1" : " 2>/dev/null");
  FILE* pipe = popen(cmd.c_str(), "r");
  std::array<char, 4096> buf{};
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  const int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace tz::test
