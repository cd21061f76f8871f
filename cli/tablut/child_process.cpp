#include "cli/tablut/child_process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "game/base/error.h"

extern char** environ;

namespace tz::cli::tablut {

namespace {

// The groups a signal handler kills: a fixed table, since a handler may not allocate.
std::array<std::atomic<pid_t>, 16> liveGroups{};

// Enters a group in the table (when it is full the group is still stopped by its owner).
void remember(pid_t group) {
  for (auto& slot : liveGroups) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, group)) return;
  }
}

// Takes a group out of the table.
void forget(pid_t group) {
  for (auto& slot : liveGroups) {
    pid_t expected = group;
    slot.compare_exchange_strong(expected, 0);
  }
}

// Kills every group alive, then dies of the signal as the runner would have.
void onSignal(int signal) {
  for (auto& slot : liveGroups) {
    const pid_t group = slot.load();
    if (group > 0) kill(-group, SIGKILL);
  }
  std::signal(signal, SIG_DFL);
  raise(signal);
}

// Whether a process of `group` still runs: a zombie (dead, waiting for its parent to reap
// it) does not count. Read from /proc/PID/stat: "pid (name) state ppid pgrp ...".
bool groupAlive(pid_t group) {
  if (kill(-group, 0) != 0 && errno != EPERM) return false;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    const size_t name = line.rfind(')');
    if (name == std::string::npos) continue;
    std::istringstream fields(line.substr(name + 1));
    char state = 0;
    long parent = 0, processGroup = 0;
    if (fields >> state >> parent >> processGroup && processGroup == group && state != 'Z') return true;
  }
  return false;
}

}  // namespace

ChildProcess::ChildProcess(const std::string& command, const std::string& logPath) {
  const int log = open(logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log < 0) throw Error("cannot write the log " + logPath + ": " + std::strerror(errno));
  posix_spawn_file_actions_t files;
  posix_spawnattr_t attributes;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&files, log, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&files, log, STDERR_FILENO);
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);  // a group of its own, led by the shell
  const char* argv[] = {"sh", "-c", command.c_str(), nullptr};
  const int failed = posix_spawn(&pid_, "/bin/sh", &files, &attributes, const_cast<char**>(argv), environ);
  posix_spawn_file_actions_destroy(&files);
  posix_spawnattr_destroy(&attributes);
  close(log);
  if (failed != 0) throw Error("cannot start sh -c " + quoted(command) + ": " + std::strerror(failed));
  remember(pid_);
}

ChildProcess::~ChildProcess() { stop(); }

bool ChildProcess::exited() {
  if (!reaped_ && waitpid(pid_, &status_, WNOHANG) == pid_) reaped_ = true;
  return reaped_;
}

std::string ChildProcess::exitDescription() const {
  if (!reaped_) return "";
  if (WIFSIGNALED(status_)) return "killed by signal " + std::to_string(WTERMSIG(status_));
  return "exit status " + std::to_string(WEXITSTATUS(status_));
}

void ChildProcess::stop() {
  if (stopped_) return;
  stopped_ = true;
  kill(-pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while ((!exited() || groupAlive(pid_)) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill(-pid_, SIGKILL);
  if (!reaped_ && waitpid(pid_, &status_, 0) == pid_) reaped_ = true;
  forget(pid_);
}

void stopChildrenOnSignal() {
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction action {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    sigaction(signal, &action, nullptr);
  }
}

}  // namespace tz::cli::tablut
