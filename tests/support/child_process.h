#pragma once
// Starting the taflzero binary ($TAFLZERO_BIN) as a child process, to kill it or wait for it.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace tz::test {

/// The path of the taflzero binary under test.
inline std::string taflzeroBinary() {
  const char* bin = std::getenv("TAFLZERO_BIN");
  EXPECT_NE(bin, nullptr) << "TAFLZERO_BIN is not set (run through ctest)";
  return bin ? bin : "taflzero";
}

/// Starts `taflzero <args>` with its output discarded; returns the child's pid.
inline pid_t startTaflzero(const std::vector<std::string>& args) {
  const std::string bin = taflzeroBinary();
  const pid_t pid = fork();
  if (pid == 0) {
    std::freopen("/dev/null", "w", stdout);
    std::freopen("/dev/null", "w", stderr);
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

}  // namespace tz::test
