#pragma once
// The processes of one distributed training run over loopback, for tests: rank 0 starts
// first on a port the system picks (MASTER_PORT=0; it says which on stderr), the other
// ranks then join it, so parallel tests never race for a port.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "tests/support/child_process.h"
#include "training/matches/records.h"

namespace tz::test {

/// The whole text of a file ("" when missing).
inline std::string fileText(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The processes of one distributed run in a fresh temporary folder (run/, and each rank's
/// output files).
struct Cluster {
  std::filesystem::path dir;
  int port = 0;      // the store's port, once rank 0 said it
  int world = 3;     // WORLD_SIZE
  int learners = 1;  // LEARNERS

  /// A run of `worldSize` processes, `learnerCount` of them learners, in a folder named after `name`.
  Cluster(const std::string& name, int worldSize, int learnerCount = 1) : world(worldSize), learners(learnerCount) {
    dir = std::filesystem::path(::testing::TempDir()) / (name + "_" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~Cluster() { std::filesystem::remove_all(dir); }
  /// The run directory.
  std::string run() const { return (dir / "run").string(); }
  /// Rank `rank`'s stdout and stderr files.
  std::filesystem::path out(int rank) const { return dir / ("rank" + std::to_string(rank) + ".out"); }
  std::filesystem::path err(int rank) const { return dir / ("rank" + std::to_string(rank) + ".err"); }

  /// Starts `rank` on `config` (extra arguments after the run directory) with the variables.
  pid_t start(int rank, const std::string& config, const std::vector<std::string>& extra = {}) const {
    std::vector<std::string> args{"train", config, "--run", run(), "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const ChildEnvironment env{{"MASTER_ADDR", "127.0.0.1"}, {"MASTER_PORT", std::to_string(port)},
                               {"RANK", std::to_string(rank)}, {"WORLD_SIZE", std::to_string(world)},
                               {"LEARNERS", std::to_string(learners)}};
    return startTaflzero(args, env, out(rank).string(), err(rank).string());
  }
  /// Starts rank 0 on a port of the system's choice and waits (30 s at most) until it says
  /// which; `port` is 0 when it did not.
  pid_t startCoordinator(const std::string& config, const std::vector<std::string>& extra = {}) {
    port = 0;
    std::filesystem::remove(err(0));  // an earlier rank 0's words are not this one's
    const pid_t pid = start(0, config, extra);
    const std::regex said("the run's store listens on 127\\.0\\.0\\.1:([0-9]+)");
    std::smatch m;
    for (int i = 0; i < 600 && port == 0; ++i) {
      const std::string text = fileText(err(0));
      if (std::regex_search(text, m, said)) port = std::stoi(m[1]);
      else std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_NE(port, 0) << "rank 0 never said its port: " << fileText(err(0));
    return pid;
  }
  /// Starts `rank` on `config` with the distributed flags instead of the variables.
  pid_t startWithFlags(int rank, const std::string& config) const {
    const std::vector<std::string> args{"train",         config, "--run", run(), "--json", "--master-addr", "127.0.0.1",
                                        "--master-port", std::to_string(port), "--rank", std::to_string(rank),
                                        "--world-size",  std::to_string(world), "--learners", std::to_string(learners)};
    return startTaflzero(args, {}, out(rank).string(), err(rank).string());
  }
  /// The JSON object rank `rank` printed last.
  nlohmann::json result(int rank) const {
    std::istringstream lines(fileText(out(rank)));
    std::string line, last;
    while (std::getline(lines, line))
      if (!line.empty()) last = line;
    return last.empty() ? nlohmann::json{} : nlohmann::json::parse(last);
  }
  /// Rank 0's stored self-play games: (count, distinct ids).
  std::pair<size_t, size_t> stored() const {
    RecordStore store((std::filesystem::path(run()) / "records.sqlite").string());
    std::set<int64_t> ids;
    const auto games = store.gamesByTag("selfplay");
    for (const auto& g : games) ids.insert(g.id);
    return {games.size(), ids.size()};
  }
  /// The distinct move sequences of the stored self-play games.
  size_t distinctGames() const {
    RecordStore store((std::filesystem::path(run()) / "records.sqlite").string());
    std::set<std::string> moves;
    for (const auto& g : store.gamesByTag("selfplay")) moves.insert(g.moves);
    return moves.size();
  }
};

/// Starts scripts/launch_local.sh with `n` ranks, `learners` of them learners, on `config`
/// in `c`'s run directory (MASTER_PORT=0; --json for rank 0); its output goes to rank 0's files.
inline pid_t launchLocal(const Cluster& c, int n, int learners, const std::string& config) {
  const std::string script = std::string(TAFLZERO_SOURCE_DIR) + "/scripts/launch_local.sh";
  const std::string bin = taflzeroBinary();
  const pid_t pid = fork();
  if (pid == 0) {
    std::freopen(c.out(0).c_str(), "w", stdout);
    std::freopen(c.err(0).c_str(), "w", stderr);
    setenv("MASTER_PORT", "0", 1);  // rank 0 picks a free port; the script passes it on
    setenv("LEARNERS", std::to_string(learners).c_str(), 1);
    setenv("TAFLZERO_BIN", bin.c_str(), 1);
    execl("/bin/bash", "bash", script.c_str(), std::to_string(n).c_str(), config.c_str(), c.run().c_str(), "--json",
          nullptr);
    _exit(127);
  }
  return pid;
}

/// Waits until rank 0 has stored at least `games` self-play games (false after `seconds`).
inline bool waitForGames(const Cluster& c, size_t games, double seconds) {
  for (double waited = 0; waited < seconds; waited += 0.1) {
    if (std::filesystem::exists(std::filesystem::path(c.run()) / "records.sqlite") && c.stored().first >= games)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

}  // namespace tz::test
