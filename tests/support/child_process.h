#pragma once
// Starting the taflzero binary ($TAFLZERO_BIN) as a child process, to kill it or wait for it.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace tz::test {

/// The path of the taflzero binary under test.
inline std::string taflzeroBinary() {
  const char* bin = std::getenv("TAFLZERO_BIN");
  EXPECT_NE(bin, nullptr) << "TAFLZERO_BIN is not set (run through ctest)";
  return bin ? bin : "taflzero";
}

/// Environment variables (name, value) set for a child.
using ChildEnvironment = std::vector<std::pair<std::string, std::string>>;

/// Starts `taflzero <args>` with `env` added to the environment and its output written to
/// `out` and `err` (discarded by default); returns the child's pid.
inline pid_t startTaflzero(const std::vector<std::string>& args, const ChildEnvironment& env = {},
                           const std::string& out = "/dev/null", const std::string& err = "/dev/null") {
  const std::string bin = taflzeroBinary();
  const pid_t pid = fork();
  if (pid == 0) {
    std::freopen(out.c_str(), "w", stdout);
    std::freopen(err.c_str(), "w", stderr);
    for (const auto& [name, value] : env) setenv(name.c_str(), value.c_str(), 1);
    std::vector<char*> argv{const_cast<char*>(bin.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(bin.c_str(), argv.data());
    _exit(127);
  }
  return pid;
}

/// Waits for a child; its exit status, or -1 when it did not exit normally.
inline int waitForExit(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// Waits at most `seconds` for a child; its exit status, -1 when it did not exit normally,
/// or -2 when it was still running (it is then killed).
inline int waitForExitWithin(pid_t pid, double seconds) {
  for (double waited = 0; waited < seconds; waited += 0.05) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    usleep(50000);
  }
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  return -2;
}

}  // namespace tz::test
