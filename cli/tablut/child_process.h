#pragma once
// A shell command run in its own process group with its output in a log file, for the
// programs a match starts (the server, the opponent): the whole group is killed when the
// object goes, and on SIGINT, SIGTERM or SIGHUP of the runner once stopChildrenOnSignal()
// has been called, so no child outlives the match.
#include <sys/types.h>

#include <string>

namespace tz::cli::tablut {

/// One running `sh -c COMMAND` and every process it starts (its process group).
class ChildProcess {
 public:
  /// Starts `sh -c command` in a new process group, stdin from /dev/null, stdout and stderr
  /// appended to `logPath`. Throws Error when the log cannot be opened or the shell started.
  ChildProcess(const std::string& command, const std::string& logPath);
  /// Stops the group (stop()).
  ~ChildProcess();
  /// Not copyable: one owner per process group.
  ChildProcess(const ChildProcess&) = delete;
  /// Not copyable: one owner per process group.
  ChildProcess& operator=(const ChildProcess&) = delete;

  /// Whether the shell has exited (it is reaped then; the rest of its group may live on).
  bool exited();
  /// How the shell ended, "exit status 1" or "killed by signal 9"; "" while it runs.
  std::string exitDescription() const;
  /// Ends the whole group: SIGTERM, then SIGKILL to whatever is left after a grace of two
  /// seconds; reaps the shell. Does nothing the second time.
  void stop();

 private:
  pid_t pid_;       // the shell, leader of the group
  int status_ = 0;  // its wait status, once exited
  bool reaped_ = false;
  bool stopped_ = false;
};

/// Makes SIGINT, SIGTERM and SIGHUP kill the group of every ChildProcess alive before the
/// runner dies of the signal as it would have.
void stopChildrenOnSignal();

}  // namespace tz::cli::tablut
